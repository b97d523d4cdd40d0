package config

// The theme is written either as a name (theme = "dark", as `config init`
// shows) or as a table holding the name and colour overrides per role:
//
//	[theme]
//	name = "dark"
//	[theme.colors]
//	alert = "red"
//
// TOML cannot give one key both a string and a table, so the decoder hands
// over whichever was written and it is read here, with the line of every
// key for the messages.

import (
	"fmt"
	"sort"
)

// theme is the theme setting as written; nil name: not set.
type theme struct {
	name    *string
	nameKey []string // where the name was written: theme, or theme.name
	colors  map[string]string
}

// readTheme reads the decoded value of the theme key.
func readTheme(path string, v any, idx keyLines) (theme, Errors) {
	var errs Errors
	fail := func(msg string, key ...string) {
		errs = append(errs, &Error{File: path, Line: idx.line(key...), Key: dotted(key), Msg: msg})
	}
	switch v := v.(type) {
	case nil:
		return theme{}, nil
	case string:
		return theme{name: &v, nameKey: []string{"theme"}}, nil
	case map[string]any:
		th := theme{nameKey: []string{"theme", "name"}}
		for _, k := range sortedKeys(v) {
			switch k {
			case "name":
				s, ok := v[k].(string)
				if !ok {
					fail(fmt.Sprintf("wrong type: %s, want a theme name", tomlKind(v[k])), "theme", k)
					continue
				}
				th.name = &s
			case "colors":
				colors, ok := v[k].(map[string]any)
				if !ok {
					fail(fmt.Sprintf("wrong type: %s, want a table of colours per role", tomlKind(v[k])), "theme", k)
					continue
				}
				th.colors = map[string]string{}
				for _, role := range sortedKeys(colors) {
					s, ok := colors[role].(string)
					if !ok {
						fail(fmt.Sprintf("wrong type: %s, want a colour", tomlKind(colors[role])), "theme", k, role)
						continue
					}
					th.colors[role] = s
				}
			default:
				fail("unknown key (known here: colors, name)", "theme", k)
			}
		}
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
		return th, errs
	}
	fail(fmt.Sprintf("wrong type: %s, want a theme name or a [theme] table", tomlKind(v)), "theme")
	return theme{}, errs
}

// tomlKind names the TOML type of a decoded value.
func tomlKind(v any) string {
	switch v.(type) {
	case string:
		return "a TOML string"
	case bool:
		return "a TOML boolean"
	case int64:
		return "a TOML integer"
	case float64:
		return "a TOML float"
	case []any:
		return "a TOML array"
	case map[string]any:
		return "a TOML table"
	}
	return "a TOML date or time"
}
