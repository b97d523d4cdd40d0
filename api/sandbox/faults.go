package sandbox

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// Faults is the fault injection in force; the zero value injects nothing.
// Rates are probabilities from 0 to 1, drawn per request.
type Faults struct {
	// Latency delays every request by a jittered amount between Latency/2
	// and 3*Latency/2 (a request whose context ends stops waiting).
	Latency time.Duration
	// FailRate answers that share of reads with 500, 502 or 503 before they
	// are handled. Actions are never failed this way, so a failed action is
	// never half applied.
	FailRate float64
	// RateLimitRate answers that share of all requests with 429 and a
	// Retry-After header, before they are handled.
	RateLimitRate float64
	// RetryAfter is the Retry-After of the 429s, sent in whole seconds
	// (rounded up, at least 1).
	RetryAfter time.Duration
	// TruncateRate cuts that share of answers to half their body. The
	// request is handled and the HTTP framing stays valid, so the client
	// sees a complete response whose JSON is cut off.
	TruncateRate float64
	// DropRate closes the connection without an answer for that share of
	// requests, after handling them: an action was applied but its answer
	// was lost, the "outcome unknown" case.
	DropRate float64
	// Down drops every request on arrival, unhandled: the server is
	// unreachable.
	Down bool
	// ActionLatency adds this delay (not jittered) to state-changing POSTs.
	ActionLatency time.Duration
}

// SetFaults replaces the fault injection in force, including what
// WithLatency and WithFailRate set. Safe to call while serving.
func (s *Sandbox) SetFaults(f Faults) {
	f.FailRate = clampRate(f.FailRate)
	f.RateLimitRate = clampRate(f.RateLimitRate)
	f.TruncateRate = clampRate(f.TruncateRate)
	f.DropRate = clampRate(f.DropRate)
	f.Latency = max(f.Latency, 0)
	f.ActionLatency = max(f.ActionLatency, 0)
	s.faults.Store(&f)
}

// Faults returns the fault injection in force.
func (s *Sandbox) Faults() Faults { return s.currentFaults() }

// currentFaults is the fault injection in force.
func (s *Sandbox) currentFaults() Faults { return *s.faults.Load() }

// injectBefore applies the faults decided before handling. It returns false
// when it has answered (or dropped) the request itself.
func (s *Sandbox) injectBefore(f Faults, read bool, w http.ResponseWriter, r *http.Request) bool {
	if f.Down {
		dropConnection(w)
		return false
	}
	if f.Latency > 0 {
		jittered := f.Latency/2 + time.Duration(rand.Int64N(int64(f.Latency)+1))
		if !sleepFor(r, jittered) {
			return false
		}
	}
	if !read && r.Method == http.MethodPost && f.ActionLatency > 0 {
		if !sleepFor(r, f.ActionLatency) {
			return false
		}
	}
	if chance(f.RateLimitRate) {
		secs := max(int64((f.RetryAfter+time.Second-1)/time.Second), 1)
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
		writeReply(w, fail(http.StatusTooManyRequests, "rate limit exceeded; retry later"))
		return false
	}
	if read && chance(f.FailRate) {
		codes := [...]int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}
		code := codes[rand.IntN(len(codes))]
		writeReply(w, fail(code, "injected failure"))
		return false
	}
	return true
}

// respond writes a handled request's answer, applying the faults decided
// after handling: a dropped connection or a truncated body.
func (s *Sandbox) respond(f Faults, w http.ResponseWriter, rep reply) {
	if chance(f.DropRate) {
		dropConnection(w)
		return
	}
	if a, streamed := rep.body.(streamedArray); streamed && f.TruncateRate == 0 {
		writeStreamed(w, rep.status, a)
		return
	}
	status, b := rep.encode()
	if chance(f.TruncateRate) {
		b = b[:len(b)/2]
	}
	writeBytes(w, status, b)
}

// chance draws true with probability p.
func chance(p float64) bool { return p > 0 && rand.Float64() < p }

// sleepFor waits d unless the request's context ends first. The body is
// read first: the server notices a client that went away (and ends the
// context) only once the body has been read.
func sleepFor(r *http.Request, d time.Duration) bool {
	if r.Body != nil && r.Body != http.NoBody {
		b, _ := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
		r.Body = readCloser{io.MultiReader(bytes.NewReader(b), r.Body), r.Body}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// readCloser reads from r and closes c.
type readCloser struct {
	io.Reader
	c io.Closer
}

func (rc readCloser) Close() error { return rc.c.Close() }

// dropConnection closes the client's connection without an answer. It hijacks
// when the writer allows (HTTP/1); otherwise the server is told to abort the
// response, which closes an HTTP/1 connection or resets an HTTP/2 stream.
func dropConnection(w http.ResponseWriter) {
	if hj, isHijacker := w.(http.Hijacker); isHijacker {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}
