package model

// Program tests of export (ctrl+s): the file holds one row per item of the
// list as filtered (every page of a server-paged list), the same bytes as
// the command line's -o csv with exact amounts, created 0600 and never
// over an existing file.

import (
	"bytes"
	"context"
	"encoding/csv"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/cli"
)

var ctrlS = tea.KeyMsg{Type: tea.KeyCtrlS}

// readExport waits for the export notice and reads the file, checking its
// name and mode.
func readExport(t *testing.T, a *streamApp, dir, tab string) []byte {
	t.Helper()
	v := a.waitFor("the export notice", func(v string) bool { return strings.Contains(v, "exported ") || strings.Contains(v, "export failed") })
	path := filepath.Join(dir, exportFileName(tab, t0))
	if !strings.Contains(v, "exported ") {
		t.Fatalf("export failed:\n%s", v)
	}
	if !strings.Contains(v, filepath.Base(path)) {
		t.Fatalf("the notice does not show the file %s:\n%s", filepath.Base(path), lineWith(v, "exported"))
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", st.Mode().Perm())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestExportStrategiesEveryPageAsFiltered(t *testing.T) {
	dir := t.TempDir()
	a := startStream(t, []sandbox.Option{sandbox.WithStrategies(400), sandbox.WithLatency(40 * time.Millisecond)}, 120, 40, WithExportDir(dir))
	a.keys("2")
	a.waitReady("page 1 of")
	a.keys("f", "down", "enter") // status: active
	a.waitReady("status active")

	// What the command line writes for the same filter, every page.
	var all []api.Strategy
	seen := map[int64]bool{}
	flt := stratFilter{fieldStatus: string(api.StatusActive)}
	for page, pages := 1, 1; page <= pages; page++ {
		p, err := a.c.ListStrategies(context.Background(), flt.integrationQuery(page, exportPageSize))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Strategies {
			if !seen[s.ID] {
				seen[s.ID] = true
				all = append(all, s)
			}
		}
		pages = p.NumberOfPages
	}
	if len(all) <= exportPageSize {
		t.Fatalf("%d active strategies fit one export page: the test pages nothing", len(all))
	}
	var want bytes.Buffer
	if err := cli.StrategiesCSV(&want, all); err != nil {
		t.Fatal(err)
	}

	a.send(ctrlS)
	a.waitFor("the progress line", func(v string) bool { return strings.Contains(v, "exporting: page 2 of") })
	got := readExport(t, a, dir, "strategies")
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the export differs from -o csv:\n%s\nwant\n%s", head(got, 5), head(want.Bytes(), 5))
	}
	rows, err := csv.NewReader(bytes.NewReader(got)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(all)+1 {
		t.Fatalf("%d rows, want one per strategy (%d) and the header", len(rows)-1, len(all))
	}
	// Exact amounts: the raw balance as sent, and its units without rounding.
	col := func(name string) int {
		for i, h := range rows[0] {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %s in %v", name, rows[0])
		return -1
	}
	raw, units := col("balanceUsedRaw"), col("balanceUsed")
	exact := 0
	for i, s := range all {
		r := rows[i+1]
		if r[raw] != s.BalanceUsed {
			t.Fatalf("strategy %d: raw %q, sent %q", s.ID, r[raw], s.BalanceUsed)
		}
		if s.BalanceUsed == "" {
			continue
		}
		// units x 10^decimals is the raw amount, exactly.
		u, ok := new(big.Rat).SetString(r[units])
		want, ok2 := new(big.Int).SetString(s.BalanceUsed, 10)
		if !ok || !ok2 {
			t.Fatalf("strategy %d: units %q, raw %q", s.ID, r[units], s.BalanceUsed)
		}
		u.Mul(u, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s.Pool.Decimals)), nil)))
		if !u.IsInt() || u.Num().Cmp(want) != 0 {
			t.Fatalf("strategy %d: %s units at %d decimals is not the raw %s", s.ID, r[units], s.Pool.Decimals, s.BalanceUsed)
		}
		exact++
	}
	if exact == 0 {
		t.Fatal("no strategy had an amount to check")
	}
}

