//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own, so that a kill
// reaches whatever it started (an engine behind a shell script).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group.
func killGroup(cmd *exec.Cmd) {
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
