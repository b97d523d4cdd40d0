package ui

import "github.com/stratop/stratop/internal/vocab"

// SettingsWords are the names the settings file may use for the
// presentation, as this package defines them: config checks a file against
// them.
func SettingsWords() vocab.Words {
	return vocab.Words{
		Themes:      ThemeNames,
		ColorRoles:  ColorRoles(),
		CheckColor:  func(s string) error { _, err := ParseColor(s); return err },
		ChartStyles: ChartStyleNames,
		CheckKeys: func(remap map[string][]string) []vocab.KeyProblem {
			_, problems := ApplyKeys(DefaultKeyMap(), remap)
			return problems
		},
		DefaultKeys: func() map[string][]string { return BindingKeys(DefaultKeyMap()) },
	}
}
