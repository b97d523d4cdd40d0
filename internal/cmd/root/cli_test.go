package root

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
)

// Canary credentials: they may appear only inside the chosen store.
const (
	canaryKey    = testkit.CanaryKey
	canarySecret = testkit.CanarySecret
)

var canaryStdin = canaryKey + "\n" + canarySecret + "\n"

// cliEnv is a sandbox with the simulation off behind a loopback server,
// credentials in the environment (the canary pair), and HOME and every XDG
// directory in a temp dir: no test touches the real keyring or state.
type cliEnv struct {
	t     *testing.T
	sb    *sandbox.Sandbox
	srv   *httptest.Server
	state string // XDG_STATE_HOME

	mu       sync.Mutex
	requests []string // "METHOD /api/v1/..." of every request that arrived
	// hook, when set, runs before the sandbox answers a request.
	hook func(r *http.Request)
	// outputs is everything any command printed, for leak scans.
	outputs []string
}

func newCLIEnv(t *testing.T, opts ...sandbox.Option) *cliEnv {
	t.Helper()
	all := append([]sandbox.Option{sandbox.WithUsers(4), sandbox.WithStrategies(45),
		sandbox.WithCredentials(canaryKey, canarySecret)}, opts...)
	e := &cliEnv{t: t, sb: sandbox.New(all...)}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.mu.Lock()
		e.requests = append(e.requests, r.Method+" "+r.URL.Path)
		hook := e.hook
		e.mu.Unlock()
		if hook != nil {
			hook(r)
		}
		e.sb.ServeHTTP(w, r)
	}))
	t.Cleanup(e.srv.Close)
	t.Cleanup(e.sb.Close)
	home := t.TempDir()
	e.state = filepath.Join(home, "state")
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", e.state)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	t.Setenv("STRATOP_PROFILE", "")
	t.Setenv("STRATOP_BASE_URL", e.srv.URL)
	t.Setenv("STRATOP_API_KEY", canaryKey)
	t.Setenv("STRATOP_API_SECRET", canarySecret)
	return e
}

// setHook installs a hook run before the sandbox answers each request.
func (e *cliEnv) setHook(h func(r *http.Request)) {
	e.mu.Lock()
	e.hook = h
	e.mu.Unlock()
}

// requestCount is how many requests arrived.
func (e *cliEnv) requestCount() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.requests)
}

// run runs stratop in-process with stdin (never a terminal).
func (e *cliEnv) run(stdin string, args ...string) (stdout, stderr string, code int) {
	e.t.Helper()
	var out, errb bytes.Buffer
	code = Run(args, strings.NewReader(stdin), &out, &errb)
	e.mu.Lock()
	e.outputs = append(e.outputs, out.String(), errb.String())
	e.mu.Unlock()
	return out.String(), errb.String(), code
}

