package alert

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// receiver is a loopback HTTP server standing in for a sink: it verifies
// the signature of each message, records it, and can be taken down.
type receiver struct {
	t       *testing.T
	srv     *httptest.Server
	secret  []byte
	down    atomic.Bool
	hang    atomic.Bool
	release chan struct{} // ends hanging requests when the test ends

	mu   sync.Mutex
	msgs []Message
	bad  int // bodies whose signature did not verify
}

func newReceiver(t *testing.T, secret string) *receiver {
	r := &receiver{t: t, secret: []byte(secret), release: make(chan struct{})}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if r.hang.Load() {
			select {
			case <-req.Context().Done():
			case <-r.release:
			}
			return
		}
		if r.down.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		body, _ := io.ReadAll(req.Body)
		var m Message
		if err := json.Unmarshal(body, &m); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if len(r.secret) > 0 && !Verify(r.secret, body, req.Header.Get(SignatureHeader)) {
			r.bad++
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		r.msgs = append(r.msgs, m)
	}))
	t.Cleanup(r.srv.Close)
	t.Cleanup(func() { close(r.release) })
	return r
}

func (r *receiver) got() []Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Message(nil), r.msgs...)
}

// waitFor polls until n messages arrived (generous deadline: the machine
// is shared).
func (r *receiver) waitFor(n int) []Message {
	r.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if m := r.got(); len(m) >= n {
			return m
		}
		time.Sleep(10 * time.Millisecond)
	}
	r.t.Fatalf("waited for %d messages, got %d", n, len(r.got()))
	return nil
}

// settle waits a little and returns what arrived: for asserting that
// nothing more comes.
func (r *receiver) settle() []Message {
	time.Sleep(150 * time.Millisecond)
	return r.got()
}

func (r *receiver) sink(t *testing.T, name string) Sink {
	s, err := NewSink(name, r.srv.URL+"/hook/"+name, string(r.secret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
