package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pvscope site refuses a folder that is not empty, unless -force, before it
// writes anything.
func TestSiteRefusesANonEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := site([]string{dir}, &out)
	if err == nil || !strings.Contains(err.Error(), "not empty") || !strings.Contains(err.Error(), "-force") {
		t.Fatalf("got %v, want a refusal naming -force", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the refused folder now has %d entries", len(entries))
	}
}
