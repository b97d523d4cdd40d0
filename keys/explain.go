package keys

import (
	"errors"
	"fmt"
	"strings"
)

// Check is one credential source that was tried and why it gave nothing.
type Check struct {
	Source  string // "environment", "profiles", "keyring", "file store"
	Problem string // one line, for the operator
	Err     error  // the cause, for errors.Is; nil when there is none
}

// NoCredentialsError is the "nothing worked" answer of Resolve: its text is
// the whole screen the operator sees (exit code 2): each source checked in
// order with why it failed, then the fixes that apply.
type NoCredentialsError struct {
	Profile         string
	ProfileKnown    bool      // the profile exists in profiles.json
	Store           StoreKind // the store that was read ("" if none got that far)
	ProfilesPath    string
	CredentialsPath string
	Checks          []Check
}

func (e *NoCredentialsError) add(c Check) { e.Checks = append(e.Checks, c) }

// Is matches ErrNoCredentials.
func (e *NoCredentialsError) Is(target error) bool { return target == ErrNoCredentials }

// Unwrap exposes the causes of the checks (e.g. a *KeyringError), so
// errors.Is(err, ErrKeyringUnavailable) works on the whole answer.
func (e *NoCredentialsError) Unwrap() []error {
	var errs []error
	for _, c := range e.Checks {
		if c.Err != nil {
			errs = append(errs, c.Err)
		}
	}
	return errs
}

// Error renders the screen.
func (e *NoCredentialsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "stratop: no credentials for profile %q", e.Profile)
	if !e.ProfileKnown && e.ProfilesPath != "" {
		fmt.Fprintf(&b, " (no such profile in %s)", e.ProfilesPath)
	}
	b.WriteString(".\n\nChecked, in order:\n")
	width := 0
	for _, c := range e.Checks {
		width = max(width, len(c.Source))
	}
	for _, c := range e.Checks {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, c.Source, c.Problem)
	}
	b.WriteString("\nFix it with one of:\n")
	for i, fix := range e.fixes() {
		fmt.Fprintf(&b, "  %d. %s\n", i+1, fix)
	}
	return strings.TrimRight(b.String(), "\n")
}

// fixes are the remedies that apply, most direct first.
func (e *NoCredentialsError) fixes() []string {
	p := profileArg(e.Profile)
	env := "Export the credentials for this shell (read -s keeps the secret off the screen and out of the history):\n" +
		"       export " + EnvBaseURL + "=https://api.example.com\n" +
		"       read -rs " + EnvAPIKey + "; read -rs " + EnvAPISecret + "; export " + EnvAPIKey + " " + EnvAPISecret
	file := "Keep them in a file only you can read (mode 0600) instead of a keyring:\n" +
		"       stratop login" + p + " --store file"
	if !e.ProfileKnown {
		file += " --base-url https://api.example.com"
	}
	session := "Start a keyring for this session; log in the same way first (the keyring is kept\n" +
		"     under ~/.local/share/keyrings, encrypted with PASSWORD):\n" +
		"       dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; stratop" + p + "'"
	var errs []error
	for _, c := range e.Checks {
		if c.Err != nil {
			errs = append(errs, c.Err)
		}
	}
	all := errors.Join(errs...)
	switch {
	case e.Store == StoreFile && errors.Is(all, ErrInsecureFile):
		return []string{"Restrict the file as the message above says (chmod 600 " + e.CredentialsPath + ")", env}
	case e.Store == StoreFile:
		return []string{"Save the credentials again:\n       stratop login" + p + " --store file", env}
	case errors.Is(all, ErrKeyringUnavailable):
		return []string{env, file, session}
	case errors.Is(all, ErrNotFound):
		login := "Log in (key and secret are read without echo):\n       stratop login" + p
		if !e.ProfileKnown {
			login += " --base-url https://api.example.com"
		}
		return []string{login, env, file}
	}
	return []string{env, file, session}
}
