package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pvscope/pvscope/server"
)

// site writes a static site: the page (one file per language), its scripts,
// styles, lessons and catalogs, and the search session compiled to
// WebAssembly with the go toolchain found on the PATH, so that any static
// host serves pvscope with no server (docs/static-site.md).
func site(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	force := fs.Bool("force", false, "write into DIR even when it is not empty (files of the same name are replaced)")
	rest, err := parseFlagsAndFiles(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return fmt.Errorf("want one folder to write the site into, got %d (pvscope site DIR [-force])", len(rest))
	}
	dir := rest[0]
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 && !*force {
		return fmt.Errorf("%s is not empty: give an empty or new folder, or -force to write over its files", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	files, err := server.SiteFiles()
	if err != nil {
		return fmt.Errorf("rendering the page: %w", err)
	}
	var total int64
	for _, f := range files {
		if err := writeSiteFile(dir, f.Path, f.Body); err != nil {
			return err
		}
		total += int64(len(f.Body))
	}
	fmt.Fprintf(out, "wrote the page and %d files (%s)\n", len(files), kb(total))

	fmt.Fprintln(out, "building the engine for the browser (go build, GOOS=js GOARCH=wasm)…")
	wasm, loader, err := buildWorker()
	if err != nil {
		return err
	}
	if err := writeSiteFile(dir, "static/wasm/pvscope.wasm", wasm); err != nil {
		return err
	}
	if err := writeSiteFile(dir, "static/wasm/wasm_exec.js", loader); err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	fmt.Fprintf(out, "wrote static/wasm/pvscope.wasm: %s (%s gzipped, as a host that compresses sends it)\n", kb(int64(len(wasm))), kb(int64(gz.Len())))
	fmt.Fprintf(out, "the site is in %s: %s in all; try it with\n  cd %s && python3 -m http.server\n", dir, kb(total+int64(len(wasm)+len(loader))), dir)
	return nil
}

func writeSiteFile(dir, name string, body []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, body, 0o644)
}

// buildWorker compiles server/worker for the browser with the go toolchain
// on the PATH, from pvscope's own source (the module the command runs in:
// go run . site DIR in a clone), and reads the toolchain's wasm_exec.js.
func buildWorker() (wasm, loader []byte, err error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, nil, errors.New("pvscope site needs the go toolchain on the PATH, to compile the engine to WebAssembly")
	}
	modDir, err := exec.Command(gobin, "list", "-m", "-f", "{{.Dir}}", "github.com/pvscope/pvscope").Output()
	if err != nil || len(bytes.TrimSpace(modDir)) == 0 {
		return nil, nil, errors.New("pvscope site compiles the engine from pvscope's source: run it in a clone of pvscope (go run . site DIR)")
	}
	tmp, err := os.MkdirTemp("", "pvscope-site")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	target := filepath.Join(tmp, "pvscope.wasm")
	cmd := exec.Command(gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", target, "./server/worker")
	cmd.Dir = strings.TrimSpace(string(modDir))
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("go build of the engine for the browser failed: %v\n%s", err, b)
	}
	if wasm, err = os.ReadFile(target); err != nil {
		return nil, nil, err
	}
	root, err := exec.Command(gobin, "env", "GOROOT").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	if loader, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")); err != nil {
		return nil, nil, fmt.Errorf("the toolchain's wasm_exec.js: %v", err)
	}
	return wasm, loader, nil
}

// kb writes a size for people.
func kb(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", (n+1023)/1024)
}
