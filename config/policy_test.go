package config

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/ui"
)

func TestReadOnlyNamesItsSourceAndOnlyAdds(t *testing.T) {
	isolate(t)
	p := write(t, `[profiles.prod]
read_only = true
[profiles.staging]
read_only = false
`)
	c, err := Load(p, true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	cases := []struct {
		profile string
		envRO   string
		flag    bool
		want    bool
		by      string
	}{
		{"staging", "", false, false, ""},
		{"prod", "", false, true, "read_only of profile prod in " + p},
		{"prod", "0", false, true, "read_only of profile prod"},
		{"staging", "1", false, true, "STRATOP_READ_ONLY=1"},
		{"staging", "", true, true, "--read-only"},
		{"staging", "true", true, true, "STRATOP_READ_ONLY=true"},
	}
	for _, k := range cases {
		env[EnvReadOnly] = k.envRO
		s, err := c.Resolve(k.profile, get, Overrides{ReadOnly: k.flag})
		if err != nil || s.ReadOnly != k.want || !strings.Contains(s.ReadOnlyBy, k.by) || (!k.want && s.ReadOnlyBy != "") {
			t.Errorf("%+v: read-only %v by %q (%v)", k, s.ReadOnly, s.ReadOnlyBy, err)
		}
	}
	for v, want := range map[string]bool{
		"yes": true, "YES": true, "On": true, "TRUE": true, "1": true,
		"no": false, "No": false, "off": false, "OFF": false, "False": false, "0": false,
	} {
		env[EnvReadOnly] = v
		s, err := c.Resolve("staging", get, Overrides{})
		if err != nil || s.ReadOnly != want {
			t.Errorf("STRATOP_READ_ONLY=%s: read-only %v (%v), want %v", v, s.ReadOnly, err, want)
		}
	}
	for _, v := range []string{"yes please", "2", "y", "enable", " 1", "tru"} {
		env[EnvReadOnly] = v
		if _, err := c.Resolve("staging", get, Overrides{}); err == nil || !strings.Contains(err.Error(), EnvReadOnly) || !strings.Contains(err.Error(), "yes or on") {
			t.Errorf("STRATOP_READ_ONLY=%q must be refused, naming it and what it takes: %v", v, err)
		}
	}
}

func TestRequireReasonPerProfileOverTopLevel(t *testing.T) {
	isolate(t)
	p := write(t, `require_reason = true
[profiles.dev]
require_reason = false
[profiles.prod]
label = "PROD"
`)
	c, err := Load(p, true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := c.Resolve("prod", nil, Overrides{}); !s.RequireReason || !strings.Contains(s.RequireReasonBy, "require_reason in "+p) {
		t.Errorf("prod: %v %q; want required by the top level", s.RequireReason, s.RequireReasonBy)
	}
	if s, _ := c.Resolve("dev", nil, Overrides{}); s.RequireReason || s.RequireReasonBy != "" {
		t.Errorf("dev: %v %q; want not required", s.RequireReason, s.RequireReasonBy)
	}
	if e := loadErr(t, "[profiles.x]\nrequire_reason = \"yes\"\n"); !strings.Contains(e.Msg, "true or false") {
		t.Errorf("a non-boolean require_reason: %v", e)
	}
}
