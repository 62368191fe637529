package main

import "testing"

// The room flags reach the server's limits; zero or less is refused (0 would
// let no one share or join).
func TestServeRoomFlags(t *testing.T) {
	_, lim, _, err := serveFlags([]string{"-rooms-per-address", "10", "-room-rate", "20000"})
	if err != nil {
		t.Fatal(err)
	}
	if lim.RoomsPerAddress != 10 || lim.RoomRate != 20000 {
		t.Fatalf("limits %+v", lim)
	}
	if _, lim, _, _ := serveFlags(nil); lim.RoomsPerAddress != 3 || lim.RoomRate != 3000 {
		t.Fatalf("default limits %+v, want 3 rooms per address and 3000 a minute (docs/page-guide.md, Rooms)", lim)
	}
	for _, bad := range [][]string{{"-rooms-per-address", "0"}, {"-room-rate", "0"}, {"-room-rate", "-5"}} {
		if _, _, _, err := serveFlags(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
