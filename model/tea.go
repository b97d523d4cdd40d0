package model

import tea "github.com/charmbracelet/bubbletea"

// Tea adapts the Model to tea.Model for tea.NewProgram (Model.Update
// returns the concrete type, as bubbles components do).
func (m Model) Tea() tea.Model { return program{m: m} }

// FromTea returns the Model inside a tea.Model made by Tea, e.g. the final
// model of a finished program.
func FromTea(tm tea.Model) (Model, bool) {
	p, ok := tm.(program)
	return p.m, ok
}

// program is the tea.Model adapter of Tea.
type program struct{ m Model }

func (p program) Init() tea.Cmd { return p.m.Init() }

func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := p.m.Update(msg)
	return program{m: m}, cmd
}

func (p program) View() string { return p.m.View() }
