package rooms

// Census is what one room holds now, for the server's tests and for anyone
// watching a server: whether its presenter is here, its followers, and the
// presenter's last search as one frame log that every follower reads by
// reference.
type Census struct {
	Code              string
	PresenterHere     bool
	Followers         int
	LogFrames         int // frames in the log
	LogBytes          int // their size
	FollowersAtLogEnd int // followers that were sent the whole log, its own frames not copied
}

// Census lists every open room's census, in no order.
func (h *Hub) Census() []Census {
	h.mu.Lock()
	rooms := make([]*room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	out := make([]Census, 0, len(rooms))
	for _, r := range rooms {
		r.mu.Lock()
		c := Census{Code: r.code, PresenterHere: r.presenter != nil, Followers: len(r.followers)}
		if l := r.log; l != nil {
			c.LogFrames = len(l.frames)
			for _, b := range l.frames {
				c.LogBytes += len(b)
			}
			for _, f := range r.followers {
				if f.log == l && f.pos == len(l.frames) {
					c.FollowersAtLogEnd++
				}
			}
		}
		r.mu.Unlock()
		out = append(out, c)
	}
	return out
}
