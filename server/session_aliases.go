package server

import (
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
