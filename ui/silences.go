package ui

import "github.com/stratop/stratop/internal/text"

// SilencesUnread says Alertmanager's silences were not read and what is
// shown instead (those last read, or those serve last saw), before the
// error, which a narrow line cuts.
func SilencesUnread(err string, lastRead bool) string {
	shown := "silences as serve last saw them"
	if lastRead {
		shown = "silences as last read"
	}
	return shown + ": " + text.Clean(err)
}
