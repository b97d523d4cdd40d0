package sandbox_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
)

// A request body that stalls or trickles holds its connection no longer
// than the body deadline (DefaultBodyTimeout, 30 s; shortened here with
// WithBodyTimeout). The tests speak HTTP/1.1 by hand over loopback, since a
// well-behaved client cannot stall.

// deadlineServer serves a small sandbox with the given body deadline.
func deadlineServer(t testing.TB, d time.Duration) *httptest.Server {
	t.Helper()
	sb := sandbox.New(sandbox.WithUsers(2), sandbox.WithStrategies(4), sandbox.WithBodyTimeout(d))
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	return srv
}

// startRequest opens a connection and sends a request's head announcing a
// body of length bytes, then the first part of it.
func startRequest(t testing.TB, srv *httptest.Server, method, path string, length int, part string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	head := method + " " + path + " HTTP/1.1\r\nHost: sandbox\r\nX-API-Key: " + sandbox.DemoKey +
		"\r\nX-API-Secret: " + sandbox.DemoSecret + "\r\nContent-Type: application/json\r\nContent-Length: " +
		itoa(int64(length)) + "\r\n\r\n" + part
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	return conn
}

// awaitClose reads the answer (if any) and then waits for the server to
// close the connection; it fails if that takes longer than limit, which is
// far above the deadline under test so a slow machine does not fail it.
func awaitClose(t *testing.T, conn net.Conn, limit time.Duration) *http.Response {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(limit))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	_, err = br.ReadByte()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the server still holds the connection after %s", limit)
	}
	if err == nil {
		t.Fatal("the server sent more than one answer")
	}
	return resp
}

func TestDeadline_StalledBodyIsAnswered408AndClosed(t *testing.T) {
	srv := deadlineServer(t, 200*time.Millisecond)
	conn := startRequest(t, srv, http.MethodPost, "/api/v1/users", 100, `{"externalUserId":`)
	defer conn.Close()
	resp := awaitClose(t, conn, 20*time.Second)
	if resp == nil || resp.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("answer %v, want 408", resp)
	}
}

func TestDeadline_TricklingBodyIsCutOffBeforeItEnds(t *testing.T) {
	srv := deadlineServer(t, 300*time.Millisecond)
	const length = 400 // one byte every 25 ms: 10 s to send it all
	body := `{"externalUserId":"` + strings.Repeat("t", length-22) + `"}`
	conn := startRequest(t, srv, http.MethodPost, "/api/v1/users", len(body), "")
	defer conn.Close()
	var sent atomic.Int64
	go func() {
		for i := 0; i < len(body); i++ {
			if _, err := conn.Write([]byte{body[i]}); err != nil {
				return
			}
			sent.Add(1)
			time.Sleep(25 * time.Millisecond)
		}
	}()
	resp := awaitClose(t, conn, 20*time.Second)
	if n := sent.Load(); n >= int64(len(body)) {
		t.Fatalf("the whole trickled body (%d bytes) was taken", n)
	}
	if resp == nil || resp.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("answer %v, want 408", resp)
	}
}

func TestDeadline_StalledBodyOnABodylessRouteIsNotHeld(t *testing.T) {
	srv := deadlineServer(t, 200*time.Millisecond)
	conn := startRequest(t, srv, http.MethodGet, "/api/v1/users", 100, `{`)
	defer conn.Close()
	resp := awaitClose(t, conn, 20*time.Second)
	if resp == nil || resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("answer %v, want 400", resp)
	}
}

func TestDeadline_WholeBodiesAreUnaffected(t *testing.T) {
	srv := deadlineServer(t, 200*time.Millisecond)
	body := `{"externalUserId":"whole"}`
	conn := startRequest(t, srv, http.MethodPost, "/api/v1/users", len(body), body)
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("answer %v %v, want 201", resp, err)
	}
	resp.Body.Close()
}

// TestDeadline_3000StalledConnectionsHoldUnder50MB opens 3,000 connections
// to ListenAndServe that each stall their body, measures what the process
// holds while they wait (heap and goroutine stacks, both ends of every
// connection included), and checks that the body deadline releases them
// all. It also reports what one stalled connection costs.
func TestDeadline_3000StalledConnectionsHoldUnder50MB(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 3,000 connections")
	}
	const conns = 3000
	const budget = 50 << 20
	sb := sandbox.New(sandbox.WithUsers(2), sandbox.WithStrategies(4), sandbox.WithBodyTimeout(time.Second))
	defer sb.Close()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	served := make(chan error, 1)
	go func() { served <- sandbox.ListenAndServe(ctx, "127.0.0.1:0", sb, func(u string) { urls <- u }) }()
	defer func() { cancel(); <-served }()
	addr := strings.TrimPrefix(<-urls, "http://")

	baseGoroutines := runtime.NumGoroutine()
	before := heldBytes()
	open := make([]net.Conn, 0, conns)
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	for len(open) < conns {
		open = append(open, stallOn(t, addr))
	}
	// Wait until the server took all it will take at once.
	awaitGoroutines(t, func(n int) bool { return n >= baseGoroutines+1000 })
	held := heldBytes() - before
	perConn := float64(held) / float64(runtime.NumGoroutine()-baseGoroutines)
	t.Logf("%d stalled connections hold %.1f MB while waiting (%.1f KB per connection served)", conns, float64(held)/(1<<20), perConn/1024)
	if held > budget {
		t.Fatalf("%d stalled connections hold %d bytes, over %d", conns, held, budget)
	}
	for i, c := range open {
		_ = c.SetReadDeadline(time.Now().Add(60 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != http.StatusRequestTimeout {
			t.Fatalf("stalled connection %d: %v %v, want a 408", i, resp, err)
		}
		resp.Body.Close()
	}
	awaitGoroutines(t, func(n int) bool { return n < baseGoroutines+conns/100 })
}

// stallOn opens a connection to addr and sends a request whose body stops
// after a few bytes.
func stallOn(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	head := "POST /api/v1/users HTTP/1.1\r\nHost: sandbox\r\nX-API-Key: " + sandbox.DemoKey + "\r\nX-API-Secret: " +
		sandbox.DemoSecret + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"externalUserId\":\"stall"
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	return conn
}

// heldBytes is what the heap and the goroutine stacks hold after a GC.
func heldBytes() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc + m.StackInuse)
}

// awaitGoroutines polls the goroutine count for up to 30 s.
func awaitGoroutines(t *testing.T, cond func(int) bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond(runtime.NumGoroutine()) {
			return
		}
	}
	t.Fatalf("condition not met in 30 s (%d goroutines)", runtime.NumGoroutine())
}

func TestDeadline_EmptyChunkedBodyIsNoBody(t *testing.T) {
	srv := deadlineServer(t, 5*time.Second)
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req := "GET /api/v1/users HTTP/1.1\r\nHost: sandbox\r\nX-API-Key: " + sandbox.DemoKey + "\r\nX-API-Secret: " +
		sandbox.DemoSecret + "\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
	if _, err := io.WriteString(conn, req); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("answer %v %v, want 200", resp, err)
	}
	resp.Body.Close()
}
