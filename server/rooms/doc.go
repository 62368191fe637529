// Package rooms is a class following a presenter, after gorilla's chat hub:
// the Hub keeps the rooms by code and token, and each room registers,
// unregisters and broadcasts into its followers' bounded queues, relaying the
// presenter's search as one frame log they all read by reference. It does not
// import server: a page's connection is a Member and a search a Search, which
// the server implements.
//
// Its parts: hub.go (the Hub: room messages, opening, joining, leaving),
// room.go (a room: its presenter, followers and their queues, its loop),
// roomrelay.go (the presenter's search as one frame log), roomframes.go and
// pollanswer.go (the room's frames, its cursor and its poll; typed answers in
// one spelling), roomlimits.go (what one page and one network address may do
// in rooms), member.go (Member and Search, what a room asks of the server)
// and census.go (what each room holds now).
package rooms
