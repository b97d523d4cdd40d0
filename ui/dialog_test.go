package ui

import (
	"strings"
	"testing"
)

func TestDialogFitsShortAreas(t *testing.T) {
	d := Dialog{Title: "Stop strategy 9?", Lines: []string{"a", "b", "c", "d", "e", "f", "", "g", "h"},
		Prompt: "type 9 and enter", Input: "9", Hint: "esc cancel"}
	for _, h := range []int{11, 15, 30} {
		out := RenderDialog(DefaultStyles(), d, 60, h)
		if n := len(strings.Split(out, "\n")); n > h {
			t.Errorf("height %d: dialog drew %d lines", h, n)
		}
		for _, want := range []string{"Stop strategy 9?", "type 9 and enter", "> 9_", "esc cancel"} {
			if !strings.Contains(out, want) {
				t.Errorf("height %d: %q dropped:\n%s", h, want, out)
			}
		}
	}
}

func TestConsentSaysReasonAuditAndOverride(t *testing.T) {
	base := Dialog{Title: "Halt strategy 9?", Lines: []string{"action    halt"}, Hint: "y confirm · n/esc cancel (default)"}
	keys := DefaultDialogKeys()
	cases := []struct {
		name   string
		c      Consent
		want   []string
		prompt string
	}{
		{"optional", Consent{}, []string{"reason    none (tab to add one)", "tab reason"}, ""},
		{"required", Consent{Required: true}, []string{"reason    required: tab to type one"}, ""},
		{"typed", Consent{Reason: "INC-42"}, []string{"reason    INC-42"}, ""},
		{"editing", Consent{Reason: "INC", Editing: true}, []string{"enter keep · esc cancel"}, "reason (a ticket or a sentence), enter to keep it"},
		{"audit", Consent{Audit: "the audit log cannot be written (disk full)", Want: "9"},
			[]string{"Nothing will be sent: the audit log cannot be written (disk full).", "type 9, then confirm once more"}, ""},
		{"override typing", Consent{Audit: "x", Want: "9", Override: OverrideTyping, Input: "1"},
			[]string{"enter confirm when typed · esc cancel (default)"}, "type 9 and enter to send it WITHOUT an audit record"},
		{"override confirm", Consent{Audit: "x", Want: "9", Override: OverrideConfirm},
			[]string{"Send without an audit record? Halt strategy 9?", "y send unaudited · n/esc cancel (default)"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.Keys = keys
			d := WithConsent(base, tc.c)
			all := d.Title + "\n" + strings.Join(d.Lines, "\n") + "\n" + d.Hint
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("missing %q in:\n%s", w, all)
				}
			}
			if d.Prompt != tc.prompt {
				t.Errorf("prompt %q, want %q", d.Prompt, tc.prompt)
			}
			if tc.c.Audit != "" && !d.Danger {
				t.Error("an unwritable audit log is not marked as danger")
			}
		})
	}
}

// The bulk dialog's labels line up with the ones labelled() draws, and it
// counts only the rows it acts on, naming the skipped ones and why.
func TestBulkDialogAlignsItsLabelsAndCountsWhatItActsOn(t *testing.T) {
	d := ActionDialog(ActionDialogData{Action: "suspend", Next: "suspended", Effect: "execution pauses until resumed",
		Bulk: true, IDs: []int64{7, 9}, Skipped: []string{"8: only an active strategy can be suspended"}})
	if d.Title != "Suspend 2 of 3 marked strategies?" {
		t.Errorf("title %q", d.Title)
	}
	col := -1
	for _, l := range d.Lines {
		if l == "" || l[0] == ' ' {
			continue
		}
		i := strings.IndexFunc(l[strings.IndexByte(l, ' '):], func(r rune) bool { return r != ' ' })
		at := strings.IndexByte(l, ' ') + i
		if col >= 0 && at != col {
			t.Errorf("%q starts its text at column %d, others at %d", l, at, col)
		}
		col = at
	}
	if !strings.Contains(strings.Join(d.Lines, "\n"), "8: only an active strategy can be suspended") {
		t.Errorf("the skipped row is not named: %q", d.Lines)
	}
}
