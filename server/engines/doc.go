// Package engines is the UCI inspector's routes: the external engines a
// server offers to pages (-engine NAME=PATH), GET /engines that lists them and
// POST /engines/inspect that runs one on a position, taking one of the
// server's search slots, and streams its lines as they come. It does not import
// server: the server hands it its slots and its sentences. Its one file is
// engines.go.
package engines
