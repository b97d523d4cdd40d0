package sandbox

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Server timeouts of ListenAndServe: generous for a local tool, but a client
// that stalls cannot hold a connection forever.
const (
	readHeaderTimeout = 10 * time.Second
	idleTimeout       = 2 * time.Minute
	shutdownTimeout   = 5 * time.Second
)

// ListenAndServe serves s on addr (host:port; port 0 picks a free one) until
// ctx ends, then shuts the server down gracefully, waiting up to 5 s for
// requests in flight. ready, when not nil, is called with the base URL
// ("http://127.0.0.1:8787"; routes live under /api/v1) once the listener is
// open. It serves plain HTTP; a nil error means a clean shutdown. It does not
// run the simulation (call s.Start) and does not Close s. At most 1,024
// connections are served at once (see maxConns), and a request body must
// arrive within the sandbox's body deadline (WithBodyTimeout).
func ListenAndServe(ctx context.Context, addr string, s *Sandbox, ready func(baseURL string)) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	ln = limitConns(ln, maxConns)
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		IdleTimeout:       idleTimeout,
	}
	base := "http://" + ln.Addr().String()
	s.serveAt(base)
	if ready != nil {
		ready(base)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	err = srv.Shutdown(shutCtx)
	if serveErr := <-served; serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = serveErr
	}
	return err
}
