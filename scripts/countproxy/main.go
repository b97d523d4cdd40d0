// Command countproxy is a reverse proxy in front of the partner interface
// that counts, per route, the requests that start within a time window and
// the bytes they move (request line, headers and body up; status line,
// headers and body down), and prints the counts as JSON when it is stopped
// (SIGINT or SIGTERM). scripts/traffic.sh measures the dashboard's traffic
// through it. With -log it also writes one line per request, as its answer
// ends: when the request arrived (Unix seconds) and the bytes it moved, so
// that the most in any 60 s can be counted (scripts/watch_measure.sh).
//
//	countproxy -listen 127.0.0.1:9001 -target http://127.0.0.1:8787 -from 8s -to 368s -out counts.json -log requests.log
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"regexp"
	"sort"
	"sync"
	"syscall"
	"time"
)

// route counts one route's traffic.
type route struct {
	Requests  int   `json:"requests"`
	BytesUp   int64 `json:"bytes_up"`
	BytesDown int64 `json:"bytes_down"`
}

type counter struct {
	mu     sync.Mutex
	log    *os.File // one line a request; nil: none
	routes map[string]*route
	start  time.Time
	from   time.Duration
	to     time.Duration
}

// numbers become {n}, so GET /strategies/42 and /strategies/43 are one route.
var numbers = regexp.MustCompile(`/[0-9]+(/|$)`)

func (c *counter) counted(now time.Time) bool {
	d := now.Sub(c.start)
	return d >= c.from && (c.to == 0 || d < c.to)
}

func (c *counter) add(name string, at time.Time, up, down int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.log != nil {
		fmt.Fprintf(c.log, "%.6f %d\n", float64(at.UnixNano())/1e9, up+down)
	}
	r := c.routes[name]
	if r == nil {
		r = &route{}
		c.routes[name] = r
	}
	r.Requests++
	r.BytesUp += up
	r.BytesDown += down
}

func headerBytes(h http.Header) int64 {
	var n int64
	for k, vs := range h {
		for _, v := range vs {
			n += int64(len(k) + len(v) + 4)
		}
	}
	return n + 2
}

// countingBody counts what the client reads of a response body and adds
// the whole exchange when the body is closed.
type countingBody struct {
	io.ReadCloser
	n    int64
	done func(n int64)
	once sync.Once
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	return n, err
}

func (b *countingBody) Close() error {
	b.once.Do(func() { b.done(b.n) })
	return b.ReadCloser.Close()
}

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on")
	target := flag.String("target", "", "base URL of the interface")
	from := flag.Duration("from", 0, "count requests that start this long after the proxy")
	to := flag.Duration("to", 0, "and before this long after it (0: until stopped)")
	out := flag.String("out", "", "write the counts here (default stdout)")
	logPath := flag.String("log", "", "write each request's arrival time and bytes here")
	flag.Parse()
	u, err := url.Parse(*target)
	if err != nil || u.Host == "" {
		log.Fatalf("countproxy: -target %q is not a URL", *target)
	}
	c := &counter{routes: map[string]*route{}, start: time.Now(), from: *from, to: *to}
	if *logPath != "" {
		f, err := os.Create(*logPath)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		c.log = f
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		req := resp.Request
		at := req.Context().Value(startKey{}).(time.Time)
		if !c.counted(at) {
			return nil
		}
		name := req.Method + " " + numbers.ReplaceAllString(req.URL.Path, "/{n}$1")
		up := int64(len(req.Method)+len(req.URL.RequestURI())+11) + headerBytes(req.Header) + max(req.ContentLength, 0)
		head := int64(len(resp.Status)+11) + headerBytes(resp.Header)
		resp.Body = &countingBody{ReadCloser: resp.Body, done: func(n int64) { c.add(name, at, up, head+n) }}
		return nil
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintln(os.Stderr, "countproxy listening on http://"+ln.Addr().String())
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(contextWithStart(r))
		rp.ServeHTTP(w, r)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	_ = srv.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	names := make([]string, 0, len(c.routes))
	for n := range c.routes {
		names = append(names, n)
	}
	sort.Strings(names)
	ordered := make([]struct {
		Route string `json:"route"`
		route
	}, len(names))
	for i, n := range names {
		ordered[i].Route, ordered[i].route = n, *c.routes[n]
	}
	b, _ := json.Marshal(ordered)
	if *out == "" {
		fmt.Println(string(b))
		return
	}
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}

type startKey struct{}

func contextWithStart(r *http.Request) context.Context {
	return context.WithValue(r.Context(), startKey{}, time.Now())
}
