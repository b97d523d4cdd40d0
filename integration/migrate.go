package integration

// The one-time move from the layout before state was kept per integration,
// when everything was keyed by profile name under the state root:
//
//	history-<profile>.json               the Overview's history
//	watch/<profile>-<scope>.json         `stratop watch` cursors
//	<profile>/                           serve's alert state and outboxes,
//	                                     with its cursors in <profile>/watch/
//	watches.json                         {profile: watched items}
//
// A profile names an integration, so a profile's old files move into the
// directory of the integration the profile names, the first time that
// integration is opened through that profile. An integration named by the
// environment or a flag (another host under the same profile name) never
// takes a profile's files. Nothing is lost when two profiles' old files map
// to one integration: the watched items are merged (their union); any
// other file or directory that finds its place taken is kept beside it,
// named after its profile (history-from-<profile>.json, alert-from-<profile>/,
// watch/<scope>.from-<profile>.json), whole and readable, but not used:
// two recordings of one integration's history or alert state cannot be
// added together without counting the same thing twice.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/filelock"
)

// migrateLock orders migrations of several processes starting at once.
const migrateLock = "migrate.lock"

// legacyWatchesFile is the old watched-items file, keyed by profile.
const legacyWatchesFile = "watches.json"

// Migration is what Migrate moved.
type Migration struct {
	Profile string
	Dir     string   // the integration's directory
	Moved   []string // what moved (old paths relative to the state root)
	Beside  []string // what was kept beside a file already in place (new paths)
}

// Done reports whether anything moved.
func (m Migration) Done() bool { return len(m.Moved) > 0 }

// String is the one line an operator reads about it.
func (m Migration) String() string {
	if !m.Done() {
		return ""
	}
	s := fmt.Sprintf("moved profile %s's state (%s) into %s", m.Profile, strings.Join(m.Moved, ", "), m.Dir)
	if len(m.Beside) > 0 {
		s += fmt.Sprintf("; kept beside what was there: %s", strings.Join(m.Beside, ", "))
	}
	return s
}

// WatchListMerger merges the old watched items of a profile into the
// integration's list file; the watch package owns that file's format.
type WatchListMerger func(listPath string, strategies []int64, users []string) error

// Migrate moves the profile's files of the old layout under stateRoot into
// id's directory, creating it. It is cheap when there is nothing to move,
// so every start may call it; call it only when id is the integration the
// profile itself names. merge writes the watched items; nil leaves them in
// the old file.
func Migrate(stateRoot, profile string, id ID, merge WatchListMerger) (Migration, error) {
	if profile == "" {
		profile = "default"
	}
	d := DirOf(stateRoot, id)
	m := Migration{Profile: profile, Dir: d.Path}
	if !safeProfile(profile) || !anyLegacy(stateRoot, profile) {
		return m, nil
	}
	err := filelock.With(filepath.Join(stateRoot, migrateLock), func() error {
		if err := atomicfile.EnsureDir(d.Path); err != nil {
			return err
		}
		steps := []func(*Migration, string, string, Dir, ID) error{migrateHistory, migrateCursors, migrateAlerts}
		if merge != nil {
			steps = append(steps, func(m *Migration, root, p string, d Dir, _ ID) error { return migrateWatches(m, root, p, d, merge) })
		}
		var errs []error
		for _, step := range steps {
			errs = append(errs, step(&m, stateRoot, profile, d, id))
		}
		return errors.Join(errs...)
	})
	return m, err
}

