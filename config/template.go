package config

// `stratop config init`: a commented file with every setting and its
// default, so the operator edits instead of guessing key names.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/stratop/stratop/internal/vocab"
)

// Template is the file `config init` writes. Every line that is not a
// comment holds a default, so the file parses and changes nothing.
func Template(words vocab.Words) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	w("# stratop settings. Check this file with `stratop config check`.")
	w("# Credentials never go here: `stratop login` stores them.")
	w("")
	w("theme = %q        # %s", DefaultTheme, strings.Join(words.Themes, " | "))
	w("interval = %q      # poll interval, at least %s", DefaultInterval.String(), MinInterval)
	w("links = %t         # OSC 8 links from addresses and tx hashes to a block explorer", DefaultLinks)
	w("mouse = %t        # mouse on at start (M toggles it)", DefaultMouse)
	w("notify = %q      # %s: how a change of a watched strategy is announced", DefaultNotify, strings.Join(notifyModes, " | "))
	w("activity = %q     # %s: what the Activity tab covers (integration: every strategy, in the background)", DefaultActivity, strings.Join(activityModes, " | "))
	w("charts = %q     # %s: block or ascii for fonts without braille", DefaultCharts, strings.Join(words.ChartStyles, " | "))
	w("require_reason = false # every action needs a reason (--reason, or the dialog's field)")
	w("")
	w("# Colour per role, overriding the theme: an ANSI name (red, bright-blue, grey),")
	w("# 0-255, or #rrggbb. Roles: %s.", strings.Join(words.ColorRoles, ", "))
	w("# To use them, write the theme as a table instead of the line above:")
	w("# [theme]")
	w("# name = %q", DefaultTheme)
	w("# [theme.colors]")
	w("# alert = \"red\"")
	w("")
	w("# Keys per binding, as the help (?) names them; [] disables a binding.")
	w("# Defaults:")
	w("[keys]")
	var keys map[string][]string
	if words.DefaultKeys != nil {
		keys = words.DefaultKeys()
	}
	names := make([]string, 0, len(keys))
	for n := range keys {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		q := make([]string, len(keys[n]))
		for i, k := range keys[n] {
			q[i] = strconv.Quote(k)
		}
		w("# %s = [%s]", n, strings.Join(q, ", "))
	}
	w("")
	w("# Per credentials profile (see `stratop profiles`), every key optional.")
	w("# [profiles.prod]")
	w("# label = \"PROD\"        # badge in the header, up to %d characters", maxLabel)
	w("# color = \"red\"         # the badge and the frame accent")
	w("# read_only = true      # refuse every action; --read-only and STRATOP_READ_ONLY=1 can only add to this")
	w("# require_reason = true # every action of this profile needs a reason")
	w("# interval = \"10s\"")
	w("# notify = \"bell\"")
	w("# activity = \"integration\"")
	w("")
	w("# Block explorer per chain id: a URL template with {address} or {tx}.")
	w("[explorers]")
	w("# \"4663\" = \"https://explorer.example/address/{address}\"")
	return b.String()
}

// ErrExists is returned by Init when the file is already there.
var ErrExists = errors.New("the settings file exists; stratop never overwrites it (edit it, or remove it first)")

// Init writes Template to path, creating its directory, and refuses to
// replace an existing file.
func Init(path string, words vocab.Words) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	if err != nil {
		return err
	}
	if _, err := f.WriteString(Template(words)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
