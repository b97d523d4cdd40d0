package config

// The [team] section: what operators of one integration share.
//
//	[team]
//	prometheus = "http://prom:9090"   # the Overview's and `stats --history`'s trends
//
// A profile may set its own prometheus.

import (
	"net/url"
)

// teamDef is the [team] section as written.
type teamDef struct {
	Prometheus *string `toml:"prometheus"`
}

// prometheus checks a Prometheus base URL: http or https, a host, no
// credential and no query.
func (c *checker) prometheus(v *string, key ...string) {
	if v == nil || *v == "" {
		return
	}
	u, err := url.Parse(*v)
	switch {
	case err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https"):
		c.fail("not an http(s) URL with a host (e.g. http://prom:9090)", key...)
	case u.User != nil:
		c.fail("the URL carries a credential: Prometheus is read without one", key...)
	case u.RawQuery != "" || u.Fragment != "":
		c.fail("a Prometheus URL is its base (and route prefix), without a query", key...)
	}
}
