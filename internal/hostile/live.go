package hostile

import (
	"errors"
	"net"
	"net/http"
	"sync"
)

// Live serves a handler on a loopback port that can really go away: Down
// closes the listener and every open connection, so new requests are refused
// at dial time (the TransportError that provably never left), and Up listens
// again on the same address. A fault mode cannot fake a refused dial.
type Live struct {
	handler http.Handler
	addr    string

	mu  sync.Mutex
	srv *http.Server
	wg  sync.WaitGroup
}

// Listen serves h on a fresh 127.0.0.1 port.
func Listen(h http.Handler) (*Live, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	l := &Live{handler: h, addr: ln.Addr().String()}
	l.serve(ln)
	return l, nil
}

// URL is the base URL for api.New, e.g. "http://127.0.0.1:40123".
func (l *Live) URL() string { return "http://" + l.addr }

// Addr is host:port.
func (l *Live) Addr() string { return l.addr }

// Down stops serving: the listener closes, open connections are cut, and
// dials are refused until Up. Down on a server that is down does nothing.
func (l *Live) Down() error {
	l.mu.Lock()
	srv := l.srv
	l.srv = nil
	l.mu.Unlock()
	if srv == nil {
		return nil
	}
	err := srv.Close()
	l.wg.Wait()
	return err
}

// Up listens again on the same address. Up on a server that is up does
// nothing.
func (l *Live) Up() error {
	l.mu.Lock()
	up := l.srv != nil
	l.mu.Unlock()
	if up {
		return nil
	}
	ln, err := net.Listen("tcp", l.addr)
	if err != nil {
		return err
	}
	l.serve(ln)
	return nil
}

// Close stops serving for good.
func (l *Live) Close() error { return l.Down() }

func (l *Live) serve(ln net.Listener) {
	srv := &http.Server{Handler: l.handler}
	l.mu.Lock()
	l.srv = srv
	l.mu.Unlock()
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = ln.Close()
		}
	}()
}
