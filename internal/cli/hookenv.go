package cli

// A hook (`watch --exec`) runs whatever the operator wrote, and whatever it
// logs or forwards may end up anywhere: it gets the environment minus what
// lets it act as the integration or read a credential. The shipped systemd
// unit puts the partner key and secret in the environment, so without this
// every hook would hold them.

import (
	"regexp"
	"slices"
	"strings"
)

// HookCredentialPattern matches the variables a hook never inherits: every
// STRATOP_API_* (the partner key and secret), and any name that says it
// holds a secret (…SECRET…, …TOKEN…, …PASSWORD…, …PASSWD…, …PASSPHRASE…,
// …CREDENTIAL…, …PRIVATE_KEY…, …API_KEY…, …APIKEY…, …ACCESS_KEY…,
// …SIGNING_KEY…), whatever the case. The session bus and the SSH agent
// socket are kept: a hook runs as the same user and could reach them
// anyway, and desktop notifications need the bus.
var HookCredentialPattern = regexp.MustCompile(`(?i)^STRATOP_API_|SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE_?KEY|API_?KEY|ACCESS_?KEY|SIGNING_?KEY`)

// HookEnv is the environment of a hook: environ ("NAME=value" entries)
// without the variables HookCredentialPattern matches or withheld names,
// except the names in pass (--exec-env), which the operator chose to hand
// on. withheld are further variables that hold a secret under a plain name,
// such as the settings file's url_env and secret_env.
func HookEnv(environ, pass, withheld []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if slices.Contains(pass, name) {
			out = append(out, kv)
			continue
		}
		if HookCredentialPattern.MatchString(name) || slices.Contains(withheld, name) {
			continue
		}
		out = append(out, kv)
	}
	return out
}
