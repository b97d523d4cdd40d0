package sandbox

import (
	"net"
	"sync"
)

// maxConns bounds the connections ListenAndServe serves at once. net/http
// spends about 22 KB on each (a goroutine stack, read and write buffers,
// the request), so 3,000 clients that open a connection and stall their
// body would hold about 65 MB until the body deadline frees them; with at
// most 1,024 served at once they hold about 23 MB and the rest wait in the
// kernel's accept queue, costing the process nothing. A dashboard and a
// few scripts use a handful.
const maxConns = 1024

// limitListener accepts at most n connections at a time: Accept waits until
// one of those accepted is closed.
type limitListener struct {
	net.Listener
	slots chan struct{}
	done  chan struct{}
	once  sync.Once
}

// limitConns wraps l so that at most n connections are open at once.
func limitConns(l net.Listener, n int) net.Listener {
	return &limitListener{Listener: l, slots: make(chan struct{}, n), done: make(chan struct{})}
}

// Accept waits for a free slot, then for a connection.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &slotConn{Conn: c, free: func() { <-l.slots }}, nil
}

// Close stops accepting, also while Accept waits for a slot.
func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// slotConn gives its slot back when closed, once.
type slotConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}
