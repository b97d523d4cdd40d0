package model

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// A list never read says so, and why; it never reads as an empty list
// ("page 1 of 1, 0 total": this user has no strategies).
func TestANeverReadListSaysNotReadYetAndWhy(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	v := m.View()
	if !strings.Contains(v, "not read yet: reading…") || strings.Contains(v, "0 total") {
		t.Fatalf("before the first answer:\n%s", v)
	}
	fail := fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen,
		err: &api.TransportError{Op: "GET", Host: "api.test", Timeout: true}}
	m, _ = m.Update(fail)
	v = m.View()
	if line := lineWith(v, "not read yet"); !strings.Contains(line, "not read yet: ") || strings.Contains(line, "reading…") || strings.Contains(v, "0 total") {
		t.Fatalf("after a failed first read the page line is %q:\n%s", line, v)
	}
	m, _ = m.Update(pageReply(m, strat(7, api.StatusActive)))
	if v := m.View(); strings.Contains(v, "not read yet") || !strings.Contains(v, "page 1 of 1, 1 total") {
		t.Fatalf("after a good read:\n%s", v)
	}
}
