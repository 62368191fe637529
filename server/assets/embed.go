package assets

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// MaxEmbedOrigins bounds -embed-origins, all flags together: a course has a few sites, not hundreds.
const MaxEmbedOrigins = 32

// ParseEmbedOrigins reads -embed-origins: a comma-separated list of the sites
// (scheme://host[:port]) whose pages may frame pvscope, as a course page
// framing /?embed=1. Each is checked, since it goes into a response header.
func ParseEmbedOrigins(list string) ([]string, error) {
	var out []string
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		u, err := url.Parse(part)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
			(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(u.Host, " ;,'*") {
			return nil, fmt.Errorf("-embed-origins: %q is not a site's origin: write it as https://course.example.edu (a scheme and a host, with a port if any, no path)", part)
		}
		out = append(out, u.Scheme+"://"+strings.ToLower(u.Host))
		if len(out) > MaxEmbedOrigins {
			return nil, fmt.Errorf("-embed-origins names more than %d sites", MaxEmbedOrigins)
		}
	}
	return out, nil
}

// embedPage says whether r asks for the embedded page (/?embed=1), the only
// one -embed-origins lets other sites frame: the whole page in a frame
// could be dressed up by the framing site and clicked through unseen.
func EmbedPage(r *http.Request) bool {
	return r.URL.Path == "/" && r.URL.Query().Get("embed") == "1"
}

// frameHeaders says who may frame the embedded page: nobody by default
// (frame-ancestors 'none', X-Frame-Options DENY), or the sites named by
// -embed-origins. X-Frame-Options cannot list sites, and browsers that read
// frame-ancestors ignore it, so it is left out when sites are named.
func FrameHeaders(origins []string) (ancestors, xfo string) {
	if len(origins) == 0 {
		return "frame-ancestors 'none'", "DENY"
	}
	return "frame-ancestors " + strings.Join(origins, " "), ""
}