// safeProfile refuses a name that would reach outside the state root when
// joined into a path (the old layout joined it as it was).
func safeProfile(p string) bool {
	return p != "." && p != ".." && !strings.ContainsAny(p, `/\`+"\x00")
}

// anyLegacy is a quick look for any old file of the profile, so that a
// start with nothing to move takes no lock.
func anyLegacy(root, profile string) bool {
	for _, p := range []string{filepath.Join(root, legacyHistoryName(profile)), filepath.Join(root, profile), filepath.Join(root, legacyWatchesFile)} {
		if _, err := os.Lstat(p); err == nil {
			return true
		}
	}
	ents, _ := os.ReadDir(filepath.Join(root, CursorDirName))
	prefix := legacyCursorProfile(profile) + "-"
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) {
			return true
		}
	}
	return false
}

// legacyHistoryName is the old history file's name: characters other than
// letters, digits, '-', '_' and a '.' not first were written as %XX.
func legacyHistoryName(profile string) string {
	var b strings.Builder
	for i := 0; i < len(profile); i++ {
		c := profile[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.' && i > 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return "history-" + b.String() + ".json"
}

var unsafeCursorName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// legacyCursorProfile is the profile as the old cursor file names wrote it.
func legacyCursorProfile(profile string) string {
	return unsafeCursorName.ReplaceAllString(profile, "_")
}

// besideName is the name a file of profile takes when its place is taken.
func besideName(name, profile string) string {
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "-from-" + legacyCursorProfile(profile) + ext
}

// place moves from to to, or beside to when to exists, and returns where
// it went.
func place(m *Migration, root, from, to string) (string, error) {
	if _, err := os.Lstat(to); err == nil {
		to = filepath.Join(filepath.Dir(to), besideName(filepath.Base(to), m.Profile))
		if _, err := os.Lstat(to); err == nil {
			return "", nil // kept beside before, and the old file came back since: leave it where it is
		}
		m.Beside = append(m.Beside, to)
	}
	if err := atomicfile.EnsureDir(filepath.Dir(to)); err != nil {
		return "", err
	}
	if err := os.Rename(from, to); err != nil {
		return "", fmt.Errorf("moving %s: %w", from, err)
	}
	if rel, err := filepath.Rel(root, from); err == nil {
		from = rel
	}
	m.Moved = append(m.Moved, from)
	return to, nil
}

func migrateHistory(m *Migration, root, profile string, d Dir, _ ID) error {
	from := filepath.Join(root, legacyHistoryName(profile))
	if _, err := os.Lstat(from); err != nil {
		return nil
	}
	_, err := place(m, root, from, d.History())
	return err
}

// legacyCursor is what the old cursor file says of itself.
type legacyCursor struct {
	Host  string `json:"host"`
	Scope string `json:"scope"`
}

// moveCursors moves the profile's cursors from dir (old names
// <profile>-<scope>.json) into to (new names <scope>.json). A file is the
// profile's when the rest of its name is the scope it records (profile
// "a" must not take profile "a-b"'s files), and moves only when it was
// written for id's host: a cursor of another host under the same profile
// name (the environment's) stays where it is.
func moveCursors(m *Migration, root, dir, to, profile string, id ID) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	prefix := legacyCursorProfile(profile) + "-"
	var errs []error
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		scope, isJSON := strings.CutSuffix(rest, ".json")
		if !ok || !isJSON || e.IsDir() {
			continue
		}
		from := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(from)
		var c legacyCursor
		if err != nil || json.Unmarshal(b, &c) != nil || c.Scope != scope || !id.MatchesHost(c.Host) {
			continue
		}
		_, err = place(m, root, from, filepath.Join(to, scope+".json"))
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func migrateCursors(m *Migration, root, profile string, d Dir, id ID) error {
	return moveCursors(m, root, filepath.Join(root, CursorDirName), d.Cursors(), profile, id)
}

// migrateAlerts moves serve's directory of the profile whole, then gives
// the cursors inside it their new names.
func migrateAlerts(m *Migration, root, profile string, d Dir, id ID) error {
	from := filepath.Join(root, profile)
	fi, err := os.Lstat(from)
	if err != nil || !fi.IsDir() || profile == DirsName || profile == CursorDirName {
		return nil
	}
	to, err := place(m, root, from, d.Alerts())
	if err != nil || to == "" {
		return err
	}
	cursors := filepath.Join(to, CursorDirName)
	inner := Migration{Profile: profile}
	return moveCursors(&inner, cursors, cursors, cursors, profile, id)
}

// migrateWatches merges the profile's entry of the old watches.json into
// the integration's list and removes it from the old file (the file goes
// when no profile is left in it).
func migrateWatches(m *Migration, root, profile string, d Dir, merge WatchListMerger) error {
	path := filepath.Join(root, legacyWatchesFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	all := map[string]struct {
		Strategies []int64  `json:"strategies,omitempty"`
		Users      []string `json:"users,omitempty"`
	}{}
	if err := json.Unmarshal(b, &all); err != nil {
		return nil // a damaged old file is left as it is, to be looked at
	}
	w, ok := all[profile]
	if !ok {
		return nil
	}
	if err := merge(d.Watched(), w.Strategies, w.Users); err != nil {
		return err
	}
	delete(all, profile)
	m.Moved = append(m.Moved, legacyWatchesFile+" ("+profile+")")
	if len(all) == 0 {
		return os.Remove(path)
	}
	out, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(out, '\n'))
}
