package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// BenchmarkServeBurstRSS is the burst, measured on the real server
// in a child process: 300 pages start a depth-12 search of the start
// position at once against `serve -max-memory 512MB`, and read what comes
// for 60 s. It reports the child's peak resident memory (VmHWM) and the
// most seen while the burst ran, in MB. Run it alone:
//
//	go test -run '^$' -bench BenchmarkServeBurstRSS -benchtime 1x .
func BenchmarkServeBurstRSS(b *testing.B) {
	for i := 0; i < b.N; i++ {
		peak, hwm := burst(b, 300, "512MB", 60*time.Second)
		b.ReportMetric(float64(peak), "MB-rss-max")
		b.ReportMetric(float64(hwm), "MB-hwm")
	}
}

func burst(b *testing.B, pages int, maxMemory string, length time.Duration) (rssMax, hwm int64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$", "--", "serve", "-addr", addr, "-max-memory", maxMemory)
	cmd.Env = append(os.Environ(), "PVSCOPE_RUN_MAIN=1")
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	sc := bufio.NewScanner(out)
	sc.Scan() // the first URL: the server listens
	go func() {
		for sc.Scan() {
		}
	}()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < pages; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ws, _, err := websocket.DefaultDialer.Dial("ws://"+addr+"/ws", nil)
			if err != nil {
				b.Error(err)
				return
			}
			defer ws.Close()
			go func() { <-stop; ws.Close() }()
			ws.WriteJSON(map[string]any{"type": "start", "options": map[string]string{"depth": "12"}})
			for {
				if _, _, err := ws.ReadMessage(); err != nil {
					return
				}
			}
		}()
	}
	end := time.After(length)
	for done := false; !done; {
		select {
		case <-end:
			done = true
		case <-time.After(200 * time.Millisecond):
		}
		rss, h := procMB(cmd.Process.Pid)
		rssMax, hwm = max(rssMax, rss), max(hwm, h)
	}
	close(stop)
	wg.Wait()
	return rssMax, hwm
}

// procMB reads a process's resident memory now and at its peak, in MB.
func procMB(pid int) (rss, hwm int64) {
	f, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(f), "\n") {
		w := strings.Fields(line)
		if len(w) < 2 {
			continue
		}
		kb, _ := strconv.ParseInt(w[1], 10, 64)
		switch w[0] {
		case "VmRSS:":
			rss = kb >> 10
		case "VmHWM:":
			hwm = kb >> 10
		}
	}
	return rss, hwm
}
