package uci

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Limits bound a conversation with an external engine. Zero fields take
// the defaults of DefaultLimits.
type Limits struct {
	Handshake time.Duration // for uciok and each readyok
	Search    time.Duration // for one go to end in bestmove
	Grace     time.Duration // after stop or quit, before the process is killed
	MaxOutput int64         // bytes the engine may print in all
	MaxNoise  int           // lines that are not UCI the engine may print
}

// DefaultLimits are generous for engines at inspection depths.
var DefaultLimits = Limits{Handshake: 10 * time.Second, Search: 2 * time.Minute, Grace: 2 * time.Second,
	MaxOutput: 32 << 20, MaxNoise: 1000}

// MaxEngineLine bounds one line from an engine; a longer one counts as noise.
const MaxEngineLine = 16 << 10

// Client drives one engine process. It is used by one goroutine; its own
// goroutines read the engine's output and wait for its exit.
type Client struct {
	Command string   // as given
	Label   string   // how sentences name the engine: the command unless told
	Name    string   // the engine's "id name", or the command
	Options []string // the option names it declared

	lim    Limits
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *tail
	noise  int

	done    chan struct{} // closed by Close: the reader stops passing lines on
	exited  chan struct{} // closed once the process is reaped
	waitErr error
	tooMuch atomic.Bool // the output passed MaxOutput; set before lines is closed (atomic: Send's failure reads it too)
	closed  sync.Once
}

// Start runs command (a program and its arguments, split on spaces: "pvscope
// uci") and completes the UCI handshake (uci, uciok, isready, readyok).
// Whatever goes wrong, a failed Start leaves no process behind.
func Start(ctx context.Context, command string, lim Limits) (*Client, error) {
	return StartAs(ctx, command, command, lim)
}

// StartAs is Start with the engine called label in every sentence (a server
// names engines without showing their paths).
func StartAs(ctx context.Context, command, label string, lim Limits) (*Client, error) {
	lim = lim.withDefaults()
	argv := strings.Fields(command)
	if len(argv) == 0 {
		return nil, msg.New("go-uci.noEngine", "no engine given: --engine wants a program, e.g. /usr/games/stockfish")
	}
	c := &Client{Command: command, Label: label, Name: label, lim: lim, lines: make(chan string, 256),
		stderr: &tail{max: 2048}, done: make(chan struct{}), exited: make(chan struct{})}
	c.cmd = exec.Command(argv[0], argv[1:]...)
	ownGroup(c.cmd)
	c.cmd.WaitDelay = lim.Grace // a grandchild holding the pipes cannot stall the reaping
	c.cmd.Stderr = c.stderr
	outR, outW := io.Pipe()
	c.cmd.Stdout = outW
	stdin, err := c.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	c.stdin = stdin
	if err := c.cmd.Start(); err != nil {
		return nil, msg.New("go-uci.cannotStart", "cannot start engine \"{engine}\": {reason}", "engine", quoted(clip(label)), "reason", err)
	}
	go func() {
		c.waitErr = c.cmd.Wait()
		outW.Close()
		close(c.exited)
	}()
	go c.read(outR)
	if err := c.handshake(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.Handshake > 0 {
		d.Handshake = l.Handshake
	}
	if l.Search > 0 {
		d.Search = l.Search
	}
	if l.Grace > 0 {
		d.Grace = l.Grace
	}
	if l.MaxOutput > 0 {
		d.MaxOutput = l.MaxOutput
	}
	if l.MaxNoise > 0 {
		d.MaxNoise = l.MaxNoise
	}
	return d
}

// read passes the engine's lines on until its output ends or passes
// MaxOutput; then it drains the rest so the process never blocks on us.
func (c *Client) read(out io.Reader) {
	counted := &countingReader{r: out, left: c.lim.MaxOutput}
	r := bufio.NewReaderSize(counted, 4096)
	for {
		line, err := readBoundedLine(r, MaxEngineLine)
		if errors.Is(err, errLineTooLong) {
			line, err = "\x00a line too long", nil
		}
		if line != "" {
			select {
			case c.lines <- line:
			case <-c.done:
				err = errors.New("closed")
			}
		}
		if err != nil {
			c.tooMuch.Store(counted.left <= 0)
			close(c.lines)
			io.Copy(io.Discard, out)
			return
		}
	}
}

// handshake sends uci and reads the engine's name and options until uciok.
func (c *Client) handshake(ctx context.Context) error {
	if err := c.Send("uci"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.lim.Handshake)
	for {
		line, err := c.next(ctx, deadline, c.lim.Handshake, "uciok")
		if err != nil {
			return err
		}
		switch w := strings.Fields(line); {
		case line == "uciok":
			return c.Ready(ctx)
		case len(w) > 2 && w[0] == "id" && w[1] == "name":
			c.Name = clip(strings.Join(w[2:], " "))
		case len(w) > 2 && w[0] == "option" && w[1] == "name":
			end := len(w)
			for i, x := range w {
				if x == "type" {
					end = i
					break
				}
			}
			c.Options = append(c.Options, strings.Join(w[2:end], " "))
		}
	}
}

// HasOption reports whether the engine declared the option (any case).
func (c *Client) HasOption(name string) bool {
	for _, o := range c.Options {
		if strings.EqualFold(o, name) {
			return true
		}
	}
	return false
}

// Send writes one command.
func (c *Client) Send(command string) error {
	if _, err := io.WriteString(c.stdin, command+"\n"); err != nil {
		return c.gone(true, strings.Fields(command)[0])
	}
	return nil
}

// Ready sends isready and waits for readyok.
func (c *Client) Ready(ctx context.Context) error {
	if err := c.Send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.lim.Handshake)
	for {
		line, err := c.next(ctx, deadline, c.lim.Handshake, "readyok")
		if err != nil || line == "readyok" {
			return err
		}
	}
}

