//go:build js && wasm

package main

import (
	"io"
	"syscall/js"

	"github.com/pvscope/pvscope/tracer/msg"
)

// readPiece is how much of a file one read asks the worker's script for.
const readPiece = 1 << 20

// blobReader reads a File (a Blob) the page handed the worker, a piece at a
// time through the worker script's pvscopeRead(blob, from, to), which
// answers the bytes (a Uint8Array) or, when the browser cannot read the file
// (it was changed or removed since it was chosen), the reason as a string.
type blobReader struct {
	blob      js.Value
	off, size int64
}

func (b *blobReader) Read(p []byte) (int, error) {
	if b.off >= b.size {
		return 0, io.EOF
	}
	n := min(int64(len(p)), b.size-b.off)
	got := js.Global().Call("pvscopeRead", b.blob, b.off, b.off+n)
	if got.Type() == js.TypeString {
		return 0, msg.New("go-server.traceFileUnreadable", "the file could not be read: {error}", "error", got.String())
	}
	k := js.CopyBytesToGo(p, got)
	if k == 0 {
		return 0, io.ErrUnexpectedEOF
	}
	b.off += int64(k)
	return k, nil
}