// ok runs a command that must exit 0.
func (e *cliEnv) ok(args ...string) string {
	e.t.Helper()
	out, errOut, code := e.run("", args...)
	if code != 0 {
		e.t.Fatalf("stratop %s: exit %d\nstderr: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// sent counts the requests that arrived with this method whose path ends
// with suffix.
func (e *cliEnv) sent(method, suffix string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, r := range e.requests {
		if strings.HasPrefix(r, method+" ") && strings.HasSuffix(r, suffix) {
			n++
		}
	}
	return n
}

func (e *cliEnv) stateChanges() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []string
	for _, r := range e.requests {
		if strings.HasPrefix(r, "POST ") && !strings.Contains(r, "/get") {
			out = append(out, r)
		}
	}
	return out
}

// strategyWith finds a strategy in the sandbox's first page with status st.
func (e *cliEnv) strategyWith(st api.Status, volume bool) api.Strategy {
	e.t.Helper()
	var page []api.Strategy
	if err := json.Unmarshal([]byte(e.ok("strategies", "list", "-o", "json", "--status", string(st), "--page-size", "100")), &page); err != nil {
		e.t.Fatal(err)
	}
	for _, s := range page {
		if !volume || s.Type == api.MethodVolume {
			return s
		}
	}
	e.t.Fatalf("no %s strategy in the sandbox", st)
	return api.Strategy{}
}

// firstPage reads the first page of strategies as -o json prints it, with
// the page facts stderr states.
func (e *cliEnv) firstPage(size int) (items []api.Strategy, pages, total int) {
	e.t.Helper()
	out, errOut, code := e.run("", "strategies", "list", "-o", "json", "--page-size", strconv.Itoa(size))
	if code != 0 {
		e.t.Fatalf("exit %d: %s", code, errOut)
	}
	if err := json.Unmarshal([]byte(out), &items); err != nil {
		e.t.Fatalf("one page -o json is not an array: %v", err)
	}
	if _, err := fmt.Sscanf(errOut, "page 1 of %d (%d strategies)", &pages, &total); err != nil {
		e.t.Fatalf("stderr does not state the pages: %q", errOut)
	}
	return items, pages, total
}

func TestCLIListAllJSONHasTotalCountDistinctIDs(t *testing.T) {
	e := newCLIEnv(t)
	first, pages, total := e.firstPage(7)
	if pages < 3 || len(first) != 7 {
		t.Fatalf("want several pages of 7, got %d pages, %d items", pages, len(first))
	}
	out, errOut, code := e.run("", "strategies", "list", "--all", "-o", "json", "--page-size", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var all []api.Strategy
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("--all -o json is not one array: %v", err)
	}
	ids := map[int64]bool{}
	for _, s := range all {
		ids[s.ID] = true
	}
	if len(all) != total || len(ids) != total {
		t.Errorf("%d items, %d distinct ids; totalCount %d", len(all), len(ids), total)
	}
	if errOut != "" {
		t.Errorf("stderr is not a terminal, yet: %q", errOut)
	}
	if got := e.sent("GET", "/api/v1/strategies"); got != pages+1 {
		t.Errorf("%d list requests, want one per page plus the first look (%d)", got, pages+1)
	}
}

func TestCLIOnePageSaysMoreExist(t *testing.T) {
	e := newCLIEnv(t)
	_, errOut, code := e.run("", "strategies", "list", "-o", "json", "--page-size", "5")
	if code != 0 || !strings.Contains(errOut, "more exist") || !strings.Contains(errOut, "--all") {
		t.Errorf("exit %d, stderr %q: want a note that more pages exist", code, errOut)
	}
}

func TestCLIListCSVHasOneRowPerItemWithExactAmounts(t *testing.T) {
	e := newCLIEnv(t)
	var all []api.Strategy
	if err := json.Unmarshal([]byte(e.ok("strategies", "list", "--all", "-o", "json")), &all); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(e.ok("strategies", "list", "--all", "-o", "csv", "--page-size", "10"))).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v", err)
	}
	if len(recs) != len(all)+1 {
		t.Fatalf("%d CSV records, want header + %d", len(recs), len(all))
	}
	head := recs[0]
	col := func(name string) int {
		i := slices.Index(head, name)
		if i < 0 {
			t.Fatalf("no column %q in %v", name, head)
		}
		return i
	}
	byID := map[string]api.Strategy{}
	for _, s := range all {
		byID[strconv.FormatInt(s.ID, 10)] = s
	}
	for _, r := range recs[1:] {
		s, ok := byID[r[col("id")]]
		if !ok {
			t.Fatalf("row for unknown id %v", r)
		}
		if r[col("balanceUsedRaw")] != s.BalanceUsed {
			t.Errorf("id %d: raw %q, want %q", s.ID, r[col("balanceUsedRaw")], s.BalanceUsed)
		}
		// The decimal column is the raw amount with the point moved: no
		// digit lost to float64.
		dec := r[col("balanceUsed")]
		whole, frac, _ := strings.Cut(dec, ".")
		digits := strings.TrimLeft(whole+frac+strings.Repeat("0", s.Pool.Decimals-len(frac)), "0")
		if s.BalanceUsed != "" && digits != strings.TrimLeft(s.BalanceUsed, "0") {
			t.Errorf("id %d: %q with %d decimals is not raw %q", s.ID, dec, s.Pool.Decimals, s.BalanceUsed)
		}
	}
}

func TestCLIJSONLStreamsPageByPage(t *testing.T) {
	e := newCLIEnv(t)
	_, pages, total := e.firstPage(10)
	last := strconv.Itoa(pages)

	// The last page is answered only once the first line has reached
	// stdout; were output buffered until the end, this would never finish.
	firstLine := make(chan struct{})
	e.setHook(func(r *http.Request) {
		if r.URL.Query().Get("page") == last {
			<-firstLine
		}
	})
	pr, pw := newPipe()
	var code int
	done := make(chan struct{})
	go func() {
		code = Run([]string{"strategies", "list", "--all", "-o", "jsonl", "--page-size", "10"}, strings.NewReader(""), pw, &bytes.Buffer{})
		_ = pw.Close()
		close(done)
	}()
	sc := bufio.NewScanner(pr)
	n := 0
	for sc.Scan() {
		var s api.Strategy
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil || s.ID == 0 {
			t.Fatalf("line %d is not a strategy: %q", n+1, sc.Text())
		}
		if n == 0 {
			close(firstLine)
		}
		n++
	}
	<-done
	if code != 0 || n != total {
		t.Errorf("exit %d, %d lines; want 0 and %d", code, n, total)
	}
}

func TestCLIListJSONHasOneShapeWithOrWithoutAll(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	for _, args := range [][]string{
		{"strategies", "list"},
		{"strategies", "list", "--user", s.UserID},
		{"users", "list"},
		{"pools", "list"},
	} {
		one := append(args, "-o", "json")
		if args[0] == "strategies" {
			one = append(one, "--page-size", "100")
		}
		page := e.ok(one...)
		var items []map[string]any
		if err := json.Unmarshal([]byte(page), &items); err != nil || len(items) == 0 {
			t.Fatalf("%v -o json: not a non-empty array of objects: %v\n%.200s", args, err, page)
		}
		if args[0] != "strategies" {
			continue
		}
		var all []map[string]any
		if err := json.Unmarshal([]byte(e.ok(append(args, "-o", "json", "--all")...)), &all); err != nil {
			t.Fatalf("%v --all -o json: not an array: %v", args, err)
		}
		if len(all) != len(items) || all[0]["id"] != items[0]["id"] {
			t.Errorf("%v: one page of 100 has %d items, --all %d: want the same array", args, len(items), len(all))
		}
	}
}
