package api

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestUntrustedCertificateRefused: a TLS server whose certificate is not
// trusted is refused, reported as never delivered, and not retried.
func TestUntrustedCertificateRefused(t *testing.T) {
	var hits counter
	srv := newTLSServer(t, &hits)
	w := &waits{}
	c, err := New(srv.URL, WithCredentials(Credentials{Key: canaryKey, Secret: canarySecret}), withWaiter(w.sleep, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListUsers(context.Background())
	var te *TransportError
	if !errors.As(err, &te) {
		t.Fatalf("err = %v, want *TransportError", err)
	}
	if te.MaybeDelivered || te.Op != "tls" {
		t.Errorf("Op %q MaybeDelivered %v, want tls/false", te.Op, te.MaybeDelivered)
	}
	if hits.get() != 0 || len(w.got()) != 0 {
		t.Errorf("hits %d waits %v: certificate failure must not be retried", hits.get(), w.got())
	}
}

// TestTrustedCertificateViaTLSConfig: WithTLSConfig trusting the server's
// certificate works.
func TestTrustedCertificateViaTLSConfig(t *testing.T) {
	var hits counter
	srv := newTLSServer(t, &hits)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	c, err := New(srv.URL, WithTLSConfig(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS10}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListUsers(context.Background()); err != nil {
		t.Fatalf("ListUsers over trusted TLS: %v", err)
	}
	tr := c.http.Transport.(*authTransport).next.(*http.Transport)
	if tr.TLSClientConfig.MinVersion != tls.VersionTLS12 {
		t.Errorf("MinVersion not raised to TLS 1.2")
	}
}

func newTLSServer(t *testing.T, hits *counter) *httptest.Server {
	t.Helper()
	return httptestTLS(t, jsonHandler(hits, http.StatusOK, `[]`))
}

// TestDefaultTransportTimeouts guards the dial, TLS and header timeouts.
func TestDefaultTransportTimeouts(t *testing.T) {
	c, err := New("https://api.example.com")
	if err != nil {
		t.Fatal(err)
	}
	tr := c.http.Transport.(*authTransport).next.(*http.Transport)
	if tr.TLSHandshakeTimeout != DefaultTLSTimeout || tr.ResponseHeaderTimeout != DefaultHeaderTimeout || tr.DialContext == nil {
		t.Errorf("transport timeouts not set: %+v", tr)
	}
	if c.http.Timeout != 0 || c.cfg.requestTimeout != DefaultRequestTimeout {
		t.Errorf("request timeout %v / client timeout %v", c.cfg.requestTimeout, c.http.Timeout)
	}
}

// TestRequestTimeout: a server that never answers yields a timeout error,
// possibly delivered; a read is retried with a fresh budget each time.
func TestRequestTimeout(t *testing.T) {
	var hits counter
	c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		<-r.Context().Done()
	}), WithTimeout(80*time.Millisecond), WithRetries(1))
	_, err := c.GetStrategy(context.Background(), 1)
	var te *TransportError
	if !errors.As(err, &te) || !te.Timeout || !te.MaybeDelivered {
		t.Fatalf("err = %#v, want delivered timeout", err)
	}
	if hits.get() != 2 || len(w.got()) != 1 {
		t.Errorf("hits %d waits %d, want 2 and 1", hits.get(), len(w.got()))
	}
}

// TestConnectionRefusedNotDelivered: a dial failure provably never sent the
// request; reads retry it, actions report it as not delivered.
func TestConnectionRefusedNotDelivered(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	w := &waits{}
	c, err := New("http://"+addr, withWaiter(w.sleep, func(d time.Duration) time.Duration { return d }, nil))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.HaltStrategy(context.Background(), 5)
	var te *TransportError
	if !errors.As(err, &te) || te.MaybeDelivered || te.Op != "connect" {
		t.Fatalf("halt on refused port: %#v", err)
	}
	if len(w.got()) != 0 {
		t.Errorf("action retried")
	}
	_, err = c.ListUsers(context.Background())
	if !errors.Is(err, ErrNetwork) || len(w.got()) != DefaultRetries {
		t.Errorf("read on refused port: %v after %d waits", err, len(w.got()))
	}
}

// TestMaybeDeliveredWithoutTrace: a transport without trace hooks is judged
// by its error: dial failures were not delivered, anything else may be.
func TestMaybeDeliveredWithoutTrace(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("refused")}, false},
		{&net.DNSError{Err: "no such host", Name: "x"}, false},
		{x509.UnknownAuthorityError{}, false},
		{io.ErrUnexpectedEOF, true},
		{&net.OpError{Op: "read", Net: "tcp", Err: errors.New("reset")}, true},
	} {
		rt := roundTripFunc(func(*http.Request) (*http.Response, error) { return nil, tc.err })
		c, _ := New("https://api.example.com", WithHTTPTransport(rt))
		_, err := c.HaltStrategy(context.Background(), 1)
		var te *TransportError
		if !errors.As(err, &te) || te.MaybeDelivered != tc.want {
			t.Errorf("%v: got %#v, want MaybeDelivered %v", tc.err, err, tc.want)
		}
	}
}
