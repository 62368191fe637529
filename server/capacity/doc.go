// Package capacity is what the server can afford and who waits for it: the
// search slots and the line before them, the memory budget, the threads
// searches run on, and a page that stops reading while others wait. It does
// not import server: the server holds one Slots and one Budget and hands them
// to its parts.
//
// Its parts: slots.go (search slots and the line waiting for them, its pace),
// lineerror.go (a place refused, and waits, as sentences), budget.go (the
// memory budget and a search's Account in it), tracebudget.go (an opened trace
// file's account), searchthreads.go (the niced threads searches run on),
// priority_linux.go and priority_other.go (lowering a thread's priority),
// stuck.go (a page that stops reading gives up its search) and connlimit.go
// (the connections open at once, one past them told so).
package capacity
