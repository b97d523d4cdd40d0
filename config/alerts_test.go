package config

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/ui"
)

const goodAlerts = `
[[alerts]]
name     = "halted"
when     = "strategy.status"
where    = "after in ['paused', 'completed'] and not chain = 1"
severity = "urgent"
to       = ["ops-pager", "hook"]
group    = "1m"

[[alerts]]
name = "lost"
when = "connection.lost"
to   = ["hook"]

[sinks.ops-pager]
url = "ntfy://ntfy.example/stratop-urgent"
[sinks.hook]
url = "https://example.com/stratop"
secret_env = "STRATOP_HOOK_SECRET"

[serve]
heartbeat = 4
heartbeat_to = ["ops-pager"]
digest = "daily 08:30"
digest_to = ["hook"]
`

func TestAlertRulesLoad(t *testing.T) {
	isolate(t)
	c, err := Load(write(t, goodAlerts), true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	rules := c.Alerts()
	if len(rules) != 2 || rules[0].Name != "halted" || rules[0].Group != time.Minute || rules[0].Severity != "urgent" {
		t.Fatalf("rules: %+v", rules)
	}
	if rules[1].Severity != "info" || rules[1].Group != 0 {
		t.Errorf("defaults of the second rule: %+v", rules[1])
	}
	ev := map[string]string{"after": "paused", "chain": "4663"}
	if !rules[0].Where.Match(func(f string) string { return ev[f] }) {
		t.Error("the filter does not match a paused strategy on chain 4663")
	}
	ev["chain"] = "1"
	if rules[0].Where.Match(func(f string) string { return ev[f] }) {
		t.Error("the filter matches chain 1, which it excludes")
	}
	sinks := c.Sinks()
	u, secret, err := sinks["hook"].Resolve(func(k string) string {
		if k == "STRATOP_HOOK_SECRET" {
			return "s3"
		}
		return ""
	})
	if err != nil || u != "https://example.com/stratop" || secret != "s3" {
		t.Errorf("resolve: %q %q %v", u, secret, err)
	}
	if _, _, err := sinks["hook"].Resolve(func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "STRATOP_HOOK_SECRET") {
		t.Errorf("a missing secret: %v", err)
	}
	s := c.Serve()
	if s.Heartbeat != 4 || s.Digest == nil || *s.Digest != (Daily{8, 30}) || s.DigestTo[0] != "hook" {
		t.Errorf("serve: %+v", s)
	}
}

func TestBadAlertRuleNamesFileLineAndWhy(t *testing.T) {
	isolate(t)
	base := "[sinks.x]\nurl = \"ntfy://h/t\"\n\n"
	cases := []struct {
		name, body string
		line       int
		key, msg   string
	}{
		{"filter", "[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nto = [\"x\"]\n\n[[alerts]]\nname = \"b\"\nwhen = \"counts\"\nwhere = \"after in ['a' 'b']\"\nto = [\"x\"]\n",
			9, "alerts[1].where", `rule "b": cannot parse the filter: column 15: want , or ] in the list`},
		{"unknown field", "[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nwhere = \"colour = 'red'\"\nto = [\"x\"]\n",
			4, "alerts[0].where", `unknown field "colour"`},
		{"kind", "[[alerts]]\nname = \"a\"\nwhen = \"strategy.paused\"\nto = [\"x\"]\n", 3, "alerts[0].when", "unknown event kind"},
		{"sink", "[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nto = [\"y\"]\n", 4, "alerts[0].to", `no sink named "y"`},
		{"severity", "[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nseverity = \"high\"\nto = [\"x\"]\n", 4, "alerts[0].severity", "unknown severity"},
		{"group", "[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nto = [\"x\"]\ngroup = \"soon\"\n", 5, "alerts[0].group", "not a window"},
		{"unknown key", "[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nto = [\"x\"]\nseverty = \"info\"\n", 5, "alerts[0].severty", "known here: group, name"},
		{"digest", "[serve]\ndigest = \"every day\"\ndigest_to = [\"x\"]\n", 2, "serve.digest", "not a schedule"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := loadErr(t, base+tc.body)
			if e.Line != tc.line+3 || e.Key != tc.key || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("got %d %q %q, want %d %q %q", e.Line, e.Key, e.Msg, tc.line+3, tc.key, tc.msg)
			}
		})
	}
}

