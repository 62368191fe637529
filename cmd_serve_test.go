package main

import (
	"fmt"
	"net"
	"strings"
	"testing"
)

// Listening on every address prints what a person can open: localhost and
// each network address (not 0.0.0.0, which no browser elsewhere can reach).
func TestServePrintsURLsStudentsCanType(t *testing.T) {
	lan := []net.IP{net.ParseIP("192.168.1.20"), net.ParseIP("10.0.0.5"), net.ParseIP("fe80::1"), net.ParseIP("2001:db8::7")}
	var b strings.Builder
	printURLs(&b, &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, lan)
	out := b.String()
	for _, want := range []string{"http://localhost:8080/", "http://192.168.1.20:8080/", "http://10.0.0.5:8080/"} {
		if !strings.Contains(out, want) {
			t.Errorf("0.0.0.0:8080 printed\n%s\nwithout %s", out, want)
		}
	}
	if strings.Contains(out, "0.0.0.0") || strings.Contains(out, "fe80") || strings.Contains(out, "2001:db8") {
		t.Errorf("0.0.0.0:8080 printed an address a student cannot use (or an IPv6 one it does not serve):\n%s", out)
	}
	b.Reset()
	printURLs(&b, &net.TCPAddr{IP: net.IPv6unspecified, Port: 9000}, lan)
	if out := b.String(); !strings.Contains(out, "http://[2001:db8::7]:9000/") || strings.Contains(out, "fe80") {
		t.Errorf("[::]:9000 printed\n%s", out)
	}
	b.Reset()
	printURLs(&b, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, lan)
	if out := b.String(); !strings.Contains(out, "http://127.0.0.1:8080/") || strings.Contains(out, "192.168") {
		t.Errorf("loopback printed\n%s", out)
	}
}

func TestMaxMemoryFlagReadsSizes(t *testing.T) {
	for in, want := range map[string]int64{"2GB": 2 << 30, "512mb": 512 << 20, "1048576": 1 << 20, "64 KB": 64 << 10} {
		var b byteSize
		if err := b.Set(in); err != nil || int64(b) != want {
			t.Errorf("-max-memory %s = %d (%v), want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"lots", "-1GB", "1.5GB", "99999999999GB"} {
		var b byteSize
		if err := b.Set(in); err == nil {
			t.Errorf("-max-memory %s accepted as %d", in, b)
		}
	}
}

func TestServeFlags(t *testing.T) {
	addr, lim, _, err := serveFlags([]string{"-addr", "0.0.0.0:9000", "-host", "teacher.example", "-host", "pvscope.lan",
		"-max-memory", "2GB", "-max-queue", "0", "-max-conns", "64", "-max-http-conns", "200"})
	if err != nil {
		t.Fatal(err)
	}
	if addr != "0.0.0.0:9000" || len(lim.Hosts) != 2 || lim.Hosts[0] != "teacher.example" || lim.Hosts[1] != "pvscope.lan" ||
		lim.MaxMemory != 2<<30 || lim.MaxQueue != 0 || lim.MaxConns != 64 || lim.MaxHTTPConns != 200 {
		t.Fatalf("addr %q, limits %+v", addr, lim)
	}
	// -embed-origins is bounded over all its flags together, not per flag.
	var embedMany []string
	for i := range 33 {
		embedMany = append(embedMany, "-embed-origins", fmt.Sprintf("https://c%d.example.edu", i))
	}
	for _, bad := range [][]string{{"-max-memory", "1MB"}, {"-host", "a/b"}, {"-max-conns", "0"}, {"-max-http-conns", "0"}, {"-max-queue", "-1"}, embedMany} {
		if _, _, _, err := serveFlags(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// serve says at start what each search may have: the budget over the
// searches (1 GB / 4 = 256 MB; 1 GB / 1000 = 1,073,741 bytes), and the
// largest table half of it holds at 16 bytes an entry, a power of two
// (128 MB: 2^23 entries; 524,288 bytes: 2^15), and the line's bound.
func TestServePrintsEachSearchsShare(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"each search may have 256 MB of memory (-max-memory 1 GB over -max-searches 4): a transposition table of up to 8388608 entries (128 MB)\n",
			"searches beyond 4 wait in line, each told its place, unless the expected wait is over 1 min (-max-wait)\n"}},
		{[]string{"-max-searches", "1000", "-max-wait", "90s", "-max-queue", "600"}, []string{
			"each search may have 1 MB of memory (-max-memory 1 GB over -max-searches 1000): a transposition table of up to 32768 entries (512 KB), " +
				"smaller than the default 262144: a search that leaves tt-size unset gets this size\n",
			"unless the expected wait is over 1m30s (-max-wait) or 600 already wait (-max-queue)\n"}},
	} {
		_, lim, _, err := serveFlags(c.args)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		printShare(&b, lim)
		for _, want := range c.want {
			if !strings.Contains(b.String(), want) {
				t.Errorf("serve %v printed\n%s\nwithout\n%s", c.args, b.String(), want)
			}
		}
	}
	if _, _, _, err := serveFlags([]string{"-max-wait", "10ms"}); err == nil {
		t.Error("-max-wait 10ms accepted")
	}
}
