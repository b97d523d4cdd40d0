package model

// What the list tabs (Strategies, Pools, Users, Activity) do alike, written
// once: the routing of the messages each of them takes the same way.

import tea "github.com/charmbracelet/bubbletea"

// listTab is a list tab as routeList drives it.
type listTab[T any] interface {
	updateKey(tea.KeyMsg) (T, tea.Cmd)
	settle(fetchedMsg) (T, tea.Cmd)
	poll(pollMsg) (T, tea.Cmd)
	// updateOther takes the messages routeList leaves to the tab;
	// redraw says whether the tab is to render.
	updateOther(tea.Msg) (_ T, _ tea.Cmd, redraw bool)
	render() T
}

// mouser is a list tab that takes the wheel and clicks.
type mouser[T any] interface {
	mouse(msg tea.Msg) (T, tea.Cmd)
}

// routeList is a list tab's Update: a key, a reply or a tick it routes
// the same way on every tab, any other message to the tab's updateOther.
// A tick only starts a read, so it leaves the screen as it is and costs
// no render.
func routeList[T interface {
	tab
	listTab[T]
}](t T, msg tea.Msg) (tab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyMsg:
		t, cmd = t.updateKey(msg)
	case fetchedMsg:
		t, cmd = t.settle(msg)
	case pollMsg:
		t, cmd = t.poll(msg)
		return t, cmd
	case scrollMsg, clickMsg:
		m, ok := any(t).(mouser[T])
		if !ok {
			return t, nil
		}
		t, cmd = m.mouse(msg)
	default:
		var redraw bool
		if t, cmd, redraw = t.updateOther(msg); !redraw {
			return t, cmd
		}
	}
	return t.render(), cmd
}

// The list tabs' Update.

func (t strategiesTab) Update(msg tea.Msg) (tab, tea.Cmd) { return routeList(t, msg) }
func (t poolsTab) Update(msg tea.Msg) (tab, tea.Cmd)      { return routeList(t, msg) }
func (t usersTab) Update(msg tea.Msg) (tab, tea.Cmd)      { return routeList(t, msg) }
func (t activityTab) Update(msg tea.Msg) (tab, tea.Cmd)   { return routeList(t, msg) }
