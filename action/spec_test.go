package action

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

func TestAllowedTable(t *testing.T) {
	all := []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived}
	want := map[string][]api.Status{
		"halt":      {api.StatusActive, api.StatusSuspended, api.StatusPaused},
		"suspend":   {api.StatusActive},
		"resume":    {api.StatusSuspended},
		"stop":      {api.StatusActive, api.StatusSuspended, api.StatusPaused},
		"archive":   {api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted},
		"disable":   {api.StatusActive, api.StatusSuspended, api.StatusPaused},
		"duplicate": {api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted},
	}
	for name, ok := range want {
		spec, found := Lookup(name)
		if !found {
			t.Fatalf("no action %q", name)
		}
		for _, st := range all {
			got, why := spec.Allowed(api.Strategy{Status: st, Type: api.MethodDCA})
			if exp := slices.Contains(ok, st); got != exp {
				t.Errorf("%s from %s: allowed=%v, want %v", name, st, got, exp)
			}
			if !got && why == "" {
				t.Errorf("%s from %s refused without a reason", name, st)
			}
		}
	}
	if ok, _ := AddBalance.Allowed(api.Strategy{Status: api.StatusActive, Type: api.MethodDCA}); ok {
		t.Error("add-balance offered on a DCA strategy")
	}
	if ok, _ := AddBalance.Allowed(api.Strategy{Status: api.StatusActive, Type: api.MethodVolume}); !ok {
		t.Error("add-balance refused on an active volume strategy")
	}
}

func TestErrorsInPlainWords(t *testing.T) {
	cases := []struct {
		err  error
		spec Spec
		want string
	}{
		{&api.Error{StatusCode: 400, Message: "cannot resume a completed strategy"}, Resume, "not allowed from the current state: cannot resume"},
		{&api.Error{StatusCode: 403, Message: "two-factor authentication must be enabled"}, Stop, "enable it in the partner portal's security settings"},
		{&api.Error{StatusCode: 403, Message: "strategy 4 does not belong to user \"x\""}, Suspend, "not the owner"},
		{&api.Error{StatusCode: 404, Message: "no such strategy"}, Halt, "gone (404)"},
		{&api.Error{StatusCode: 409, Message: "idempotencyKey was already used"}, AddBalance, "idempotency key was already used"},
		{&api.TransportError{Op: "POST", Host: "h", Err: errors.New("refused")}, Halt, "not sent"},
	}
	for _, c := range cases {
		if got := ErrorText(c.err, c.spec); !strings.Contains(got, c.want) {
			t.Errorf("%v: %q lacks %q", c.err, got, c.want)
		}
	}
	if !Unknown(&api.TransportError{Op: "POST", Timeout: true, MaybeDelivered: true}) ||
		!Unknown(context.DeadlineExceeded) || Unknown(&api.TransportError{Op: "POST"}) ||
		Unknown(&api.Error{StatusCode: 400}) {
		t.Fatal("Unknown misclassifies")
	}
}
