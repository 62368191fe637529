package server

import (
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// The search session's parts live in server/session, which builds for the
// browser too (the static site's worker); these are their names here.

type batchEncoder = session.BatchEncoder

func newBatchEncoder() *batchEncoder { return session.NewBatchEncoder() }

// The frames and the sentences they carry (session/frames.go).
type (
	command      = session.Command
	setupFields  = session.SetupFields
	errorFrame   = session.Error
	noticeFrame  = session.Notice
	startedFrame = session.Started
	statusFrame  = session.Status
	doneFrame    = session.Done
	resultFrame  = session.Result
	rawJSON      = session.RawJSON
	traceProblem = session.TraceProblem
	scoreScale   = session.ScoreScale
)

func said(id int64, field string, m *msg.Error) errorFrame { return session.Said(id, field, m) }
func notice(id int64, m *msg.Error) noticeFrame            { return session.NoticeOf(id, m) }
func keyOf(err error) (string, map[string]any)             { return session.KeyOf(err) }
func clipArg(s string, n int) string                       { return session.ClipArg(s, n) }
func quoted(s string) string                               { return session.Quoted(s) }
func sayOf(m *msg.Error) (string, error)                   { return session.SayOf(m) }

// The start command's check and what it needs (session/plan.go).
type plan = session.Plan

// What things cost, in bytes (session/plan.go says why).
const (
	eventBytes     = session.EventBytes
	chargeEvery    = session.ChargeEvery
	tableBytes     = session.TableBytes
	treeNodeBytes  = session.TreeNodeBytes
	treeBuildBytes = session.TreeBuildBytes
	pvHashBytes    = session.PVHashBytes
)

// sessionLimits are the limits a search session keeps.
func (l *Limits) sessionLimits() *session.Limits {
	return &session.Limits{MaxDepth: l.MaxDepth, MaxNodes: l.MaxNodes, MaxSearches: l.MaxSearches, MaxMemory: l.MaxMemory}
}

func check(c command, lim *Limits) (*plan, error) { return session.Check(c, lim.sessionLimits()) }
func searchShare(lim *Limits) (int64, int)        { return session.Share(lim.sessionLimits()) }
func mb(n int64) string                           { return session.MB(n) }
func treeNodes(s engine.TreeSpec) int64           { return session.TreeNodes(s) }
func tableSize(n int) int64                       { return session.TableSize(n) }
func treeJSON(t *engine.Tree) rawJSON             { return session.TreeJSON(t) }
func validationField(err error) string            { return session.ValidationField(err) }
func isOption(name string) bool                   { return session.IsOption(name) }
func errField(err error) string                   { return session.FieldOf(err) }

// Sentences for the page (session/errortext.go).
const (
	maxQuoted  = session.MaxQuoted
	maxMessage = session.MaxMessage
)

func sentence(s string) string    { return session.Sentence(s) }
func clip(s string, n int) string { return session.Clip(s, n) }
func article(word string) string  { return session.Article(word) }
func capitalized(s string) string { return session.Capitalized(s) }
