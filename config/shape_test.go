package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/stratop/stratop/ui"
)

// A file with mistakes of every kind: each is reported in one run, in
// file order, with its line, key and what the key wants.
const manyMistakes = `theme = "solarized"
interval = 5
links = "yes"
mouse = true
colour = "red"
notify = "email"
charts = 3
token = "abc"

[keys]
halt = "p"
suspend = ["x", 3]
explode = ["e"]

[profiles.prod]
label = 7
read_only = "no"
interval = "100ms"
readonly = true
color = "pink"

[profiles.staging]
interval = "soon"

[explorers]
"4663" = 12
"1" = "https://x.example/address/"

[sinks.x]
url = "ntfy://h/t"

[[alerts]]
name = "a"
when = "counts"
to = "x"

[[alerts]]
name = "b"
when = "counts"
to = ["x"]
severty = "info"

[serve]
heartbeat = "three"
`

func TestEveryMistakeInOneRunSortedByLine(t *testing.T) {
	isolate(t)
	p := write(t, manyMistakes)
	_, err := Load(p, true, ui.SettingsWords())
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("want Errors, got %T %v", err, err)
	}
	want := []struct {
		line     int
		key, msg string
	}{
		{1, "theme", `unknown theme "solarized"`},
		{2, "interval", `wrong type: a TOML integer, want a duration such as "5s"`},
		{3, "links", "wrong type: a TOML string, want true or false"},
		{5, "colour", "unknown key (known here: activity, alerts, charts, explorers, interval, keys, links, mouse, notify, profiles, "},
		{6, "notify", `unknown notify mode "email"`},
		{7, "charts", "wrong type: a TOML integer, want a string"},
		{8, "token", "stratop login"},
		{11, "keys.halt", `wrong type: a TOML string, want a list of keys, e.g. ["p"]`},
		{12, "keys.suspend", "wrong type: a TOML integer in the list, want a list of keys"},
		{13, "keys.explode", "unknown binding name"},
		{16, "profiles.prod.label", "wrong type: a TOML integer, want a string"},
		{17, "profiles.prod.read_only", "wrong type: a TOML string, want true or false"},
		{18, "profiles.prod.interval", "must be at least 1s"},
		{19, "profiles.prod.readonly", "unknown key (known here: activity, color, interval, label, notify, prometheus, read_only"},
		{20, "profiles.prod.color", `unknown colour "pink"`},
		{23, "profiles.staging.interval", `not a duration: "soon"`},
		{26, `explorers.4663`, "wrong type: a TOML integer, want a URL template"},
		{27, `explorers.1`, "neither {address} nor {tx}"},
		{35, "alerts[0].to", `wrong type: a TOML string, want a list of sink names, e.g. ["ops-pager"]`},
		{41, "alerts[1].severty", "unknown key (known here: group, name, resolve_after, runbook, severity, to, when, where)"},
		{44, "serve.heartbeat", "wrong type: a TOML string, want a number of intervals"},
	}
	for i, e := range errs {
		t.Logf("%d: %v", i, e)
	}
	if len(errs) != len(want) {
		t.Fatalf("%d mistakes reported, want %d", len(errs), len(want))
	}
	for i, w := range want {
		e := errs[i]
		if e.File != p || e.Line != w.line || e.Key != w.key || !strings.Contains(e.Msg, w.msg) {
			t.Errorf("mistake %d: got %s:%d %q %q, want line %d %q %q", i, e.File, e.Line, e.Key, e.Msg, w.line, w.key, w.msg)
		}
	}
}

func TestACredentialIsNotAlsoAnUnknownKey(t *testing.T) {
	isolate(t)
	_, err := Load(write(t, "[profiles.prod]\napi_secret = \"abc\"\n[[alerts]]\ntoken = \"t\"\n"), true, ui.SettingsWords())
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("want Errors, got %v", err)
	}
	for _, e := range errs {
		if strings.Contains(e.Msg, "unknown key") {
			t.Errorf("a credential reported as unknown too: %v", e)
		}
	}
	if !strings.Contains(errs.Error(), "profiles.prod.api_secret: looks like a credential") ||
		!strings.Contains(errs.Error(), "alerts.0.token: looks like a credential") {
		t.Errorf("credentials not refused: %v", errs)
	}
}

func TestSyntaxErrorStopsWithItsPosition(t *testing.T) {
	isolate(t)
	e := loadErr(t, "links = true\nmouse = \ncolour = 1\n")
	if e.Line != 2 || !strings.Contains(e.Msg, "value") {
		t.Fatalf("syntax error: %v", e)
	}
}
