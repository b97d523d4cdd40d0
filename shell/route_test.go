package shell

import (
	"reflect"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

type dashData struct{ n int }

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// A dashboard's messages come back labelled with its session through
// batches and sequences, in the sequence's own type so the program still
// runs it in order; its quit becomes the shell's; the program's own
// messages pass as they are.
func TestLabelRoutesThroughBatchesAndSequences(t *testing.T) {
	msg := label(7, 3, tea.Batch(emit(dashData{1}), tea.Sequence(emit(dashData{2}), tea.Quit)))()
	batch, ok := msg.(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("batch lost: %T %v", msg, msg)
	}
	if got := batch[0](); got != (routed{session: 7, visit: 3, msg: dashData{1}}) {
		t.Errorf("first: %#v", got)
	}
	seq := batch[1]()
	want := reflect.TypeOf(tea.Sequence(tea.Quit, tea.Quit)())
	if reflect.TypeOf(seq) != want {
		t.Fatalf("sequence became %T, want %v", seq, want)
	}
	v := reflect.ValueOf(seq)
	first, _ := v.Index(0).Interface().(tea.Cmd)
	second, _ := v.Index(1).Interface().(tea.Cmd)
	if got := first(); got != (routed{session: 7, visit: 3, msg: dashData{2}}) {
		t.Errorf("sequence's first: %#v", got)
	}
	if got := second(); got != (quitMsg{session: 7}) {
		t.Errorf("a dashboard's quit is %#v, want the shell's to write the others' first", got)
	}
	if got := label(7, 3, emit(tea.ClearScreen()))(); reflect.TypeOf(got).PkgPath() != teaPackage {
		t.Errorf("the program's own message was labelled: %#v", got)
	}
	if label(1, 1, nil) != nil {
		t.Error("a nil command became one")
	}
}

// A reply for a dashboard the shell does not hold is dropped.
func TestSettleDropsStrangers(t *testing.T) {
	s := New(t.Context(), nil, nil)
	if got, cmd := s.settle(routed{session: 9, msg: dashData{1}}); cmd != nil || got.active != 0 {
		t.Error("a stranger's reply was taken")
	}
}
