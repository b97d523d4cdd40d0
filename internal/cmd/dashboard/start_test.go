package dashboard

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// initModel is a model whose Init returns a command that reports itself.
type initModel struct{ updates int }

type initRan struct{}

func (m initModel) Init() tea.Cmd { return func() tea.Msg { return initRan{} } }
func (m initModel) Update(tea.Msg) (tea.Model, tea.Cmd) {
	m.updates++
	return m, nil
}
func (m initModel) View() string { return "" }

// TestAfterStartRunsOnceBesideTheModelsInit: fn runs from the commands of
// Init, not before, and the model's own Init commands still run; updates
// reach the model and the wrapper stays around it.
func TestAfterStartRunsOnceBesideTheModelsInit(t *testing.T) {
	ran := 0
	a := afterStart{initModel{}, func() { ran++ }}
	cmd := a.Init()
	if ran != 0 {
		t.Fatal("fn ran before the program ran Init's commands")
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok {
		t.Fatalf("Init returned %T, want a batch", cmd())
	}
	var own bool
	for _, c := range batch {
		if c == nil {
			continue
		}
		if _, is := c().(initRan); is {
			own = true
		}
	}
	if ran != 1 || !own {
		t.Fatalf("fn ran %d times, model's Init command ran: %v; want 1, true", ran, own)
	}
	m, _ := a.Update(tea.KeyMsg{})
	next, ok := m.(afterStart)
	if !ok {
		t.Fatalf("Update returned %T, want afterStart", m)
	}
	if next.Model.(initModel).updates != 1 {
		t.Fatal("the update did not reach the model")
	}
}
