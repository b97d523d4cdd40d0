package alert

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// A front end without serve reads the silences of the Alertmanager sinks
// the rules route to (one that no rule routes to is not asked), with who
// set them; a sink none of whose Alertmanagers answers is named in a
// *SilencesError beside the silences of the others.
func TestSilenceSourceReadsTheRoutedAlertmanagers(t *testing.T) {
	oncall, other, unrouted := newFakeAM(t), newFakeAM(t), newFakeAM(t)
	until := time.Now().Add(time.Hour)
	active := &struct {
		State string `json:"state"`
	}{"active"}
	oncall.silences = []Silence{{ID: "s1", CreatedBy: "ana", Comment: "maintenance window", EndsAt: until, Status: active,
		Matchers: []Matcher{{Name: "alertname", Value: "halted", IsEqual: true}, {Name: "integration", Value: "i", IsEqual: true}}}}
	cfg, _ := loadSettings(t, fmt.Sprintf(`[[alerts]]
name = "halted"
when = "strategy.status"
to   = ["oncall", "other"]

[sinks.oncall]
alertmanager = [%q]
[sinks.other]
alertmanager = [%q]
[sinks.unrouted]
alertmanager = [%q]
`, oncall.URL, other.URL, unrouted.URL))
	src, err := NewSilenceSource(cfg, func(string) string { return "" }, "https://partner.example:443#abc")
	if err != nil || src == nil {
		t.Fatalf("source %v, %v", src, err)
	}
	notes, err := src.Read(context.Background())
	if err != nil || len(notes) != 1 {
		t.Fatalf("read %+v, %v", notes, err)
	}
	if n := notes[0]; n.Sink != "oncall" || n.CreatedBy != "ana" || n.Matchers != "alertname=halted" || n.Comment != "maintenance window" {
		t.Fatalf("note %+v", n)
	}
	if len(unrouted.auth) != 0 {
		t.Fatal("a sink no rule routes to was asked")
	}

	other.setDown(true)
	notes, err = src.Read(context.Background())
	var partial *SilencesError
	if !errors.As(err, &partial) || len(partial.Sinks) != 1 || partial.Sinks[0] != "other" || len(notes) != 1 {
		t.Fatalf("one sink down: %+v, %v", notes, err)
	}

	none, _ := loadSettings(t, "[sinks.hook]\nurl = \"https://hooks.example/x\"\n")
	if src, err := NewSilenceSource(none, nil, "i"); src != nil || err != nil {
		t.Fatalf("no Alertmanager sink: %v, %v", src, err)
	}
}

// A silence's matchers as stratop lists them: each operator of
// Alertmanager's four, the integration's matcher left out.
func TestSilenceMatcherText(t *testing.T) {
	s := Silence{Matchers: []Matcher{{Name: "alertname", Value: "halted", IsEqual: true},
		{Name: "integration", Value: "https://partner.example:443#abc", IsEqual: true},
		{Name: "severity", Value: "info", IsEqual: false}, {Name: "strategy", Value: "4.*", IsRegex: true, IsEqual: true},
		{Name: "user", Value: "cust_.*", IsRegex: true}}}
	if got, want := s.MatcherText(), `alertname=halted,severity!=info,strategy=~4.*,user!~cust_.*`; got != want {
		t.Fatalf("matchers %q, want %q", got, want)
	}
}
