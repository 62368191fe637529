// Package server serves the page and the websocket that streams searches to
// it: its routes, the connection, and admission (who may ask, and how much).
// It turns start commands into engine searches and their traces into frames
// (through server/session); it is the only package that knows about HTTP and
// websockets. Its sub-packages do one job each and never import it: session
// (the frames), capacity (slots and the memory budget), rooms (a class
// following a presenter), engines (the UCI inspector's routes), assets (static
// files, the site, embedding), and worker (the session in the static site's
// WebAssembly).
//
// Its parts:
//   - Routes: server.go (the routes and their headers), page.go (the page,
//     its form filled from the URL, and the static site's pages),
//     urlparams.go (the limits of the page's address), linklimit.go (the longest
//     link they allow, and a sentence past it), named.go (the
//     positions and trees offered by name), exercisetree.go (GET /tree, an
//     exercise's generated tree), tracefile.go (trace files opened in the page).
//   - Admission: hosts.go (the Host check), origin.go (POSTs come from the
//     page), body.go (a request body's deadline and minimum rate), limits.go
//     (Limits, their defaults, a search's share of the memory).
//   - The connection: conn.go (a page's websocket: read and write pumps),
//     start.go (a start command, from its check to its search), plan.go
//     (building a search and charging it), run.go (a search with its slot,
//     budget and doorbell; its recording is a session.Search), protocol.go
//     (the frames only the server sends), errorqueue.go (errors queued,
//     coalesced), stuck.go (which search a page that stops reading gives
//     up), why.go ("Why not ...?" over what the page has open).
//   - roommember.go: a connection as a room's Member, a run as its Search.
package server
