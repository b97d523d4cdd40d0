package model

// The misfire fuzzer: the real dashboard, its input a pipe written as a
// terminal would, on the sandbox, driven by seeded random key streams
// (misfire_gen_test.go); the oracle (misfire_oracle_test.go) checks every
// request the sandbox received against the confirmations the dashboard
// showed. CI runs a few seeds for a fixed number of steps, and every seed
// that once failed (testdata/misfire_seeds.txt); scripts/misfire.sh runs
// long ones (MISFIRE_SEEDS, MISFIRE_STEPS). A deliberately broken dialog
// must make it fail.

import (
	"bufio"
	"context"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// fuzzRun is one run of the fuzzer.
type fuzzRun struct {
	seed     uint64
	steps    int
	readOnly bool // the whole run in a read-only profile
	// auditBroken: the audit log cannot be written; only the override sends.
	auditBroken bool
	wrap        func(tea.Model) tea.Model
}

// fuzzResult is what a run found and how fast it went.
type fuzzResult struct {
	violations   []string
	keys         int
	requests     int
	quit         bool           // the run ended with the program quitting
	readOnlyKeys int            // keys taken while switched to the read-only profile
	confirmed    int            // confirmations the oracle saw
	byAction     map[string]int // of them, by dialog kind and action
	reach        reach          // what the keys met (misfire_reach_test.go)
	elapsed      time.Duration
}

// fuzzProfiles offers the run's profile and a read-only one on the same
// sandbox.
func fuzzProfiles(c API) Profiles {
	return knownProfiles{fakeProfiles{list: []ProfileChoice{{Name: "demo"}, {Name: "ro"}},
		clients: map[string]API{"demo": c, "ro": c},
		opts:    map[string][]Option{"demo": {WithProfile("demo")}, "ro": {WithProfile("ro"), WithReadOnly(true)}}}}
}

// knownProfiles refuses to connect a profile it does not list, as the
// settings do (the command line's >profile takes any name typed).
type knownProfiles struct{ fakeProfiles }

func (k knownProfiles) Connect(ctx context.Context, name string) (Connection, error) {
	if _, ok := k.clients[name]; !ok {
		return Connection{}, errors.New("no profile " + strconv.Quote(name))
	}
	return k.fakeProfiles.Connect(ctx, name)
}

func runFuzz(t *testing.T, run fuzzRun) fuzzResult {
	t.Helper()
	opts := []Option{WithJournal(&memJournal{})}
	if run.auditBroken {
		opts = []Option{WithJournal(brokenLog(t))}
	}
	if run.readOnly {
		opts = append(opts, WithReadOnly(true))
	}
	r := startRigWith(t, rigSetup{wrap: run.wrap, profiles: fuzzProfiles}, 120, 40, opts...)
	r.write("2", 1)
	r.waitFor("the strategies loaded", func(v string) bool {
		return strings.Contains(v, "page 1 of 3") && !strings.Contains(v, "loading")
	})
	start := time.Now()
	var res fuzzResult
	want := []string{"2"}
	for _, st := range genSteps(run.seed, run.steps) {
		if !r.alive() {
			res.quit = true // q typed on a list: the run ends there
			break
		}
		switch {
		case st.w > 0:
			r.resize(st.w, st.h)
			continue
		case st.pause > 0:
			time.Sleep(st.pause) // the operator reads before answering
			continue
		}
		for _, w := range encode(resolveWant(st.tokens, r.shown(), run.seed+uint64(len(want)))) {
			var b strings.Builder
			for _, tok := range w {
				b.WriteString(tok.bytes)
				want = append(want, tok.name)
			}
			r.writeCount(b.String())
		}
	}
	r.quiesce()
	res.elapsed = time.Since(start)
	events, posts := r.trace.all(), r.posts.all()
	o := oracle{readOnly: map[string]bool{"ro": true, "demo": run.readOnly}, auditBroken: run.auditBroken}
	var got []string
	for _, ev := range events {
		if ev.key != "" {
			got = append(got, ev.key)
		}
		if ev.key != "" && ev.profile == "ro" {
			res.readOnlyKeys++
		}
	}
	if i := firstDiff(got, want); i >= 0 {
		o.violations = append(o.violations, "keys not taken one by one, in order, from key "+strconv.Itoa(i)+
			": took "+strconv.Quote(strings.Join(got[i:min(i+6, len(got))], " "))+
			", typed "+strconv.Quote(strings.Join(want[i:min(i+6, len(want))], " ")))
	}
	o.run(events)
	o.match(posts)
	if run.readOnly && len(posts) > 0 {
		o.violations = append(o.violations, strconv.Itoa(len(posts))+" requests reached a read-only profile's server")
	}
	r.stop()
	res.violations, res.keys, res.requests, res.confirmed = o.violations, len(got), len(posts), len(o.allowances)
	res.byAction = map[string]int{}
	for _, a := range o.allowances {
		name := a.d.kind + " " + a.d.action
		if len(a.d.ids) > 0 {
			name += " (marked)"
		}
		res.byAction[name]++
	}
	res.reach = tally(events)
	return res
}

// resolveWant turns ask, want, answer and stray tokens into keys, as an
// operator reading the screen before the write would type them: a y/n
// question (screenNow.ask) by its key or its command line, what
// the open dialog asks to be typed, or its yes (an amount and enter for
// add-balance, an entry for the menu), or a key that does not answer it
// (enter on a y/n question, as if enter said yes).
func resolveWant(tokens []keyToken, sc screenNow, seed uint64) []keyToken {
	d := sc.dialog
	out := make([]keyToken, 0, len(tokens))
	typed := func(s string) {
		for _, r := range s {
			out = append(out, runeToken(string(r)))
		}
	}
	for i, tok := range tokens {
		if tok == tokEsc {
			d = shownDialog{} // typed after an escape: the dialog is gone
		}
		switch {
		case tok.toList && sc.layer:
			out = append(out, tokEsc, runeToken("2"))
		case tok.toList:
			out = append(out, runeToken("2"))
		case tok.ask && tok.line:
			out = append(out, sc.ask[:len(sc.ask)-1]...)
			typed(":>" + sc.verb)
		case tok.ask:
			out = append(out, sc.ask...)
		case tok.stray && yesNo(d):
			out = append(out, tokEnter) // as if enter said yes
		case tok.stray:
			out = append(out, strayKeys[(seed+uint64(i))%uint64(len(strayKeys))])
		case (tok.want || tok.answer) && d.override == ui.OverrideTyping:
			typed(d.overrideWant)
			out = append(out, tokEnter)
		case tok.answer && d.override == ui.OverrideConfirm:
			typed("y")
		case tok.want && d.want != "":
			typed(d.want)
		case tok.want && d.strategy != 0:
			typed(itoa(d.strategy))
		case tok.want:
			typed("1")
		case tok.answer && (d.kind == "confirm" && d.want != "" || d.kind == "job"):
			typed(d.want)
			out = append(out, tokEnter)
		case tok.answer && d.kind == "balance":
			typed([]string{"1", "0.5", "2", "1e5", "1,5"}[(seed+uint64(i))%5])
			out = append(out, tokEnter)
		case tok.answer && d.kind == "menu" && slices.Contains(d.offers, "b") && (seed+uint64(i))%2 == 0:
			typed("b") // the rarest dialog, add-balance, half the time it is offered
		case tok.answer && d.kind == "menu" && len(d.offers) > 0:
			typed(d.offers[(seed+uint64(i))%uint64(len(d.offers))])
		case tok.answer:
			typed("y")
		default:
			out = append(out, tok)
		}
	}
	return out
}

// yesNo reports whether d is a question answered by y alone.
func yesNo(d shownDialog) bool {
	return (d.kind == "confirm" && d.want == "" || d.kind == "review") && !d.editing && d.override == ui.OverrideNone
}

func firstDiff(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// quiesce waits until no action the program sent is still unanswered and
// the sandbox has received nothing new for a while: actions confirmed last
// are sent after their keys, and on a loaded machine a request may take
// longer than any fixed pause.
func (r *rig) quiesce() {
	n, still := -1, 0
	for deadline := time.Now().Add(10 * time.Second); still < 4 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		if m := len(r.posts.all()); m == n && !r.shown().busy {
			still++
		} else {
			n, still = m, 0
		}
	}
}

// envInt reads a positive integer from the environment, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// keptSeed is a seed that once failed, with the steps it failed at.
type keptSeed struct {
	seed  uint64
	steps int
}

// regressionSeeds are the seeds that once failed (testdata/misfire_seeds.txt:
// "SEED STEPS" a line, # comments).
func regressionSeeds(t *testing.T) []keptSeed {
	f, err := os.Open("testdata/misfire_seeds.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var seeds []keptSeed
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		s, err1 := strconv.ParseUint(fields[0], 10, 64)
		n, err2 := strconv.Atoi(fields[len(fields)-1])
		if err1 != nil || err2 != nil || len(fields) != 2 {
			t.Fatalf("misfire_seeds.txt: %q is not SEED STEPS", line)
		}
		seeds = append(seeds, keptSeed{seed: s, steps: n})
	}
	return seeds
}

func TestProgramMisfireFuzzer(t *testing.T) {
	steps := envInt("MISFIRE_STEPS", 200)
	seeds := []keptSeed{{1, steps}, {2, steps}, {3, steps}}
	if n := envInt("MISFIRE_SEEDS", 0); n > 0 {
		seeds = seeds[:0]
		for i := range n {
			seeds = append(seeds, keptSeed{uint64(time.Now().UnixNano()) + uint64(i), steps})
		}
	}
	seeds = append(seeds, regressionSeeds(t)...)
	var reached reach
	for _, kept := range seeds {
		seed, steps := kept.seed, kept.steps
		var res fuzzResult
		t.Run(strconv.FormatUint(seed, 10)+"x"+strconv.Itoa(steps), func(t *testing.T) {
			res = runFuzz(t, fuzzRun{seed: seed, steps: steps})
			t.Logf("seed %d: %d steps, %d keys, %d confirmations, %d requests in %v (%.0f steps/s)", seed, steps, res.keys,
				res.confirmed, res.requests, res.elapsed.Round(time.Millisecond), float64(steps)/res.elapsed.Seconds())
			t.Logf("seed %d: confirmed %v; %d keys in the read-only profile", seed, res.byAction, res.readOnlyKeys)
			t.Logf("seed %d: reached %s", seed, res.reach)
			if res.quit {
				t.Logf("seed %d: a q typed on a list quit the program; the run ended there", seed)
			}
			for _, v := range res.violations {
				t.Errorf("seed %d: %s", seed, v)
			}
			if len(res.violations) > 0 {
				t.Logf("keep this seed: add \"%d %d\" to model/testdata/misfire_seeds.txt", seed, steps)
			}
		})
		reached = reached.add(res.reach)
	}
	if miss := reached.missing(); len(miss) > 0 {
		t.Errorf("the streams never reached %s: they prove nothing there (%s)", strings.Join(miss, ", "), reached)
	}
}

func TestProgramMisfireFuzzerUnwritableAuditSendsOnlyOverridden(t *testing.T) {
	res := runFuzz(t, fuzzRun{seed: 11, steps: envInt("MISFIRE_STEPS", 400), auditBroken: true})
	t.Logf("%d confirmations, %d requests, all through the override", res.confirmed, res.requests)
	for _, v := range res.violations {
		t.Error(v)
	}
}

func TestProgramMisfireFuzzerReadOnlyReceivesNothing(t *testing.T) {
	res := runFuzz(t, fuzzRun{seed: 7, steps: envInt("MISFIRE_STEPS", 150), readOnly: true})
	for _, v := range res.violations {
		t.Error(v)
	}
	if res.requests != 0 {
		t.Fatalf("%d requests from a read-only profile", res.requests)
	}
}
