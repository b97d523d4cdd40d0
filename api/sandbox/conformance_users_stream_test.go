package sandbox_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// GET /users of more users than one streamed piece: every user once, in id
// order, without e-mail, sent chunked (no Content-Length), valid JSON.
func TestUsersListStreamedWhole(t *testing.T) {
	e := newEnv(t, sandbox.WithUsers(5000), sandbox.WithStrategies(10))
	r := e.raw(http.MethodGet, "/api/v1/users", "")
	if r.status != http.StatusOK || r.header.Get("Content-Length") != "" {
		t.Fatalf("status %d, Content-Length %q", r.status, r.header.Get("Content-Length"))
	}
	var got []map[string]any
	if err := json.Unmarshal(r.body, &got); err != nil {
		t.Fatalf("body is not one JSON array: %v", err)
	}
	if len(got) != 5000 {
		t.Fatalf("%d users, want 5000", len(got))
	}
	if _, hasEmail := got[4999]["email"]; hasEmail {
		t.Error("the list carries e-mail")
	}
	users := must(e.c.ListUsers(e.ctx))(t)
	want := e.sb.Users()
	for i := range want {
		want[i].Email = ""
	}
	if !slices.Equal(users, want) {
		t.Fatal("streamed list differs from the sandbox's users")
	}
	// A user added after the first piece is in the next answer.
	if _, err := e.c.UpsertUser(e.ctx, api.CreateUserRequest{ExternalUserID: "one-more"}); err != nil {
		t.Fatal(err)
	}
	if users := must(e.c.ListUsers(e.ctx))(t); len(users) != 5001 || users[5000].ExternalUserID != "one-more" {
		t.Fatalf("%d users after adding one", len(users))
	}
}
