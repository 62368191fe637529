package server

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chromedp/chromedp"
)

// rendererRSS is the private resident memory of the renderer processes of p's
// Chromium (the kernel's RssAnon: resident and its own, without the mapped
// binary, fonts and shared memory; /proc on Linux), in bytes: the
// browser's own processes, found as the descendants of the browser process
// chromedp started whose command line says --type=renderer. 0 where /proc
// is not there.
func rendererRSS(p *page) float64 {
	c := chromedp.FromContext(p.ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return 0
	}
	root := c.Browser.Process().Pid
	parent := map[int]int{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, _ := strconv.Atoi(filepath.Base(d))
		if st, err := os.ReadFile(d + "/stat"); err == nil {
			// pid (comm) state ppid ...: the comm may hold spaces, so read after its ')'.
			if i := bytes.LastIndexByte(st, ')'); i > 0 {
				if f := strings.Fields(string(st[i+1:])); len(f) > 1 {
					parent[pid], _ = strconv.Atoi(f[1])
				}
			}
		}
	}
	under := func(pid int) bool {
		for x, n := pid, 0; x > 1 && n < 64; x, n = parent[x], n+1 {
			if x == root {
				return true
			}
		}
		return false
	}
	var total float64
	for pid := range parent {
		if !under(pid) {
			continue
		}
		cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if !bytes.Contains(cmd, []byte("--type=renderer")) {
			continue
		}
		f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
		if err != nil {
			continue
		}
		s := bufio.NewScanner(f)
		for s.Scan() {
			if rest, ok := strings.CutPrefix(s.Text(), "RssAnon:"); ok {
				kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
				total += kb * 1024
			}
		}
		f.Close()
	}
	return total
}
