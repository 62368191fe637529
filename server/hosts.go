package server

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/pvscope/pvscope/server/session"
)

// hostCheck refuses requests whose Host header names a host this server does
// not know as itself. A page on another site can point its own DNS name at
// this machine (DNS rebinding); the browser then sends that name as Host, and
// only this check tells the difference. Allowed: loopback names and
// addresses, the machine's own addresses and host name, and names given with
// -host.
type hostCheck struct {
	names map[string]bool // lower case, without a trailing dot

	mu      sync.Mutex
	addrs   map[string]bool // the machine's interface addresses, as net.IP.String
	checked time.Time       // when addrs was last read
}

// addrsRefresh is how often a miss may re-read the interface addresses (a
// laptop may join a network after the server started).
const addrsRefresh = 5 * time.Second

func newHostCheck(extra []string) *hostCheck {
	h := &hostCheck{names: map[string]bool{"localhost": true}}
	if name, err := os.Hostname(); err == nil && name != "" {
		name = strings.ToLower(name)
		h.names[name] = true
		h.names[name+".local"] = true // mDNS, as students on the same network type it
	}
	for _, n := range extra {
		h.names[normalHost(n)] = true
	}
	return h
}

// normalHost lower-cases a host and drops a trailing dot and IPv6 brackets.
func normalHost(h string) string {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	return strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
}

// hostOnly is the host part of a Host header, without its port.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return normalHost(h)
	}
	return normalHost(hostport)
}

func (h *hostCheck) allowed(hostport string) bool {
	host := hostOnly(hostport)
	if host == "" {
		return false
	}
	if h.names[host] || strings.HasSuffix(host, ".localhost") {
		return true // browsers resolve *.localhost to loopback themselves (RFC 6761)
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() || ip.IsUnspecified() {
		return true
	}
	return h.ownAddress(ip)
}

func (h *hostCheck) ownAddress(ip net.IP) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.addrs[ip.String()] {
		return true
	}
	if time.Since(h.checked) < addrsRefresh && h.addrs != nil {
		return false
	}
	h.addrs, h.checked = map[string]bool{}, time.Now()
	for _, a := range InterfaceAddrs(true) {
		h.addrs[a.String()] = true
	}
	return h.addrs[ip.String()]
}

// InterfaceAddrs lists the machine's addresses, loopback ones only when asked.
func InterfaceAddrs(loopback bool) []net.IP {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []net.IP
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || (!loopback && n.IP.IsLoopback()) {
			continue
		}
		out = append(out, n.IP)
	}
	return out
}

// refuseHost answers a request for a host this server is not.
func refuseHost(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusMisdirectedRequest)
	fmt.Fprintf(w, "pvscope does not answer to the host name %q: open it by this machine's address "+
		"(or localhost), or start the server with -host %s to allow that name.\n",
		session.Clip(hostOnly(r.Host), 100), session.Clip(hostOnly(r.Host), 100))
}
