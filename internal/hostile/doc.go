// Package hostile is a test double of the partner interface that attacks
// its client: every read route answers valid JSON (the types of package api)
// in which every string field carries terminal escape payloads (OSC 52
// clipboard writes, OSC 8 links, screen clears and cursor moves, CR and
// backspace overprint, C1 controls, bidi overrides, zero-width characters,
// 10 KB strings, invalid UTF-8), and every action answers an error whose
// message is hostile too. Fault modes switchable at run time (latency, 5xx,
// 429, truncated and trickling bodies, resets, HTML pages, wrong JSON types,
// a server that goes away and comes back) break the transport instead.
//
// Leaks inspects a captured terminal output stream for any of the payloads'
// control sequences while tolerating the ones the Bubble Tea renderer emits
// itself, so tests can prove that nothing a server sends reaches the
// terminal as a command. The package is used by tests only.
package hostile