func TestSinkURLWithCredentialRefusedWithoutEchoingIt(t *testing.T) {
	isolate(t)
	for _, u := range []string{"slack://xoxb:tok-123@channel", "ntfy://h/t?token=tok-123"} {
		e := loadErr(t, "[sinks.chat]\nurl = \""+u+"\"\n")
		if e.Line != 2 || !strings.Contains(e.Msg, "url_env") || strings.Contains(e.Error(), "tok-123") {
			t.Errorf("%s: %v", u, e)
		}
	}
	// secret_env and url_env name variables: not refused as credentials.
	c, err := Load(write(t, "[sinks.chat]\nurl_env = \"CHAT_URL\"\nsecret_env = \"CHAT_SECRET\"\n"), true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Sinks()["chat"].Resolve(func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "CHAT_URL") {
		t.Errorf("unset url_env: %v", err)
	}
}

func TestFilterLanguage(t *testing.T) {
	ev := map[string]string{"kind": "strategy.status", "before": "active", "after": "paused", "chain": "4663", "user": "u1"}
	get := func(f string) string { return ev[f] }
	cases := []struct {
		src  string
		want bool
	}{
		{"", true},
		{"after = 'paused'", true},
		{`after = "paused"`, true},
		{"after != 'paused'", false},
		{"after in ['completed','paused']", true},
		{"chain = 4663", true},
		{"after = 'paused' and before = 'draft'", false},
		{"after = 'paused' and before = 'draft' or user = 'u1'", true},
		{"after = 'paused' and (before = 'draft' or user = 'u1')", true},
		{"not after = 'paused' or user = 'u2'", false},
		{"not (user = 'u2')", true},
		{"pool = ''", true},
	}
	for _, tc := range cases {
		f, err := ParseFilter(tc.src)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if got := f.Match(get); got != tc.want {
			t.Errorf("%q: got %v", tc.src, got)
		}
	}
	bad := map[string]int{
		"after = paused":     9,
		"after == 'x'":       8,
		"(after = 'x'":       13,
		"after = 'x":         9,
		"after = 'x' user":   13,
		"after in 'x'":       10,
		"after = 'x' and or": 17,
		"after ~ 'x'":        7,
	}
	for src, col := range bad {
		_, err := ParseFilter(src)
		var fe *FilterError
		if !errors.As(err, &fe) || fe.Col != col {
			t.Errorf("%q: got %v, want an error at column %d", src, err, col)
		}
	}
}

func TestSinkSecretQueryParametersRefused(t *testing.T) {
	isolate(t)
	for _, q := range []string{"sig", "signature", "code", "SIG", "token", "api_key", "key", "X-Amz-Signature"} {
		e := loadErr(t, "[sinks.hook]\nurl = \"https://hooks.example/in?sv=2022&"+q+"=tok-123\"\n")
		if e.Line != 2 || e.Key != "sinks.hook.url" || !strings.Contains(e.Msg, "url_env") || strings.Contains(e.Error(), "tok-123") {
			t.Errorf("%s=: %v", q, e)
		}
	}
	// Parameters that carry no credential stay allowed.
	if _, err := Load(write(t, "[sinks.hook]\nurl = \"https://hooks.example/in?sv=2022&topic=ops&codec=json\"\n"), true, ui.SettingsWords()); err != nil {
		t.Errorf("plain parameters refused: %v", err)
	}
}

func TestSinkEmptyEnvironmentNamesRefused(t *testing.T) {
	isolate(t)
	for key, body := range map[string]string{
		"secret_env": "[sinks.hook]\nurl = \"https://hooks.example/in\"\nsecret_env = \"\"\n",
		"url_env":    "[sinks.hook]\nurl = \"https://hooks.example/in\"\nurl_env = \"\"\n",
	} {
		e := loadErr(t, body)
		if e.Line != 3 || e.Key != "sinks.hook."+key || !strings.Contains(e.Msg, "names no environment variable") {
			t.Errorf("%s = \"\": %v", key, e)
		}
	}
}
