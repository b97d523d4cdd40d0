package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/ui"
)

func TestAlertmanagerSinkAndRuleSettings(t *testing.T) {
	isolate(t)
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, []byte("not checked here"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(write(t, `[[alerts]]
name = "halted"
when = "strategy.status"
to = ["oncall"]
runbook = "https://runbooks.example/halted"
resolve_after = "2h"

[sinks.oncall]
alertmanager = ["http://am-1:9093", "https://am-2.example/prefix"]
bearer_env = "AM_TOKEN"
ca_file = "`+ca+`"
resend = "30s"
generator_url = "https://ops.example/s/{strategy}"
`), true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	r := c.Alerts()[0]
	if r.Runbook != "https://runbooks.example/halted" || r.ResolveAfter != 2*time.Hour {
		t.Errorf("rule %+v", r)
	}
	am := c.Sinks()["oncall"].Alertmanager
	if am == nil || len(am.URLs) != 2 || am.BearerEnv != "AM_TOKEN" || am.CAFile != ca || am.Resend != 30*time.Second ||
		am.GeneratorURL != "https://ops.example/s/{strategy}" {
		t.Fatalf("sink %+v", am)
	}
	if _, err := am.Auth("oncall", func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "AM_TOKEN") {
		t.Errorf("an unset bearer_env: %v", err)
	}
	if a, err := am.Auth("oncall", func(k string) string { return map[string]string{"AM_TOKEN": "t"}[k] }); err != nil || a.Bearer != "t" {
		t.Errorf("auth %+v %v", a, err)
	}
	if c, _ := Load(write(t, "[sinks.x]\nalertmanager = [\"http://am:9093\"]\n"), true, ui.SettingsWords()); c.Sinks()["x"].Alertmanager.Resend != DefaultResend {
		t.Error("the default resend")
	}
}

func TestBadAlertmanagerSinkNamesLineAndWhy(t *testing.T) {
	isolate(t)
	cases := []struct {
		name, body string
		line       int
		key, msg   string
	}{
		{"credential in URL", "alertmanager = [\"http://u:pw-123@am:9093\"]\n", 2, "sinks.x.alertmanager", "username_env"},
		{"scheme", "alertmanager = [\"ntfy://am:9093\"]\n", 2, "sinks.x.alertmanager", "http or https"},
		{"no host", "alertmanager = [\"am-1:9093\"]\n", 2, "sinks.x.alertmanager", "scheme and a host"},
		{"twice", "alertmanager = [\"http://am:9093\", \"http://am:9093\"]\n", 2, "sinks.x.alertmanager", "twice"},
		{"with url", "alertmanager = [\"http://am:9093\"]\nurl = \"https://h/x\"\n", 2, "sinks.x.alertmanager", "not url"},
		{"half basic", "alertmanager = [\"http://am:9093\"]\nusername_env = \"U\"\n", 1, "sinks.x", "both username_env and password_env"},
		{"both auths", "alertmanager = [\"http://am:9093\"]\nusername_env = \"U\"\npassword_env = \"P\"\nbearer_env = \"B\"\n", 5, "sinks.x.bearer_env", "not both"},
		{"ca file", "alertmanager = [\"http://am:9093\"]\nca_file = \"/nonexistent/ca.pem\"\n", 3, "sinks.x.ca_file", "cannot be read"},
		{"resend", "alertmanager = [\"http://am:9093\"]\nresend = \"1h\"\n", 3, "sinks.x.resend", "1s"},
		{"generator", "alertmanager = [\"http://am:9093\"]\ngenerator_url = \"ops/{strategy}\"\n", 3, "sinks.x.generator_url", "http(s) URL"},
		{"am key without am", "url = \"https://h/x\"\nbearer_env = \"B\"\n", 1, "sinks.x", "add alertmanager"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := loadErr(t, "[sinks.x]\n"+tc.body)
			if e.Line != tc.line || e.Key != tc.key || !strings.Contains(e.Msg, tc.msg) || strings.Contains(e.Error(), "pw-123") {
				t.Errorf("got %d %q %q, want %d %q %q", e.Line, e.Key, e.Msg, tc.line, tc.key, tc.msg)
			}
		})
	}
	e := loadErr(t, "[sinks.x]\nurl = \"ntfy://h/t\"\n[[alerts]]\nname = \"a\"\nwhen = \"counts\"\nto = [\"x\"]\nresolve_after = \"5s\"\n")
	if e.Key != "alerts[0].resolve_after" || e.Line != 7 {
		t.Errorf("resolve_after: %v", e)
	}
}
