package rooms

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
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
	maxShownAnswers = 32 // different free answers the presenter's poll names; the rest are counted as others
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
	Type    string         `json:"type"`
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Key     string         `json:"key,omitempty"` // the message's key and parameters (session.KeyOf, server/session/frames.go)
	Args    map[string]any `json:"args,omitempty"`
}

// presenterFrame tells followers that the presenter's connection was lost, or is back.
type presenterFrame struct {
	Type    string         `json:"type"`
	Here    bool           `json:"here"`
	Message string         `json:"message"`
	Key     string         `json:"key,omitempty"` // the message's key and parameters (session.KeyOf, server/session/frames.go)
	Args    map[string]any `json:"args,omitempty"`
}

// with gives the frame its sentence.
func (f presenterFrame) with(m *msg.Error) presenterFrame {
	f.Message, f.Key, f.Args = m.Text, m.Key, m.Args
	return f
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
	bad := func(field string, m *msg.Error) (cursorFrame, error) {
		return cursorFrame{}, session.Said(0, field, m)
	}
	switch {
	case cmd.K == nil || *cmd.K < 0:
		return bad("k", msg.New("go-server.cursorK", `A cursor needs "k", the step shown, a number 0 or more.`))
	case cmd.Selected < 0:
		return bad("selected", msg.New("go-server.cursorSelected", `A cursor's "selected" is a node id, 0 or more (0: none).`))
	case len(cmd.View) > maxViewBytes:
		return bad("view", msg.New("go-server.cursorView", `A cursor's "view" is a name of at most {n} bytes.`, "n", maxViewBytes))
	case len(cmd.Breakpoints) > maxBreakpoints:
		return bad("breakpoints", msg.New("go-server.cursorBreakpoints", "A cursor carries at most {n} breakpoints.", "n", maxBreakpoints))
	}
	for name := range cmd.Breakpoints {
		if len(name) == 0 || len(name) > maxNameBytes {
			return bad("breakpoints", msg.New("go-server.breakpointName", "A breakpoint's name has 1 to {n} bytes.", "n", maxNameBytes))
		}
	}
	return cursorFrame{Type: "cursor", K: *cmd.K, Selected: cmd.Selected, View: cmd.View,
		Breakpoints: cmd.Breakpoints, SentAt: time.Now().UnixMicro()}, nil
}

// poll is the presenter's open question and the answers of the followers
// present: one each (answering again replaces it), gone when they go. So it
// holds at most a room's followers' answers of maxAnswerBytes each.
type poll struct {
	id      string
	prompt  string
	choices []string
	answers map[Member]string // by follower present
	dirty   bool              // the presenter has not seen the latest answer
}

// questionFrame tells followers the question they may answer ("" question: none open).
type questionFrame struct {
	Type     string   `json:"type"`
	Question string   `json:"question"`
	Prompt   string   `json:"prompt,omitempty"`
	Choices  []string `json:"choices,omitempty"`
}

// pollFrame is the distribution of answers, for the presenter: every choice,
// or the maxShownAnswers most given free answers, and how many answered otherwise.
type pollFrame struct {
	Type      string         `json:"type"`
	Question  string         `json:"question"`
	Answered  int            `json:"answered"`
	Followers int            `json:"followers"`
	Counts    map[string]int `json:"counts"`
	Others    int            `json:"others,omitempty"`
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
	if len(p.choices) > 0 || len(f.Counts) <= maxShownAnswers {
		return f
	}
	// Many different free answers: the presenter sees the most given ones,
	// so a few pages typing nonsense cannot push the class's answers out.
	type count struct {
		answer string
		n      int
	}
	all := make([]count, 0, len(f.Counts))
	for a, n := range f.Counts {
		all = append(all, count{a, n})
	}
	slices.SortFunc(all, func(x, y count) int { return cmp.Or(y.n-x.n, strings.Compare(x.answer, y.answer)) })
	for _, c := range all[maxShownAnswers:] {
		delete(f.Counts, c.answer)
		f.Others += c.n
	}
	return f
}

// ask opens the presenter's question (an empty id closes it) and broadcasts it.
func (r *room) ask(c Member, cmd roomCommand) {
	id := ""
	if cmd.Question != nil {
		id = *cmd.Question
	}
	bad := func(field string, m *msg.Error) { c.Queue(session.Said(0, field, m)) }
	switch {
	case len(id) > maxQuestionID:
		bad("question", msg.New("go-server.questionID", "A question's id has at most {n} bytes.", "n", maxQuestionID))
		return
	case len(cmd.Prompt) > maxPromptBytes:
		bad("prompt", msg.New("go-server.questionPrompt", "A question's prompt has at most {n} bytes.", "n", maxPromptBytes))
		return
	case len(cmd.Choices) > maxChoices:
		bad("choices", msg.New("go-server.questionChoices", "A question offers at most {n} choices.", "n", maxChoices))
		return
	}
	for _, ch := range cmd.Choices {
		if ch == "" || len(ch) > maxAnswerBytes {
			bad("choices", msg.New("go-server.choiceLength", "Each choice has 1 to {n} bytes.", "n", maxAnswerBytes))
			return
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if id == "" {
		r.question = nil
	} else if r.question == nil || r.question.id != id {
		r.question = &poll{id: id, prompt: cmd.Prompt, choices: cmd.Choices, answers: map[Member]string{}, dirty: true}
	}
	r.questionSeq++
	r.broadcast()
}

// answer records a follower's answer to the open question; answering again replaces it.
func (r *room) answer(c Member, cmd roomCommand) {
	bad := func(field string, m *msg.Error) { c.Queue(session.Said(0, field, m)) }
	if cmd.Answer == nil || *cmd.Answer == "" || len(*cmd.Answer) > maxAnswerBytes {
		bad("answer", msg.New("go-server.answerLength", `An answer needs "answer", 1 to {n} bytes.`, "n", maxAnswerBytes))
		return
	}
	a := *cmd.Answer
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	switch {
	case q == nil || cmd.Question == nil || *cmd.Question != q.id:
		bad("question", msg.New("go-server.questionClosed", "That question is not open any more; answer the one the presenter shows now."))
		return
	case len(q.choices) > 0 && !slices.Contains(q.choices, a):
		bad("answer", msg.New("go-server.notAChoice", "\"{answer}\" is not one of the choices.", "answer", session.Quoted(a)))
		return
	}
	if len(q.choices) == 0 {
		a = normalAnswer(a) // "3, inf" and "(3, ∞)" are one answer
		if a == "" {
			bad("answer", msg.New("go-server.answerPunctuation", "That answer is only punctuation: type a value, a window like (3, ∞), or a word."))
			return
		}
	}
	if _, ok := r.followers[c]; !ok {
		return // it has just been dropped: its answer goes with it
	}
	q.answers[c] = a
	q.dirty = true
}
