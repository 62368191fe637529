package server

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// workerWasm builds the static site's worker (server/worker) for the
// browser once per test binary, into a temp dir kept until the binary ends,
// and returns the .wasm file and the toolchain's wasm_exec.js.
var workerWasm = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "pvscope-wasm")
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "pvscope.wasm")
	cmd := exec.Command(goTool(), "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./worker")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", &buildError{string(b), err}
	}
	return out, nil
})

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// goTool is the go command on the PATH, as pvscope site finds it.
func goTool() string { return "go" }

// wasmExecJS is the toolchain's loader for GOOS=js programs.
func wasmExecJS(t testing.TB) string {
	t.Helper()
	b, err := exec.Command(goTool(), "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(b)), "lib", "wasm", "wasm_exec.js")
}

func needWorkerWasm(t testing.TB) string {
	t.Helper()
	p, err := workerWasm()
	if err != nil {
		t.Fatalf("building the worker for GOOS=js GOARCH=wasm: %v", err)
	}
	return p
}
