package action

import (
	"strings"
)

// Invocation is one action as the operator confirmed it, in the terms of
// the command line: what CommandLine turns into the `stratop …` line that
// does the same from a shell. It never holds a credential: the line names
// the profile, and the shell resolves the credentials as the dashboard did.
type Invocation struct {
	Profile string // the dashboard's profile ("" for none given)
	// Env is set in front of stratop: an integration no profile stores
	// (the demo's embedded sandbox) is reached through the environment.
	Env    []EnvVar
	Spec   Spec
	IDs    []int64 // the strategies (one, or each marked one); unused for a user-wide job
	User   string  // a user-wide job's external user id
	Reason string  // as typed
	Amount string  // add-balance: the amount in token units, as typed
	Raw    bool    // Amount is in the token's smallest unit
}

// Args is the invocation's arguments after the program name: the one
// definition of how every action is said on the command line, whichever
// front end shows it.
func (inv Invocation) Args() []string {
	var args []string
	if inv.Profile != "" {
		args = append(args, "--profile", inv.Profile)
	}
	if inv.Spec.Scope == ScopeUser {
		args = append(args, "users", inv.Spec.Name, inv.User)
	} else {
		args = append(args, "strategies", inv.Spec.Name)
		for _, id := range inv.IDs {
			args = append(args, itoa(id))
		}
	}
	if inv.Spec.Amount {
		args = append(args, "--amount", inv.Amount)
		if inv.Raw {
			args = append(args, "--raw")
		}
	}
	if r := strings.TrimSpace(inv.Reason); r != "" {
		args = append(args, "--reason", r)
	}
	return args
}

// EnvVar is a variable a shell line sets for stratop alone.
type EnvVar struct{ Name, Value string }

// CommandLine is the invocation as one shell line: its variables, then
// "stratop" and Args, each quoted for a POSIX shell where it needs to be.
func CommandLine(inv Invocation) string {
	return envWords(inv.Env) + ShellLine(append([]string{"stratop"}, inv.Args()...))
}

// envWords are the assignments a line starts with, a space after each.
// Only the value is quoted: a quoted name is no assignment but a command.
func envWords(env []EnvVar) string {
	var b strings.Builder
	for _, v := range env {
		b.WriteString(v.Name + "=" + shellQuote(v.Value) + " ")
	}
	return b.String()
}

// ShellLine joins words into a line a POSIX shell splits back into the
// same words.
func ShellLine(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(shellQuote(w))
	}
	return b.String()
}

// shellQuote leaves a word of plain characters as it is and puts any other
// in single quotes, where a shell expands nothing; a single quote inside
// is closed, escaped and reopened.
func shellQuote(w string) string {
	if w != "" && strings.IndexFunc(w, func(r rune) bool { return !shellPlain(r) }) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

func shellPlain(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("_-.,/:@%+=", r)
}

// ListLine is the `stratop strategies list` line that lists what a
// filtered view shows: each filter given as its flag, in a table, with the
// variables env sets in front.
func ListLine(profile string, env []EnvVar, user string, filters [][2]string) string {
	words := []string{"stratop"}
	if profile != "" {
		words = append(words, "--profile", profile)
	}
	words = append(words, "strategies", "list")
	if user != "" {
		words = append(words, "--user", user)
	}
	for _, f := range filters {
		if f[1] != "" {
			words = append(words, "--"+f[0], f[1])
		}
	}
	return envWords(env) + ShellLine(append(words, "-o", "table"))
}
