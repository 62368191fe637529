package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// lookTool finds a program the tests run, as exec.LookPath does, except that
// python3 is the interpreter itself: a version manager's shim (pyenv's is a
// chain of shell scripts) costs some 0.35 s a start against 0.04 s, and the
// kits' and code panel's tests start Python hundreds of times a run.
func lookTool(name string) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil || name != "python3" {
		return path, err
	}
	python.once.Do(func() {
		python.path = path
		out, err := exec.Command(path, "-c", "import sys; print(sys.executable)").Output()
		if exe := strings.TrimSpace(string(out)); err == nil && filepath.IsAbs(exe) {
			python.path = exe
		}
	})
	return python.path, nil
}

var python struct {
	once sync.Once
	path string
}
