package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"testing"
)

// outcomes records what an attempt observer is told.
type outcomes struct {
	mu     sync.Mutex
	begun  int
	errors []error
}

func (o *outcomes) ctx() context.Context {
	return ObserveAttempts(context.Background(), func() func(error) {
		o.mu.Lock()
		o.begun++
		o.mu.Unlock()
		return func(err error) {
			o.mu.Lock()
			o.errors = append(o.errors, err)
			o.mu.Unlock()
		}
	})
}

func TestAttemptObserverSeesEveryAttempt(t *testing.T) {
	html := func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/html")
		_, _ = io.WriteString(w, "<html>sign in</html>")
	}
	cases := []struct {
		name    string
		handler http.HandlerFunc
		want    []func(error) bool
	}{
		{"good", jsonHandler(&counter{}, 200, `{"usersCount":1,"strategiesCount":2}`), []func(error) bool{isNil}},
		{"401", jsonHandler(&counter{}, 401, `{"message":"no"}`), []func(error) bool{is(ErrUnauthorized)}},
		{"500 retried", jsonHandler(&counter{}, 503, `{}`), []func(error) bool{is(ErrServer), is(ErrServer)}},
		{"html 200", html, []func(error) bool{decodeErr}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := newTestClient(t, tc.handler, WithRetries(1))
			var o outcomes
			_, _ = c.GetDashboardStats(o.ctx())
			if o.begun != len(tc.want) || len(o.errors) != len(tc.want) {
				t.Fatalf("begun %d, ended %d, want %d each", o.begun, len(o.errors), len(tc.want))
			}
			for i, ok := range tc.want {
				if !ok(o.errors[i]) {
					t.Errorf("attempt %d: outcome %v", i, o.errors[i])
				}
			}
		})
	}
}

func TestAttemptObserverSeesRefusedConnection(t *testing.T) {
	c, srv, _ := newTestClient(t, jsonHandler(&counter{}, 200, `{}`), WithRetries(0))
	srv.Close()
	var o outcomes
	if _, err := c.GetDashboardStats(o.ctx()); err == nil {
		t.Fatal("a closed server answered")
	}
	var te *TransportError
	if len(o.errors) != 1 || !errors.As(o.errors[0], &te) {
		t.Fatalf("outcomes %v, want one transport error", o.errors)
	}
}

func TestAttemptObserverSilentBeforeSending(t *testing.T) {
	c, _, _ := newTestClient(t, jsonHandler(&counter{}, 200, `{}`))
	var o outcomes
	if _, err := c.GetUser(o.ctx(), ""); err == nil {
		t.Fatal("an empty user id was sent")
	}
	if o.begun != 0 {
		t.Fatalf("a request refused before sending was observed %d times", o.begun)
	}
}

func isNil(err error) bool { return err == nil }

func is(target error) func(error) bool { return func(err error) bool { return errors.Is(err, target) } }

func decodeErr(err error) bool {
	var de *DecodeError
	return errors.As(err, &de)
}
