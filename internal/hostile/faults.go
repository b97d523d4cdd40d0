package hostile

import (
	"net"
	"net/http"
	"strconv"
	"time"
)

// FaultMode is one way the server breaks. Every request gets it while it is
// in force, actions included.
type FaultMode int

// Fault modes. Healthy is the zero value.
const (
	Healthy       FaultMode = iota
	Status500               // 500 with a hostile JSON error body
	Status502               // 502 with a hostile JSON error body
	Status503               // 503 with a hostile JSON error body
	RateLimited             // 429 with Retry-After (Fault.RetryAfter)
	Truncated               // the real answer with its full Content-Length, cut in half, then the connection closes
	TruncatedJSON           // a complete HTTP answer whose JSON body is cut in half
	Reset                   // the start of a status line, then a TCP reset
	Trickle                 // the real answer, Fault.TrickleBytes at a time every Fault.TrickleEvery
	HTMLError               // 503 with an HTML error page (a proxy's)
	HTML200                 // 200 with an HTML page (a captive portal's)
	WrongTypes              // 200 with JSON whose fields have the wrong types
	Down                    // every connection reset on arrival, nothing read: the server is gone
	Status403               // 403 with a hostile JSON error body (its message reaches the error line)
	Status404               // 404 with a hostile JSON error body (its message reaches the error line)
)

var modeNames = [...]string{"healthy", "500", "502", "503", "429", "truncated", "truncated-json", "reset",
	"trickle", "html-error", "html-200", "wrong-types", "down", "403", "404"}

// String names the mode for test names and failure messages.
func (m FaultMode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode(" + strconv.Itoa(int(m)) + ")"
}

// Modes lists every fault mode but Healthy, for table tests.
var Modes = []FaultMode{Status500, Status502, Status503, RateLimited, Truncated, TruncatedJSON, Reset,
	Trickle, HTMLError, HTML200, WrongTypes, Down, Status403, Status404}

// Fault is the fault in force. The zero value is a healthy server.
type Fault struct {
	Mode FaultMode
	// Latency delays every request, before the mode applies.
	Latency time.Duration
	// RetryAfter is sent with RateLimited, in whole seconds (default 1 s).
	RetryAfter time.Duration
	// TrickleEvery and TrickleBytes pace Trickle (defaults 20 ms, 64 bytes).
	TrickleEvery time.Duration
	TrickleBytes int
}

// injectBefore applies the modes that answer instead of the route. It
// returns false when it has answered or dropped the request.
func (s *Server) injectBefore(f Fault, w http.ResponseWriter, r *http.Request) bool {
	switch f.Mode {
	case Down:
		resetConn(w, "")
	case Status500, Status502, Status503, Status403, Status404:
		code := map[FaultMode]int{Status500: 500, Status502: 502, Status503: 503, Status403: 403, Status404: 404}[f.Mode]
		writeRaw(w, code, "application/json", encode(s.errorBody(code)))
	case RateLimited:
		secs := max(int64((f.RetryAfter+time.Second-1)/time.Second), 1)
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
		writeRaw(w, http.StatusTooManyRequests, "application/json", encode(s.errorBody(http.StatusTooManyRequests)))
	case HTMLError:
		writeRaw(w, http.StatusServiceUnavailable, "text/html", s.htmlPage())
	case HTML200:
		writeRaw(w, http.StatusOK, "text/html; charset=utf-8", s.htmlPage())
	case WrongTypes:
		writeRaw(w, http.StatusOK, "application/json", wrongTypes(r))
	default:
		return true
	}
	return false
}

// injectAfter writes the route's answer, mangled by the modes that need it.
func (s *Server) injectAfter(f Fault, w http.ResponseWriter, r *http.Request, rec *recorder) {
	ct := rec.header.Get("Content-Type")
	switch f.Mode {
	case Truncated:
		w.Header().Set("Content-Length", strconv.Itoa(len(rec.body)))
		w.Header().Set("Content-Type", ct)
		w.WriteHeader(rec.status)
		_, _ = w.Write(rec.body[:len(rec.body)/2])
		if fl, ok := w.(http.Flusher); ok {
			fl.Flush()
		}
		resetConn(w, "")
	case TruncatedJSON:
		writeRaw(w, rec.status, ct, rec.body[:len(rec.body)/2])
	case Reset:
		resetConn(w, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
	case Trickle:
		s.trickle(f, w, r, rec)
	default:
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.status)
		if _, err := w.Write(rec.body); err == nil && rec.status < 300 {
			s.served.Add(1)
		}
	}
}

// trickle writes the answer a few bytes at a time, flushing each, until done
// or until the client goes away.
func (s *Server) trickle(f Fault, w http.ResponseWriter, r *http.Request, rec *recorder) {
	every, chunk := f.TrickleEvery, f.TrickleBytes
	if every <= 0 {
		every = 20 * time.Millisecond
	}
	if chunk <= 0 {
		chunk = 64
	}
	w.Header().Set("Content-Type", rec.header.Get("Content-Type"))
	w.Header().Set("Content-Length", strconv.Itoa(len(rec.body)))
	w.WriteHeader(rec.status)
	fl, _ := w.(http.Flusher)
	for b := rec.body; len(b) > 0; {
		n := min(chunk, len(b))
		if _, err := w.Write(b[:n]); err != nil {
			return
		}
		if fl != nil {
			fl.Flush()
		}
		b = b[n:]
		if len(b) > 0 && !sleepFor(r, every) {
			return
		}
	}
	if rec.status < 300 {
		s.served.Add(1)
	}
}

// writeRaw writes one complete answer.
func writeRaw(w http.ResponseWriter, code int, contentType string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(code)
	_, _ = w.Write(body)
}

// resetConn hijacks the connection, writes prefix raw, and closes it with a
// TCP reset (linger 0) so the client sees "connection reset by peer".
func resetConn(w http.ResponseWriter, prefix string) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler) // HTTP/2: the server resets the stream
	}
	conn, buf, err := hj.Hijack()
	if err != nil {
		return
	}
	if prefix != "" {
		_, _ = buf.WriteString(prefix)
		_ = buf.Flush()
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = conn.Close()
}

// sleepFor waits d unless the request's context ends first.
func sleepFor(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// htmlPage is a proxy's error page whose title and text are hostile too.
func (s *Server) htmlPage() []byte {
	t := s.texts(int(s.hits.Load()))
	return unwire([]byte("<!DOCTYPE html>\n<html><head><title>" + t.next() + "</title></head><body><h1>502 Bad Gateway</h1><p>" +
		t.next() + "</p><script>document.location='" + LinkTarget + "'</script></body></html>\n"))
}

// wrongTypes is a 200 JSON body of the wrong shape for the route: an object
// where a list is expected and strings, lists and objects where numbers and
// strings are expected.
func wrongTypes(r *http.Request) []byte {
	switch r.URL.Path {
	case "/api/v1/users", "/api/v1/getClientPools":
		return []byte(`{"users":"all of them","pools":17}`)
	}
	return []byte(`{"id":"seven","externalUserId":7,"usersCount":"many","strategiesCount":[1],` +
		`"strategies":{"0":{}},"totalCount":"lots","pools":"none","chainId":{"x":1},"decimals":"18",` +
		`"balance":1.5,"pagination":[],"status":false,"pool":"p","transactions":7,"tokenPrice":{}}`)
}
