package model

// The oracle's rules on made-up traces: what it accepts and what it must
// report, so that a fuzzer run that passes means what it says.

import (
	"strings"
	"testing"
)

func TestMisfireOracleRules(t *testing.T) {
	halt := shownDialog{kind: "confirm", action: "halt", strategy: 7}
	stop := shownDialog{kind: "confirm", action: "stop", strategy: 7, want: "7"}
	bulk := shownDialog{kind: "confirm", action: "halt", ids: []int64{7, 8}}
	balance := shownDialog{kind: "balance", action: "add-balance", strategy: 7}
	review := shownDialog{kind: "review", action: "add-balance", strategy: 7, amount: "1500"}
	big := traceEvent{width: 120, height: 40}
	small := traceEvent{width: 50, height: 12}
	key := func(k string, before, after shownDialog) traceEvent {
		return traceEvent{key: k, width: 120, height: 40, profile: "demo", before: before, shown: after}
	}
	haltPOST := received{path: "/api/v1/strategies/7/halt", strategy: 7}
	stopPOST := received{path: "/api/v1/strategies/stopStrategy", strategy: 7}
	none := shownDialog{}
	cases := []struct {
		name   string
		events []traceEvent
		posts  []received // seq: keys taken before it arrived
		want   string     // "" when nothing may be reported
	}{
		{"opened then y", []traceEvent{big, key("h", none, halt), key("y", halt, none)},
			[]received{seq(haltPOST, 2)}, ""},
		{"each marked id once", []traceEvent{big, key("h", none, bulk), key("y", bulk, none)},
			[]received{seq(received{path: "/api/v1/strategies/7/halt", strategy: 7}, 2),
				seq(received{path: "/api/v1/strategies/8/halt", strategy: 8}, 2)}, ""},
		{"an id not marked", []traceEvent{big, key("h", none, bulk), key("y", bulk, none)},
			[]received{seq(received{path: "/api/v1/strategies/9/halt", strategy: 9}, 2)}, "no confirmation"},
		{"the reviewed amount", []traceEvent{big, key("b", none, balance), key("enter", balance, review), key("y", review, none)},
			[]received{seq(received{path: "/api/v1/strategies/changeBalance", strategy: 7, amount: "1500"}, 3)}, ""},
		{"another amount", []traceEvent{big, key("b", none, balance), key("enter", balance, review), key("y", review, none)},
			[]received{seq(received{path: "/api/v1/strategies/changeBalance", strategy: 7, amount: "15"}, 3)}, "no confirmation"},
		{"request before its key", []traceEvent{big, key("h", none, halt), key("y", halt, none)},
			[]received{seq(haltPOST, 1)}, "no confirmation"},
		{"another strategy", []traceEvent{big, key("h", none, halt), key("y", halt, none)},
			[]received{seq(received{path: "/api/v1/strategies/8/halt", strategy: 8}, 2)}, "no confirmation"},
		{"twice for one confirmation", []traceEvent{big, key("h", none, halt), key("y", halt, none)},
			[]received{seq(haltPOST, 2), seq(haltPOST, 2)}, "no confirmation"},
		{"escape left it open", []traceEvent{big, key("h", none, halt), key("esc", halt, halt), key("y", halt, none)},
			[]received{seq(haltPOST, 3)}, "an escape left open"},
		{"sent after an escape", []traceEvent{big, key("h", none, halt), key("esc", halt, none), key("y", none, none)},
			[]received{seq(haltPOST, 3)}, "no confirmation"},
		{"enter for yes", []traceEvent{big, key("h", none, halt), key("enter", halt, none)},
			[]received{seq(haltPOST, 2)}, "no confirmation"},
		{"typed id", []traceEvent{big, key("x", none, stop), key("7", stop, stop), key("enter", stop, none)},
			[]received{seq(stopPOST, 3)}, ""},
		{"typed wrong", []traceEvent{big, key("x", none, stop), key("8", stop, stop), key("enter", stop, none)},
			[]received{seq(stopPOST, 3)}, "no confirmation"},
		{"kept through a terminal too small", []traceEvent{big, key("h", none, halt), small, big, key("y", halt, none)},
			[]received{seq(haltPOST, 2)}, "no confirmation"},
		{"appeared without a key", []traceEvent{big, key("j", none, none), key("y", halt, none)},
			[]received{seq(haltPOST, 2)}, "appeared without a key"},
		{"read-only profile", []traceEvent{big, roKey(key("h", none, halt)), roKey(key("y", halt, none))},
			nil, "read-only profile"},
		{"escape closed the command line", []traceEvent{big, onLine(key(":", none, none), false), key("esc", none, none)}, nil, ""},
		{"escape left the command line open", []traceEvent{big, onLine(key(":", none, none), false), onLine(key("esc", none, none), false)},
			nil, "an escape left open: the command line"},
		{"escape ended the history search", []traceEvent{big, onLine(key("ctrl+r", none, none), true), onLine(key("esc", none, none), false)},
			nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := oracle{readOnly: map[string]bool{"ro": true}}
			o.run(tc.events)
			o.match(tc.posts)
			got := strings.Join(o.violations, "\n")
			switch {
			case tc.want == "" && got != "":
				t.Fatalf("reported:\n%s", got)
			case tc.want != "" && !strings.Contains(got, tc.want):
				t.Fatalf("reported %q, want %q", got, tc.want)
			}
		})
	}
}

func seq(r received, n int) received { r.seq = n; return r }

func roKey(ev traceEvent) traceEvent { ev.profile = "ro"; return ev }

// onLine is ev leaving the command line open (searching its history).
func onLine(ev traceEvent, search bool) traceEvent {
	ev.palette, ev.paletteSearch = true, search
	return ev
}
