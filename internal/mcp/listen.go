package mcp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TokenEnv is the variable that holds the bearer token of --listen.
const TokenEnv = "STRATOP_MCP_TOKEN"

// MinTokenLen is the shortest token accepted: a guessable token on a
// shared machine would let another local user read the integration.
const MinTokenLen = 24

// ListenError is a refusal to serve over HTTP, in words.
type ListenError struct{ Msg string }

func (e *ListenError) Error() string { return e.Msg }

// CheckLoopback refuses an address that is not a loopback host with a
// port: the HTTP transport is for a client on this machine only.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return &ListenError{Msg: fmt.Sprintf("--listen %q: want host:port on loopback, e.g. 127.0.0.1:8765", addr)}
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return &ListenError{Msg: fmt.Sprintf("--listen %q: only a loopback address is served (127.0.0.1, ::1 or localhost); "+
			"nothing else may reach the integration through this server", addr)}
	}
	return nil
}

// CheckToken refuses a token that is missing or too short.
func CheckToken(token string) error {
	switch {
	case token == "":
		return &ListenError{Msg: "--listen needs a bearer token in " + TokenEnv + " (at least " + itoa(MinTokenLen) +
			" characters, e.g. from openssl rand -hex 24); clients send it as Authorization: Bearer"}
	case len(token) < MinTokenLen:
		return &ListenError{Msg: TokenEnv + " is too short: give at least " + itoa(MinTokenLen) + " characters"}
	}
	return nil
}

// Handler is the streamable HTTP transport of s behind the bearer token:
// a request without it, or with another, is answered 401 and never
// reaches the server.
func (s *Server) Handler(token string) (http.Handler, error) {
	if err := CheckToken(token); err != nil {
		return nil, err
	}
	verify := func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		if subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: "stratop"}, nil
	}
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk }, nil)
	return auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h), nil
}

// ListenAndServe serves s over streamable HTTP on addr (loopback only)
// with token until ctx ends; ready, when not nil, learns the address
// bound (a port 0 gets one).
func (s *Server) ListenAndServe(ctx context.Context, addr, token string, ready func(net.Addr)) error {
	if err := CheckLoopback(addr); err != nil {
		return err
	}
	h, err := s.Handler(token)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); !ok || !tcp.IP.IsLoopback() {
		_ = ln.Close()
		return &ListenError{Msg: fmt.Sprintf("--listen %q bound %s, which is not loopback: refused", addr, ln.Addr())}
	}
	if ready != nil {
		ready(ln.Addr())
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
