package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestCrossOriginRedirectRefusedWithoutCredentials: the configured server
// redirects to another origin; the client refuses to follow, so the other
// origin receives nothing, least of all the credentials.
func TestCrossOriginRedirectRefusedWithoutCredentials(t *testing.T) {
	for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		t.Run(http.StatusText(code), func(t *testing.T) {
			var otherHits counter
			other := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				otherHits.inc()
				if r.Header.Get(headerKey) != "" || r.Header.Get(headerSecret) != "" {
					t.Errorf("other origin received credentials")
				}
				_, _ = io.WriteString(w, `[]`)
			}))
			var hits counter
			c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.inc()
				http.Redirect(w, r, other.URL+"/api/v1/users", code)
			}))
			_, err := c.ListUsers(context.Background())
			var te *TransportError
			if !errors.As(err, &te) || !errors.Is(err, ErrRedirectRefused) {
				t.Fatalf("err = %v, want refused redirect", err)
			}
			if te.Op != "redirect" || !te.MaybeDelivered {
				t.Errorf("Op %q MaybeDelivered %v", te.Op, te.MaybeDelivered)
			}
			if otherHits.get() != 0 {
				t.Errorf("other origin was contacted %d times", otherHits.get())
			}
			if hits.get() != 1 || len(w.got()) != 0 {
				t.Errorf("refused redirect was retried: %d hits", hits.get())
			}
		})
	}
}

// TestAuthTransportStripsCredentialsForOtherOrigins exercises the second
// line of defence directly: even a request that reaches the transport for
// another origin carries no credentials, whatever headers it came with.
func TestAuthTransportStripsCredentialsForOtherOrigins(t *testing.T) {
	var seen http.Header
	other := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r.Header.Clone()
	}))
	at := &authTransport{next: http.DefaultTransport, origin: "https://api.example.com:443",
		creds: &Credentials{Key: canaryKey, Secret: canarySecret}, agent: "t"}
	req, _ := http.NewRequest(http.MethodGet, other.URL, nil)
	req.Header.Set(headerKey, canaryKey) // e.g. copied by a redirect
	req.Header.Set(headerSecret, canarySecret)
	resp, err := at.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if seen.Get(headerKey) != "" || seen.Get(headerSecret) != "" {
		t.Errorf("credentials reached another origin: %v", seen)
	}
	if req.Header.Get(headerKey) != canaryKey {
		t.Errorf("RoundTrip modified the caller's request")
	}
}

// TestSameOriginRedirectFollowedWithCredentials: a redirect within the
// origin works and keeps authenticating, including a 307 re-sending a body.
func TestSameOriginRedirectFollowedWithCredentials(t *testing.T) {
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(headerKey) != canaryKey || r.Header.Get(headerSecret) != canarySecret {
			http.Error(w, `{"message":"no credentials"}`, http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/api/v1/users":
			http.Redirect(w, r, "/api/v1/users-moved", http.StatusMovedPermanently)
		case "/api/v1/users-moved":
			_, _ = io.WriteString(w, `[{"id":1,"externalUserId":"u1"}]`)
		case "/api/v1/getClientPools":
			http.Redirect(w, r, "/api/v1/pools-moved", http.StatusTemporaryRedirect)
		case "/api/v1/pools-moved":
			b, _ := io.ReadAll(r.Body)
			if string(b) != `{"chainId":56}` {
				t.Errorf("307 body = %q", b)
			}
			_, _ = io.WriteString(w, `[{"id":3}]`)
		}
	}))
	users, err := c.ListUsers(context.Background())
	if err != nil || len(users) != 1 || users[0].ExternalUserID != "u1" {
		t.Fatalf("ListUsers = %v, %v", users, err)
	}
	pools, err := c.GetClientPools(context.Background(), 56)
	if err != nil || len(pools) != 1 || pools[0].ID != 3 {
		t.Fatalf("GetClientPools = %v, %v", pools, err)
	}
}

// TestRedirectChangingMethodRefused: a 302/303 after a POST action would be
// followed as a GET whose answer could pass for the action's result.
func TestRedirectChangingMethodRefused(t *testing.T) {
	for _, code := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther} {
		var gets counter
		c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet {
				gets.inc()
				_, _ = io.WriteString(w, strategyJSON)
				return
			}
			http.Redirect(w, r, "/api/v1/strategies/12", code)
		}))
		s, err := c.HaltStrategy(context.Background(), 12)
		if !errors.Is(err, ErrRedirectRefused) || s != nil || gets.get() != 0 {
			t.Errorf("%d: got %v, %v after %d GETs", code, s, err, gets.get())
		}
	}
}

// TestRedirectLoopBounded: an endless same-origin loop ends with an error.
func TestRedirectLoopBounded(t *testing.T) {
	var hits counter
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		http.Redirect(w, r, r.URL.Path, http.StatusFound)
	}))
	_, err := c.ListUsers(context.Background())
	if !errors.Is(err, ErrRedirectRefused) {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != maxRedirects+1 {
		t.Errorf("hits = %d, want %d", hits.get(), maxRedirects+1)
	}
}

// TestInsecureRedirectRefused: https to plain http on a non-loopback host is
// refused before any connection to it.
func TestInsecureRedirectRefused(t *testing.T) {
	var calls []string
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		calls = append(calls, r.URL.String())
		if r.URL.Scheme != "https" {
			t.Errorf("transport asked to send to %s", r.URL)
		}
		return &http.Response{StatusCode: http.StatusFound, Header: http.Header{"Location": {"http://api.example.com/api/v1/users"}},
			Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
	})
	c, err := New("https://api.example.com", WithHTTPTransport(rt), WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListUsers(context.Background())
	if !errors.Is(err, ErrInsecureURL) || !errors.Is(err, ErrRedirectRefused) {
		t.Fatalf("err = %v", err)
	}
	if len(calls) != 1 {
		t.Errorf("transport calls: %v", calls)
	}
}

