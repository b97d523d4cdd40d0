package sandbox

import (
	"io"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"
)

// HTTP edges of the sandbox that no route owns: canonical paths, request
// bodies that never finish arriving, bodies where none belongs, and how much
// of a client's input an error message echoes.

// DefaultBodyTimeout is how long a request body may take to arrive in full.
// The spec shows no limit; 30 s is far more than 1 MiB (the largest body
// taken) needs on any link, while a client that stalls or trickles its body
// holds a connection, its goroutine and buffers for no longer than that.
const DefaultBodyTimeout = 30 * time.Second

// maxEcho is how many characters of a client's input (a path, a user id) an
// error message repeats, so an answer never grows with a hostile input.
const maxEcho = 200

// bodyDeadline sets the read deadline of a request that has a body. The
// header's own timeout is the server's (ReadHeaderTimeout); this bounds the
// body, which the handler reads. A request without a body gets none: the
// server reads ahead on its connection to notice a client that went away,
// and a deadline there would cancel slow but legitimate requests.
// readBody lifts the deadline once the body is in. Writers that cannot set
// deadlines (a ResponseRecorder) are left alone.
func (s *Sandbox) bodyDeadline(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return
	}
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.bodyTimeout))
}

// clearDeadline lifts the body deadline once the body has been read.
func clearDeadline(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
}

// hasBody reports whether a request carries a body. A chunked body of no
// bytes is no body; to know, one byte is read (under the body deadline).
func hasBody(r *http.Request) bool {
	switch {
	case r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0:
		return false
	case r.ContentLength > 0:
		return true
	}
	var one [1]byte
	n, _ := io.ReadFull(r.Body, one[:])
	return n > 0
}

// canonicalPath reports whether p is a clean absolute path, the only form a
// route answers: ServeMux would otherwise redirect //x and /./x with HTML.
func canonicalPath(p string) bool {
	return strings.HasPrefix(p, "/") && path.Clean(p) == p
}

// echo makes client input fit for an error message: at most maxEcho
// characters (then "..."), control characters replaced by '?', invalid
// UTF-8 by U+FFFD.
func echo(s string) string {
	cut := false
	if utf8.RuneCountInString(s) > maxEcho {
		n := 0
		for i := range s {
			if n == maxEcho {
				s, cut = s[:i], true
				break
			}
			n++
		}
	}
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	if cut {
		s += "..."
	}
	return s
}
