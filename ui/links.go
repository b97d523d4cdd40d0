package ui

// Explorer links: an address or transaction hash drawn on screen becomes an
// OSC 8 hyperlink to a block explorer, so the operator's own terminal (not
// the server stratop runs on) can open it. A link is built only from a value
// that validates as an address or hash of the row's chain (EVM: 0x and hex
// digits; Solana: base58 of 32 or 64 bytes) and a template that stratop or
// the settings file holds; never from a URL the server sent. The text drawn
// is the same with or without the link, so widths stay exact, and a
// disabled Explorers (links = false) writes no OSC 8 at all.

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/internal/explorer"
	"github.com/stratop/stratop/internal/text"
)

// Explorers turns addresses and hashes into links (internal/explorer
// holds the templates and the checks). The zero value links nothing.
type Explorers = explorer.Explorers

// NewExplorers is the default explorers with the settings' templates over
// them.
func NewExplorers(templates map[string]string) Explorers { return explorer.New(templates) }

// Hyperlink wraps text (already cut to its width) in an OSC 8 link to url;
// an empty url leaves text as it is.
func Hyperlink(url, text string) string {
	if url == "" || text == "" {
		return text
	}
	return ansi.SetHyperlink(url) + text + ansi.ResetHyperlink()
}

// KVLink is KV with the value linked to url ("" for none).
func KVLink(st Styles, label, value, url string, width int) string {
	lw := min(labelWidth, width)
	return st.Label.Render(text.Pad(label, lw)) + Hyperlink(url, text.Fit(value, width-lw))
}
