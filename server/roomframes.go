package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// Bounds on what a presenter's and a follower's room messages may carry: the
// room keeps them and sends them to every follower.
const (
	maxViewBytes    = 32
	maxBreakpoints  = 16
	maxNameBytes    = 32 // a breakpoint's name
	maxQuestionID   = 64
	maxPromptBytes  = 500
	maxChoices      = 12
	maxAnswerBytes  = 64
	maxDistinctFree = 32 // different free answers one question keeps
)

// roomFrame answers create-room (with the presenter's token) and join-room.
type roomFrame struct {
	Type  string `json:"type"`
	Code  string `json:"code"`
	Role  string `json:"role"`
	Token string `json:"token,omitempty"`
}

type roomCountFrame struct {
	Type      string `json:"type"`
	Followers int    `json:"followers"`
}

// roomClosedFrame tells the pages of a room that it has closed, and why.
type roomClosedFrame struct {
	Type    string `json:"type"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// presenterFrame tells followers that the presenter's connection was lost, or is back.
type presenterFrame struct {
	Type    string `json:"type"`
	Here    bool   `json:"here"`
	Message string `json:"message"`
}

// cursorFrame is what the presenter shows: step k, the selected node, the
// view and the breakpoints. The room relays it rebuilt from these fields, so
// nothing else a presenter sends reaches the followers.
type cursorFrame struct {
	Type        string          `json:"type"`
	K           int             `json:"k"`
	Selected    int             `json:"selected"`
	View        string          `json:"view,omitempty"`
	Breakpoints map[string]bool `json:"breakpoints,omitempty"`
	SentAt      int64           `json:"sentAt"` // server time in µs since 1970, for measuring the delay to followers
}

func newCursorFrame(cmd roomCommand) (cursorFrame, error) {
	bad := func(field, msg string) (cursorFrame, error) {
		return cursorFrame{}, errorFrame{Type: "error", Field: field, Message: msg}
	}
	switch {
	case cmd.K == nil || *cmd.K < 0:
		return bad("k", `A cursor needs "k", the step shown, a number 0 or more.`)
	case cmd.Selected < 0:
		return bad("selected", `A cursor's "selected" is a node id, 0 or more (0: none).`)
	case len(cmd.View) > maxViewBytes:
		return bad("view", fmt.Sprintf(`A cursor's "view" is a name of at most %d bytes.`, maxViewBytes))
	case len(cmd.Breakpoints) > maxBreakpoints:
		return bad("breakpoints", fmt.Sprintf("A cursor carries at most %d breakpoints.", maxBreakpoints))
	}
	for name := range cmd.Breakpoints {
		if len(name) == 0 || len(name) > maxNameBytes {
			return bad("breakpoints", fmt.Sprintf("A breakpoint's name has 1 to %d bytes.", maxNameBytes))
		}
	}
	return cursorFrame{Type: "cursor", K: *cmd.K, Selected: cmd.Selected, View: cmd.View,
		Breakpoints: cmd.Breakpoints, SentAt: time.Now().UnixMicro()}, nil
}

// errorFrame doubles as an error value, so validation can return it whole.
func (e errorFrame) Error() string { return e.Message }

// poll is the presenter's open question and its followers' answers.
type poll struct {
	id      string
	prompt  string
	choices []string
	answers map[*conn]string
	dirty   bool // the presenter has not seen the latest answer
}

// questionFrame tells followers the question they may answer ("" question: none open).
type questionFrame struct {
	Type     string   `json:"type"`
	Question string   `json:"question"`
	Prompt   string   `json:"prompt,omitempty"`
	Choices  []string `json:"choices,omitempty"`
}

// pollFrame is the distribution of answers, for the presenter.
type pollFrame struct {
	Type      string         `json:"type"`
	Question  string         `json:"question"`
	Answered  int            `json:"answered"`
	Followers int            `json:"followers"`
	Counts    map[string]int `json:"counts"`
}

func (p *poll) frame() []byte {
	f := questionFrame{Type: "question"}
	if p != nil {
		f.Question, f.Prompt, f.Choices = p.id, p.prompt, p.choices
	}
	b, _ := json.Marshal(f)
	return b
}

func (p *poll) tally(followers int) pollFrame {
	f := pollFrame{Type: "poll", Question: p.id, Answered: len(p.answers), Followers: followers, Counts: map[string]int{}}
	for _, c := range p.choices {
		f.Counts[c] = 0
	}
	for _, a := range p.answers {
		f.Counts[a]++
	}
	return f
}

// ask opens the presenter's question (an empty id closes it) and broadcasts it.
func (r *room) ask(c *conn, cmd roomCommand) {
	id := ""
	if cmd.Question != nil {
		id = *cmd.Question
	}
	bad := func(field, msg string) { c.queue(errorFrame{Type: "error", Field: field, Message: msg}) }
	switch {
	case len(id) > maxQuestionID:
		bad("question", fmt.Sprintf("A question's id has at most %d bytes.", maxQuestionID))
		return
	case len(cmd.Prompt) > maxPromptBytes:
		bad("prompt", fmt.Sprintf("A question's prompt has at most %d bytes.", maxPromptBytes))
		return
	case len(cmd.Choices) > maxChoices:
		bad("choices", fmt.Sprintf("A question offers at most %d choices.", maxChoices))
		return
	}
	for _, ch := range cmd.Choices {
		if ch == "" || len(ch) > maxAnswerBytes {
			bad("choices", fmt.Sprintf("Each choice has 1 to %d bytes.", maxAnswerBytes))
			return
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if id == "" {
		r.question = nil
	} else if r.question == nil || r.question.id != id {
		r.question = &poll{id: id, prompt: cmd.Prompt, choices: cmd.Choices, answers: map[*conn]string{}, dirty: true}
	}
	r.questionSeq++
	r.broadcast()
}

// answer records a follower's answer to the open question; answering again replaces it.
func (r *room) answer(c *conn, cmd roomCommand) {
	bad := func(field, msg string) { c.queue(errorFrame{Type: "error", Field: field, Message: msg}) }
	if cmd.Answer == nil || *cmd.Answer == "" || len(*cmd.Answer) > maxAnswerBytes {
		bad("answer", fmt.Sprintf(`An answer needs "answer", 1 to %d bytes.`, maxAnswerBytes))
		return
	}
	a := *cmd.Answer
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	switch {
	case q == nil || cmd.Question == nil || *cmd.Question != q.id:
		bad("question", "That question is not open any more; answer the one the presenter shows now.")
		return
	case len(q.choices) > 0 && !slices.Contains(q.choices, a):
		bad("answer", fmt.Sprintf("%q is not one of the choices.", a))
		return
	}
	if len(q.choices) == 0 {
		a = normalAnswer(a) // "3, inf" and "(3, ∞)" are one answer
		if a == "" {
			bad("answer", "That answer is only punctuation: type a value, a window like (3, ∞), or a word.")
			return
		}
		distinct := map[string]bool{}
		for _, v := range q.answers {
			distinct[v] = true
		}
		if !distinct[a] && len(distinct) >= maxDistinctFree {
			bad("answer", fmt.Sprintf("This question already has %d different answers, the most a poll keeps; pick one of them.", maxDistinctFree))
			return
		}
	}
	q.answers[c] = a
	q.dirty = true
}
