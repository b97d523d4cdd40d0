package dashboard

import tea "github.com/charmbracelet/bubbletea"

// afterStart is a program's model that also runs fn once the program has
// started. Bubble Tea calls Init after it has taken the terminal and started
// its renderer, whose first frame then waits for the renderer's first tick
// (up to 1/fps): work done from Init on another goroutine runs in that wait
// instead of delaying the frame.
type afterStart struct {
	tea.Model
	fn func()
}

func (a afterStart) Init() tea.Cmd {
	fn := a.fn
	return tea.Batch(a.Model.Init(), func() tea.Msg {
		fn()
		return nil
	})
}

func (a afterStart) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := a.Model.Update(msg)
	return afterStart{m, a.fn}, cmd
}
