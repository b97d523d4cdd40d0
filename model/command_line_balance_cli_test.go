package model_test

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cmd/root"
	"github.com/stratop/stratop/internal/testkit"
)

// The add-balance confirmation's command line (the amount in token units
// as typed, the reason) sends the same changeBalance, raw amount and all,
// as the dialog did.
func TestBalanceDialogCommandLineDoesWhatTheDialogDid(t *testing.T) {
	dash, shell := newCopyRig(t)
	c := dash.client(t)
	p, err := c.ListStrategies(t.Context(), api.StrategyFilter{Page: 1, PageSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	row := slices.IndexFunc(p.Strategies, func(s api.Strategy) bool {
		return s.Type == api.MethodVolume && s.Category != api.CategorySell && s.Status == api.StatusActive
	})
	if row < 0 {
		t.Fatal("no active volume buy strategy on the first page")
	}
	id := p.Strategies[row].ID

	tm, pr, term := startCopying(t, c)
	wait := func(sub string) {
		t.Helper()
		testkit.WaitFor(t, 10*time.Second, sub, pr.Frame, func(v string) bool { return strings.Contains(v, sub) })
	}
	typeText := func(s string) {
		for _, r := range s {
			tm.Send(testkit.Runes(string(r)))
		}
	}
	tm.Send(testkit.Key("2"))
	wait("page 1 of 3")
	for range row {
		tm.Send(testkit.Key("down"))
	}
	tm.Send(testkit.Key("A"))
	wait("Actions for strategy " + itoa(id))
	tm.Send(testkit.Key("b"))
	wait("Add balance to strategy " + itoa(id) + "?")
	typeText("1.5")
	wait("--amount 1.5")
	tm.Send(testkit.Key("enter"))
	wait("Confirm adding to strategy " + itoa(id) + "?")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlY}) // c types into the amount: the review copies on ctrl+y
	deadline := time.Now().Add(5 * time.Second)
	for !strings.HasPrefix(copied(term), "stratop ") {
		if time.Now().After(deadline) {
			t.Fatalf("nothing copied:\n%s", pr.Frame())
		}
		time.Sleep(10 * time.Millisecond)
	}
	line := copied(term)
	tm.Send(testkit.Key("y"))
	testkit.WaitFor(t, 10*time.Second, "the dashboard's request", func() string { return strings.Join(dash.sent(), "\n") },
		func(s string) bool { return s != "" })

	words := shellWords(t, line)
	t.Setenv("STRATOP_BASE_URL", shell.url)
	var out, errb bytes.Buffer
	if code := root.Run(append(words[1:], "--yes"), strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("%s: exit %d: %s", line, code, errb.String())
	}
	want, got := dash.sent(), shell.sent()
	if len(got) != 1 || !slices.Equal(want, got) {
		t.Fatalf("%s\ndashboard sent:\n%s\nthe command sent:\n%s", line, strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