// next returns the engine's next UCI line, skipping (and counting) noise,
// or a sentence: the engine exited, went silent past the deadline, printed
// garbage or too much, or ctx ended.
func (c *Client) next(ctx context.Context, deadline time.Time, limit time.Duration, waitingFor string) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return "", c.gone(false, waitingFor)
			}
			if isUCILine(line) {
				return line, nil
			}
			if c.noise++; c.noise > c.lim.MaxNoise {
				return "", msg.New("go-uci.notUCI", "engine \"{engine}\" printed {n} lines that are not UCI (the last: \"{line}\") while we waited for {waitingFor}: is it a UCI engine?",
					"engine", quoted(clip(c.Label)), "n", c.noise, "line", quoted(clip(printable(line))), "waitingFor", waitingFor)
			}
		case <-timer.C:
			return "", c.noAnswer(waitingFor, limit)
		case <-ctx.Done():
			return "", keyedCause{msg.New("go-uci.stoppedWaiting", "stopped waiting for {waitingFor} from engine \"{engine}\": {reason}",
				"waitingFor", waitingFor, "engine", quoted(clip(c.Label)), "reason", ctx.Err()), ctx.Err()}
		}
	}
}

// uciWords are the first words of the lines an engine may send.
var uciWords = map[string]bool{"id": true, "uciok": true, "readyok": true, "bestmove": true,
	"copyprotection": true, "registration": true, "info": true, "option": true}

func isUCILine(line string) bool {
	if !utf8.ValidString(line) || strings.ContainsRune(line, 0) {
		return false
	}
	w := strings.Fields(line)
	return len(w) > 0 && uciWords[w[0]]
}

// noAnswer is the sentence for an engine silent past its time limit.
func (c *Client) noAnswer(waitingFor string, limit time.Duration) *msg.Error {
	limit = limit.Round(time.Millisecond)
	return msg.New("go-uci.noAnswer", "engine \"{engine}\" sent no {waitingFor} within {limit}: it hangs or is not a UCI engine",
		"engine", quoted(clip(c.Label)), "waitingFor", waitingFor, "limit", limit.String())
}

// gone explains why the engine stopped talking, while we sent a command
// (sending) or waited for a word: its exit status and the end of what it
// wrote on standard error (gone.go has the sentences).
func (c *Client) gone(sending bool, word string) error {
	if c.tooMuch.Load() {
		return engineGone{c.tooMuchOutput(sending, word)}
	}
	select {
	case <-c.exited:
	case <-time.After(c.lim.Grace):
		return engineGone{c.notExited(sending, word)}
	}
	status := ""
	if c.waitErr != nil {
		status = c.waitErr.Error()
	}
	return engineGone{c.exitedSentence(sending, word, status, c.stderr.String())}
}

// engineGone is an error after which the engine cannot be talked to.
type engineGone struct{ error }

func (e engineGone) Unwrap() error { return e.error }

// Close ends the engine: quit, then a kill after the grace period, and
// waits until the process is reaped. It is safe to call more than once.
func (c *Client) Close() error {
	c.closed.Do(func() {
		close(c.done)
		io.WriteString(c.stdin, "quit\n")
		c.stdin.Close()
		select {
		case <-c.exited:
		case <-time.After(c.lim.Grace):
			killGroup(c.cmd)
			<-c.exited
		}
	})
	return nil
}

// Exited reports whether the process has been reaped.
func (c *Client) Exited() bool {
	select {
	case <-c.exited:
		return true
	default:
		return false
	}
}

// PID is the engine's process id.
func (c *Client) PID() int { return c.cmd.Process.Pid }

// countingReader stops reading once left bytes have passed.
type countingReader struct {
	r    io.Reader
	left int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, errors.New("too much output")
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.r.Read(p)
	r.left -= int64(n)
	return n, err
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return printable(strings.TrimSpace(string(t.b)))
}

// printable replaces what a terminal should not be sent.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || r < 32 && r != '\t' || r == 127 {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
}
