// Package vocab is the words of the settings file that belong to the
// presentation: themes, colour roles and values, chart styles and key
// bindings. Package ui says what they are (ui.SettingsWords); package config
// checks a file against them without linking the terminal styling that
// gives them meaning, so the engines and the command line that read
// settings stay free of it.
package vocab

// Theme names config needs by themselves: the default, and the one that
// NO_COLOR picks.
const (
	ThemeAuto = "auto"
	ThemeNone = "none"
)

// Words are the presentation's names. A zero Words checks nothing of them.
type Words struct {
	Themes      []string
	ColorRoles  []string
	CheckColor  func(string) error
	ChartStyles []string
	// CheckKeys lists every problem of a [keys] remap: an unknown binding
	// name, an unknown key, a key that would mean two things at once.
	CheckKeys func(map[string][]string) []KeyProblem
	// DefaultKeys is every binding's keys as the settings file writes them.
	DefaultKeys func() map[string][]string
}

// KeyProblem is one reason a remap is refused; Name is the binding name
// it concerns (for a conflict, the one named in the settings file).
type KeyProblem struct {
	Name string
	Msg  string
}

func (p KeyProblem) Error() string { return p.Name + ": " + p.Msg }