func TestExportUsersAsFilteredNotOnlyVisible(t *testing.T) {
	dir := t.TempDir()
	a := startStream(t, []sandbox.Option{sandbox.WithUsers(80)}, 120, 24, WithExportDir(dir))
	a.keys("4")
	a.waitReady("[4 Users]", "EXTERNAL ID", "80 users ·")
	a.send(ctrlS)
	got := readExport(t, a, dir, "users")
	users, err := a.c.ListUsers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := cli.UsersCSV(&want, users); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the export of 80 users (24 lines on screen) differs from -o csv:\n%s", head(got, 5))
	}

	// A second export in the same second does not overwrite the first.
	a.send(ctrlS)
	a.waitFor("the refusal", func(v string) bool { return strings.Contains(v, "exists already") })
	if again, _ := os.ReadFile(filepath.Join(dir, exportFileName("users", t0))); !bytes.Equal(again, got) {
		t.Fatal("the first export was changed")
	}
}

func TestExportUsersFiltered(t *testing.T) {
	dir := t.TempDir()
	a := startStream(t, nil, 120, 40, WithExportDir(dir))
	a.keys("4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	u := a.sb.Users()[5]
	a.keys("/")
	for _, r := range u.ExternalUserID {
		a.keys(string(r))
	}
	a.waitReady("1 of 12 users")
	a.keys("enter") // leave the input: ctrl+s is a global key
	a.send(ctrlS)
	got := readExport(t, a, dir, "users")
	rows, err := csv.NewReader(bytes.NewReader(got)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1][1] != u.ExternalUserID {
		t.Fatalf("rows %q, want the header and %s", rows, u.ExternalUserID)
	}
}

func head(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// TestExportChosenUsersStrategies exports the chosen user's view
// (getFilteredStrategies) in the order asked of the server, every page.
func TestExportChosenUsersStrategies(t *testing.T) {
	dir := t.TempDir()
	a := startStream(t, []sandbox.Option{sandbox.WithStrategies(400)}, 120, 40, WithExportDir(dir))
	// The user with the most strategies.
	counts := map[string]int{}
	for id := int64(1); ; id++ {
		s, ok := a.sb.Strategy(id)
		if !ok {
			break
		}
		counts[s.UserID]++
	}
	user, most := "", 0
	for u, n := range counts {
		if n > most || (n == most && u < user) {
			user, most = u, n
		}
	}
	row := slices.IndexFunc(a.sb.Users(), func(u api.User) bool { return u.ExternalUserID == user })
	if row < 0 {
		t.Fatalf("user %s is not listed", user)
	}
	a.keys("4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	for range row {
		a.keys("down")
	}
	a.keys("enter", "2")
	a.waitReady("[2 Strategies]", "gains by chain")
	a.keys("o") // highest value first
	a.waitReady("BALANCE↓")

	var all []api.Strategy
	for page, pages := 1, 1; page <= pages; page++ {
		r, err := a.c.GetFilteredStrategies(context.Background(), stratFilter{fieldSort: "highest"}.userQuery(user, page, exportPageSize))
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range r.Strategies {
			all = append(all, it.Strategy)
		}
		pages = r.Pagination.TotalPages
	}
	if len(all) == 0 {
		t.Fatal("the user has no strategies")
	}
	var want bytes.Buffer
	if err := cli.StrategiesCSV(&want, all); err != nil {
		t.Fatal(err)
	}
	a.send(ctrlS)
	if got := readExport(t, a, dir, "strategies"); !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the export of %s's %d strategies differs:\n%s\nwant\n%s", user, len(all), head(got, 4), head(want.Bytes(), 4))
	}
}
