package server

import "github.com/pvscope/pvscope/server/session"

func scoreScaleOf(meta map[string]string) (*session.ScoreScale, error) {
	return session.ScoreScaleOf(meta)
}