// TestNewRefusesInsecureAndMalformedURLs: http:// to a non-loopback host and
// malformed URLs fail in New, before any connection.
func TestNewRefusesInsecureAndMalformedURLs(t *testing.T) {
	fail := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("transport called for %s", r.URL)
		return nil, errors.New("must not be called")
	})
	insecure := []string{"http://api.example.com", "http://10.0.0.1:8787", "http://localhost.example.com", "http://127.0.0.1.nip.io", "http://0.0.0.0:80", "HTTP://api.example.com"}
	for _, u := range insecure {
		c, err := New(u, WithHTTPTransport(fail))
		if !errors.Is(err, ErrInsecureURL) || !errors.Is(err, ErrValidation) || c != nil {
			t.Errorf("New(%q) = %v, %v; want ErrInsecureURL", u, c, err)
		}
	}
	malformed := []string{"", "   ", "api.example.com", "ftp://api.example.com", "https://", "https://user:" + canarySecret + "@api.example.com",
		"https://api.example.com?x=1", "https://api.example.com#f", "https://api.example.com:99999", "https://api.example.com:abc", "https:opaque", "://x"}
	for _, u := range malformed {
		c, err := New(u, WithHTTPTransport(fail))
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.Field != "baseURL" || c != nil {
			t.Errorf("New(%q) = %v, %v; want baseURL ValidationError", u, c, err)
		}
		if err != nil && strings.Contains(err.Error(), canarySecret) {
			t.Errorf("New error leaks URL user info: %v", err)
		}
	}
	for _, u := range []string{"http://127.0.0.1:8787", "http://localhost:1", "http://[::1]:8080", "http://127.9.8.7", "https://api.example.com", "https://10.0.0.1"} {
		if _, err := New(u, WithHTTPTransport(fail)); err != nil {
			t.Errorf("New(%q) = %v", u, err)
		}
	}
}

// TestBaseURLNormalisation: trailing slashes and an /api/v1 suffix name the
// same base; a path prefix is kept.
func TestBaseURLNormalisation(t *testing.T) {
	for in, want := range map[string]string{
		"https://API.example.com/":              "https://api.example.com",
		"https://api.example.com/api/v1":        "https://api.example.com",
		"https://api.example.com/api/v1/":       "https://api.example.com",
		"https://api.example.com/partner/":      "https://api.example.com/partner",
		"https://api.example.com:8443/p/api/v1": "https://api.example.com:8443/p",
	} {
		c, err := New(in)
		if err != nil {
			t.Fatalf("New(%q): %v", in, err)
		}
		if c.BaseURL() != want {
			t.Errorf("BaseURL(%q) = %q, want %q", in, c.BaseURL(), want)
		}
	}
	c, _ := New("https://api.example.com:8443/p")
	if c.Host() != "api.example.com:8443" {
		t.Errorf("Host = %q", c.Host())
	}
	if originOf(c.base) != "https://api.example.com:8443" {
		t.Errorf("origin = %q", originOf(c.base))
	}
	d, _ := New("https://API.example.com:443")
	e, _ := New("https://api.example.com")
	if d.origin != e.origin {
		t.Errorf("default port makes a different origin: %q vs %q", d.origin, e.origin)
	}
}

// TestPathPrefixKept: a base URL with a path prefix puts routes under it.
func TestPathPrefixKept(t *testing.T) {
	var uri string
	srv := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uri = r.RequestURI
		_, _ = io.WriteString(w, `[]`)
	}))
	c, err := New(srv.URL + "/partner/")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListUsers(context.Background()); err != nil {
		t.Fatal(err)
	}
	if uri != "/partner/api/v1/users" {
		t.Errorf("request URI = %q", uri)
	}
}

// TestPathParametersEscaped: a user id cannot change the route.
func TestPathParametersEscaped(t *testing.T) {
	var uri string
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uri = r.RequestURI
		_, _ = io.WriteString(w, `{"id":1}`)
	}))
	for id, want := range map[string]string{
		"../x":     "/api/v1/users/..%2Fx",
		"..":       "/api/v1/users/%2E%2E",
		".":        "/api/v1/users/%2E",
		"a b?c#d":  "/api/v1/users/a%20b%3Fc%23d",
		"x/../../": "/api/v1/users/x%2F..%2F..%2F",
		"%2e%2e":   "/api/v1/users/%252e%252e",
	} {
		if _, err := c.GetUser(context.Background(), id); err != nil {
			t.Fatalf("GetUser(%q): %v", id, err)
		}
		if uri != want {
			t.Errorf("GetUser(%q) sent %q, want %q", id, uri, want)
		}
	}
	uri = ""
	if _, err := c.GetUserBalances(context.Background(), ""); !errors.Is(err, ErrValidation) || uri != "" {
		t.Errorf("empty user id: err %v, sent %q", err, uri)
	}
}

// TestUserAgent: the default User-Agent is set and WithUserAgent replaces it.
func TestUserAgent(t *testing.T) {
	var ua string
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ua = r.UserAgent()
		_, _ = io.WriteString(w, `[]`)
	}), WithUserAgent("stratop/9.9"))
	if _, err := c.ListUsers(context.Background()); err != nil || ua != "stratop/9.9" {
		t.Errorf("User-Agent %q, err %v", ua, err)
	}
}
