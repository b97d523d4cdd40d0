package alert

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/ui"
)

func loadSettings(t *testing.T, body string) (*config.Config, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(p, true, ui.SettingsWords())
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return c, p
}

// TestCheckSinksRefusesWhatServeCannotSendTo: every sink serve could not
// deliver to is refused at its key's line, without its URL's path or query.
func TestCheckSinksRefusesWhatServeCannotSendTo(t *testing.T) {
	body := `[sinks.ok]
url = "ntfy://ntfy.example/stratop"

[sinks.ftp]
url = "ftp://files.example/drop-secret-path"

[sinks.foo]
url = "foo://h/x"

[sinks.nohost]
url_env = "HOOK_URL"

[sinks.unset]
url_env = "NOT_SET_ANYWHERE"

[sinks.unsigned]
url = "https://hooks.example/in"
secret_env = "HOOK_SECRET_UNSET"
`
	c, p := loadSettings(t, body)
	env := map[string]string{"HOOK_URL": "https:///only-a-path-secret"}
	_, err := CheckSinks(c, func(k string) string { return env[k] }, SinkIdentity{})
	var errs config.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("want config.Errors, got %v", err)
	}
	want := []struct {
		line int
		key  string
		msg  string
	}{
		{5, "sinks.ftp.url", `unknown service: "ftp"`},
		{8, "sinks.foo.url", `unknown service: "foo"`},
		{11, "sinks.nohost.url_env", "needs a host"},
		{14, "sinks.unset.url_env", "NOT_SET_ANYWHERE is not set"},
		{18, "sinks.unsigned.secret_env", "HOOK_SECRET_UNSET is not set"},
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d mistakes, want %d:\n%v", len(errs), len(want), err)
	}
	for i, w := range want {
		e := errs[i]
		if e.File != p || e.Line != w.line || e.Key != w.key || !strings.Contains(e.Msg, w.msg) {
			t.Errorf("mistake %d: %q, want %s:%d: %s: …%s", i, e.Error(), p, w.line, w.key, w.msg)
		}
	}
	if strings.Contains(err.Error(), "secret-path") || strings.Contains(err.Error(), "path-secret") {
		t.Errorf("a mistake echoes the URL's path: %v", err)
	}
}

func TestCheckSinksBuildsEverySink(t *testing.T) {
	c, _ := loadSettings(t, "[sinks.chat]\nurl = \"ntfy://ntfy.example/stratop\"\n\n[sinks.hook]\nurl_env = \"HOOK_URL\"\nsecret_env = \"HOOK_SECRET\"\n")
	env := map[string]string{"HOOK_URL": "https://hooks.example/in?sig=from-the-environment", "HOOK_SECRET": "s"}
	sinks, err := CheckSinks(c, func(k string) string { return env[k] }, SinkIdentity{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := sinks["chat"].(*chat); !ok {
		t.Errorf("chat: %T", sinks["chat"])
	}
	if w, ok := sinks["hook"].(*webhook); !ok || string(w.secret) != "s" {
		t.Errorf("hook: %#v", sinks["hook"])
	}
}
