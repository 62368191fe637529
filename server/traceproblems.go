package server

import "github.com/pvscope/pvscope/server/session"

func scoreScaleOf(meta map[string]string) (*scoreScale, error) { return session.ScoreScaleOf(meta) }
