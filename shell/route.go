package shell

import (
	"reflect"

	tea "github.com/charmbracelet/bubbletea"
)

// routed is a message of one dashboard's commands, labelled with the
// dashboard that ran them and the show it was on, so that its replies go
// back to it alone: several dashboards' fetches run at once in one
// program, and one integration's data must never reach another's screen.
type routed struct {
	session uint64 // the dashboard's, unique in the program
	visit   uint64 // the shell's show when the command was made
	msg     tea.Msg
}

// quitMsg is a dashboard's quit, after it wrote what it keeps: the shell
// writes the other dashboards' before the program ends.
type quitMsg struct{ session uint64 }

// teaPackage is Bubble Tea's import path: its own messages (quit, clear
// screen, window title, mouse modes) are the program's, never a
// dashboard's, and pass unlabelled.
var teaPackage = reflect.TypeOf(tea.QuitMsg{}).PkgPath()

var cmdType = reflect.TypeOf(tea.Cmd(nil))

// label makes cmd's messages routed ones, through batches and sequences.
func label(session, visit uint64, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return labelMsg(session, visit, cmd()) }
}

func labelMsg(session, visit uint64, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		out := make(tea.BatchMsg, len(m))
		for i, c := range m {
			out[i] = label(session, visit, c)
		}
		return out
	}
	if _, ok := msg.(tea.QuitMsg); ok {
		return quitMsg{session: session}
	}
	t := reflect.TypeOf(msg)
	if t.PkgPath() != teaPackage {
		return routed{session: session, visit: visit, msg: msg}
	}
	// A sequence is an unexported slice of commands: rebuilt in its own
	// type, so the program still runs it in order.
	if t.Kind() == reflect.Slice && t.Elem() == cmdType {
		v := reflect.ValueOf(msg)
		out := reflect.MakeSlice(t, v.Len(), v.Len())
		for i := range v.Len() {
			c, _ := v.Index(i).Interface().(tea.Cmd)
			out.Index(i).Set(reflect.ValueOf(label(session, visit, c)))
		}
		return out.Interface()
	}
	return msg
}
