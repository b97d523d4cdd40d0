package watch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/integration"
)

// twoKeysOn is two integrations on one host and port, told apart by their
// partner keys only.
func twoKeysOn(t *testing.T, base string) (integration.ID, integration.ID) {
	t.Helper()
	a, err := integration.New(base, "key-of-partner-a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := integration.New(base, "key-of-partner-b")
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// The same change (same strategy, sequence and status after) seen by two
// integrations on one host is two changes: their ids differ.
func TestEventIDsOfTwoIntegrationsOnOneHostDiffer(t *testing.T) {
	a, b := twoKeysOn(t, "https://partner.example")
	oa := Options{Host: "partner.example", Integration: a}
	ob := Options{Host: "partner.example", Integration: b}
	parts := []string{i64(42), i64(7), "paused"}
	if eventID(oa, KindStatus, parts...) == eventID(ob, KindStatus, parts...) {
		t.Fatal("two integrations on one host gave one change the same id")
	}
	// Another port of the same host is another integration too.
	c, err := integration.New("https://partner.example:8443", "key-of-partner-a")
	if err != nil {
		t.Fatal(err)
	}
	if eventID(oa, KindStatus, parts...) == eventID(Options{Host: "partner.example", Integration: c}, KindStatus, parts...) {
		t.Fatal("two ports of one host gave one change the same id")
	}
}

// An engine given no integration keeps the derivation ids always had (the
// host, the kind, the parts), so its ids do not change under a reader that
// kept them.
func TestEventIDWithoutAnIntegrationIsTheHostsAsBefore(t *testing.T) {
	sum := sha256.Sum256([]byte("partner.example\x00strategy.status\x0042\x007\x00paused"))
	want := hex.EncodeToString(sum[:10])
	if got := eventID(Options{Host: "partner.example"}, KindStatus, "42", "7", "paused"); got != want {
		t.Fatalf("id = %s, want the host-only derivation %s", got, want)
	}
}

// Two engines of two integrations on one host watch one change happen in
// each: the events differ in id, so a consumer of both keeps both.
func TestEnginesOfTwoKeysOnOneHostReportDistinctIDs(t *testing.T) {
	w := newWorld(t, 4, 60)
	a, b := twoKeysOn(t, "https://sandbox.test")
	var recA, recB recorder
	opts := Options{Scope: Integration(), Interval: 30 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30}
	oa, ob := opts, opts
	oa.Integration, oa.Emit = a, recA.emit
	ob.Integration, ob.Emit = b, recB.emit
	ea, _ := running(t, w, oa)
	eb, _ := running(t, w, ob)
	waitFor(t, "both first full reads", func() bool { return ea.Stats().Baselined && eb.Stats().Baselined })
	active := firstWith(t, w, api.StatusActive)
	if _, err := w.c.HaltStrategy(context.Background(), active.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "both see the halt", func() bool {
		return len(recA.find(KindStatus, active.ID)) > 0 && len(recB.find(KindStatus, active.ID)) > 0
	})
	ga, gb := recA.find(KindStatus, active.ID)[0], recB.find(KindStatus, active.ID)[0]
	if ga.Before != gb.Before || ga.After != gb.After {
		t.Fatalf("the two engines saw different changes: %+v, %+v", ga, gb)
	}
	if ga.ID == gb.ID {
		t.Fatalf("two integrations on one host reported their changes under one id %s", ga.ID)
	}
	if ga.Integration != a.String() || gb.Integration != b.String() {
		t.Fatalf("events name %q and %q, want %q and %q", ga.Integration, gb.Integration, a, b)
	}
}

// The upgrade: a watcher of the old derivation dies after printing a
// change and before saving its cursor; the new one, given the integration,
// emits the change again from the cursor's outbox with the id it was
// printed with, so a consumer that kept it drops the repeat rather than
// alerting twice.
func TestUpgradeReplaysTheCursorsOutboxWithTheIDsItWasSavedWith(t *testing.T) {
	w := newWorld(t, 4, 60)
	ctx := context.Background()
	active := firstWith(t, w, api.StatusActive)
	old := Options{Profile: "p", Host: "sandbox.test", Scope: Integration(), CursorDir: t.TempDir(),
		Interval: 30 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30, Meter: w.m}
	var before recorder
	crashAfterStatus(t, w, old, &before, func() {
		if _, err := w.c.HaltStrategy(ctx, active.ID); err != nil {
			t.Fatal(err)
		}
	})
	printed := before.find(KindStatus, active.ID)
	if len(printed) != 1 {
		t.Fatalf("before the upgrade: %+v", printed)
	}

	upgraded := old
	upgraded.Integration, _ = twoKeysOn(t, "https://sandbox.test")
	var after recorder
	upgraded.Emit = after.emit
	e, stop := running(t, w, upgraded)
	sweeps := -1
	waitFor(t, "two full sweeps after the upgrade", func() bool {
		n := e.Stats().Sweeps
		if sweeps < 0 {
			sweeps = n
		}
		return n >= sweeps+2
	})
	stop()
	again := after.find(KindStatus, active.ID)
	if len(again) != 1 || again[0].ID != printed[0].ID {
		t.Fatalf("after the upgrade the halt was emitted as %+v; want once more, with the id %s it was printed with", again, printed[0].ID)
	}
}
