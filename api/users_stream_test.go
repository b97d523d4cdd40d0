package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The streamed decoder answers every body as decodeResponse does: the same
// users, or the same error text (a syntax error's byte offset aside).
func TestStreamedUsersDecodeAsWhole(t *testing.T) {
	bodies := []string{
		`[]`, ` [ ] `, "\xef\xbb\xbf[{\"id\":1,\"externalUserId\":\"a\"}]",
		`[{"id":1,"externalUserId":"a","walletAddress":"0xw","extra":{"x":[1,2]}},{"id":2,"externalUserId":"b"}]`,
		`[null,{"id":3}]`, "\n[{\"id\":4}]\n\t",
		``, `   `, `null`, ` null `, `nul`, `nope`, `<html>no</html>`, `{"users":"all of them"}`, `"users"`, `42`, `true`,
		`[{"id":"seven"}]`, `[{"id":1,"externalUserId":7}]`, `[{"id":1}`, `[{"id":1},]`, `[{"id":1}] x`, `[] []`, `[1]`, `[{"id":1}}`,
	}
	for _, body := range bodies {
		var whole []User
		_, wantErr := decodeResponse([]byte(body), &whole, needJSON)
		var got []User
		err := decodeArray(strings.NewReader(body), func(u User) { got = append(got, u) })
		if (err == nil) != (wantErr == nil) {
			t.Errorf("%q: streamed error %v, whole %v", body, err, wantErr)
			continue
		}
		if err != nil {
			if noOffset(err) != noOffset(wantErr) {
				t.Errorf("%q: streamed error %q, whole %q", body, err, wantErr)
			}
			continue
		}
		if !slices.Equal(got, whole) {
			t.Errorf("%q: streamed %v, whole %v", body, got, whole)
		}
	}
}

var offsetRE = regexp.MustCompile(`near byte \d+`)

func noOffset(err error) string { return offsetRE.ReplaceAllString(err.Error(), "near byte N") }

func usersBody(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"externalUserId":"cust_%08d","walletAddress":"0x%040d"}`, i, i, i)
	}
	b.WriteByte(']')
	return b.String()
}

// GET /users may answer more than the client's cap (a large integration);
// every other route keeps it.
func TestUsersCapIsRaisedForThatRouteOnly(t *testing.T) {
	body := usersBody(100_000) // 9.4 MB, over the 8 MiB default
	if len(body) <= DefaultMaxResponseBytes {
		t.Fatalf("body of %d bytes is not over the default cap", len(body))
	}
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, body)
	}))
	users, err := c.ListUsers(context.Background())
	if err != nil || len(users) != 100_000 || users[99_999].ExternalUserID != "cust_00100000" {
		t.Fatalf("ListUsers of a 9.4 MB answer: %d users, %v", len(users), err)
	}
	if _, err := c.GetClientPools(context.Background(), 0); !errors.Is(err, ErrResponseTooLarge) {
		t.Fatalf("getClientPools answering 9.4 MB: %v, want ErrResponseTooLarge", err)
	}
}

// The users route's cap holds, declared or streamed.
func TestStreamedUsersCap(t *testing.T) {
	body := usersBody(50)
	for _, declared := range []bool{true, false} {
		c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if declared {
				w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			}
			for i := 0; i < len(body); i += 256 {
				_, _ = io.WriteString(w, body[i:min(i+256, len(body))])
				w.(http.Flusher).Flush()
			}
		}))
		rt := usersRoute()
		rt.maxBytes = 0 // the client's cap, set below the answer
		c.cfg.maxBytes = int64(len(body) - 1)
		n := 0
		_, err := c.send(context.Background(), rt, scanReader(func() { n = 0 }, func(*UserFields) { n++ }))
		if !errors.Is(err, ErrResponseTooLarge) {
			t.Errorf("declared %v: %v, want ErrResponseTooLarge", declared, err)
		}
		c.cfg.maxBytes = int64(len(body))
		if _, err := c.send(context.Background(), rt, scanReader(func() { n = 0 }, func(*UserFields) { n++ })); err != nil || n != 50 {
			t.Errorf("declared %v, at the cap: %d users, %v", declared, n, err)
		}
	}
}

// A read cut mid-body is retried, and the retry starts the list over.
func TestStreamedUsersRetryStartsOver(t *testing.T) {
	body := usersBody(300)
	var hits counter
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		if hits.get() == 1 {
			_, _ = io.WriteString(w, body[:len(body)/2]) // the connection ends here
			return
		}
		_, _ = io.WriteString(w, body)
	}))
	users, err := c.ListUsers(context.Background())
	if err != nil || len(users) != 300 || hits.get() != 2 {
		t.Fatalf("%d users after %d attempts: %v", len(users), hits.get(), err)
	}
	for i, u := range users {
		if u.ID != int64(i+1) {
			t.Fatalf("user %d has id %d: the first attempt's users were kept", i, u.ID)
		}
	}
}

// BenchmarkDecodeUsersStream100k: the streamed decoder over a 100,000-user
// answer (9.4 MB) held in memory; SetBytes gives the throughput.
func BenchmarkDecodeUsersStream100k(b *testing.B) {
	body := usersBody(100_000)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := decodeArray(strings.NewReader(body), func(User) { n++ }); err != nil || n != 100_000 {
			b.Fatal(n, err)
		}
	}
}
