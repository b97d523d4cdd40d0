package config

// Alert rules, sinks and the unattended watcher's settings, read by
// `stratop serve`:
//
//	[[alerts]]
//	name     = "halted"
//	when     = "strategy.status"
//	where    = "after in ['paused', 'completed']"
//	severity = "urgent"            # urgent | info
//	to       = ["ops-pager"]
//	group    = "1m"                # a burst inside this window is one message
//
//	[sinks.ops-pager]
//	url = "ntfy://ntfy.example/stratop-urgent"
//	[sinks.team-chat]
//	url_env = "STRATOP_SLACK_URL"  # a URL that carries a token comes from the environment
//	[sinks.hook]
//	url = "https://example.com/stratop"   # http(s): a signed JSON webhook
//	secret_env = "STRATOP_HOOK_SECRET"
//
//	[serve]
//	heartbeat    = 3               # intervals without a good read before the dead-man message
//	heartbeat_to = ["ops-pager"]
//	digest       = "daily 08:00"
//	digest_to    = ["team-chat"]

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"
)

// AlertKinds are the event kinds a rule's `when` may name (the kinds of
// watch.Event; a test in alert/ keeps the two lists equal).
var AlertKinds = []string{"strategy.status", "strategy.appeared", "strategy.vanished", "users.added",
	"counts", "action", "connection.lost", "connection.restored", "heartbeat"}

// Severities of a rule.
var Severities = []string{"urgent", "info"}

// DefaultHeartbeat is how many intervals without a good read make the
// dead-man message when [serve] does not say.
const DefaultHeartbeat = 3

// alertRule is one [[alerts]] entry as written.
type alertRule struct {
	Name     string   `toml:"name"`
	When     string   `toml:"when"`
	Where    string   `toml:"where"`
	Severity string   `toml:"severity"`
	To       []string `toml:"to" want:"a list of sink names, e.g. [\"ops-pager\"]"`
	Group    string   `toml:"group"`
	Runbook  string   `toml:"runbook"`
	// ResolveAfter ends an alert that nobody acknowledged (0: it stays
	// open until acknowledged).
	ResolveAfter string `toml:"resolve_after"`
}

// sinkDef is one [sinks.NAME] section as written.
type sinkDef struct {
	URL       string `toml:"url"`
	URLEnv    string `toml:"url_env"`
	SecretEnv string `toml:"secret_env"`

	// An Alertmanager sink: every URL is posted to (never one through a
	// balancer), with credentials from the environment.
	Alertmanager []string `toml:"alertmanager" want:"a list of Alertmanager URLs, e.g. [\"http://am-1:9093\"]"`
	BearerEnv    string   `toml:"bearer_env"`
	UsernameEnv  string   `toml:"username_env"`
	PasswordEnv  string   `toml:"password_env"`
	CAFile       string   `toml:"ca_file"`
	Resend       string   `toml:"resend"`
	GeneratorURL string   `toml:"generator_url"`
}

// serveDef is the [serve] section as written.
type serveDef struct {
	Heartbeat   *int     `toml:"heartbeat" want:"a number of intervals"`
	HeartbeatTo []string `toml:"heartbeat_to" want:"a list of sink names, e.g. [\"ops-pager\"]"`
	Digest      string   `toml:"digest"`
	DigestTo    []string `toml:"digest_to" want:"a list of sink names, e.g. [\"ops-pager\"]"`
}

// AlertRule is one checked rule.
type AlertRule struct {
	Name     string
	When     string
	Where    Filter
	Severity string
	To       []string
	Group    time.Duration // 0: each event is its own message
	Runbook  string        // a link or words for whoever is paged
	// ResolveAfter ends an open alert nobody acknowledged; 0: it stays
	// open until acknowledged.
	ResolveAfter time.Duration
}

// Sink is one checked sink. Its URL or secret may live in the environment:
// Resolve reads them.
type Sink struct {
	Name      string
	URL       string
	URLEnv    string
	SecretEnv string
	file      string
	lines     keyLines

	Alertmanager *AlertmanagerSink // nil: a URL sink
}

// Mistake is a mistake of the sink's key (url, url_env or secret_env),
// placed at that key's line of the settings file, so that whoever checks a
// sink beyond the file's rules says where as the file's checks do.
func (s Sink) Mistake(key, msg string) *Error {
	at := []string{"sinks", s.Name, key}
	return &Error{File: s.file, Line: s.lines.line(at...), Key: dotted(at), Msg: msg}
}

// URLKey is the key the sink's URL comes from: url or url_env.
func (s Sink) URLKey() string {
	if s.URLEnv != "" {
		return "url_env"
	}
	return "url"
}

// Resolve returns the sink's URL and secret, reading the environment
// variables the settings name. Its errors are *Error, placed at the key.
func (s Sink) Resolve(getenv func(string) string) (u, secret string, err error) {
	u = s.URL
	if s.URLEnv != "" {
		if u = getenv(s.URLEnv); u == "" {
			return "", "", s.Mistake("url_env", fmt.Sprintf("the environment variable %s is not set", s.URLEnv))
		}
		if _, err := url.Parse(u); err != nil {
			return "", "", s.Mistake("url_env", fmt.Sprintf("%s does not hold a URL", s.URLEnv))
		}
	}
	if s.SecretEnv != "" {
		if secret = getenv(s.SecretEnv); secret == "" {
			return "", "", s.Mistake("secret_env", fmt.Sprintf("the environment variable %s is not set", s.SecretEnv))
		}
	}
	return u, secret, nil
}

// Daily is a time of day for the digest.
type Daily struct{ Hour, Minute int }

// ServeSettings are the [serve] section with defaults applied.
type ServeSettings struct {
	Heartbeat   int // intervals without a good read
	HeartbeatTo []string
	Digest      *Daily // nil: no digest
	DigestTo    []string
}

// Alerts returns the checked rules in file order.
func (c *Config) Alerts() []AlertRule {
	out := make([]AlertRule, 0, len(c.f.Alerts))
	for _, r := range c.f.Alerts {
		f, _ := ParseFilter(r.Where) // checked at load
		g, _ := parseGroup(r.Group)
		sev := r.Severity
		if sev == "" {
			sev = "info"
		}
		ra, _ := parseResolveAfter(r.ResolveAfter)
		out = append(out, AlertRule{Name: r.Name, When: r.When, Where: f, Severity: sev,
			To: append([]string(nil), r.To...), Group: g, Runbook: r.Runbook, ResolveAfter: ra})
	}
	return out
}

// Sinks returns the sinks by name.
func (c *Config) Sinks() map[string]Sink {
	out := make(map[string]Sink, len(c.f.Sinks))
	for n, s := range c.f.Sinks {
		out[n] = Sink{Name: n, URL: s.URL, URLEnv: s.URLEnv, SecretEnv: s.SecretEnv, file: c.Path, lines: c.lines}
		if len(s.Alertmanager) > 0 {
			resend, _ := parseResend(s.Resend)
			out[n] = Sink{Name: n, file: c.Path, lines: c.lines, Alertmanager: &AlertmanagerSink{URLs: append([]string(nil), s.Alertmanager...),
				BearerEnv: s.BearerEnv, UsernameEnv: s.UsernameEnv, PasswordEnv: s.PasswordEnv, CAFile: s.CAFile,
				Resend: resend, GeneratorURL: s.GeneratorURL}}
		}
	}
	return out
}

// Serve returns the [serve] settings.
func (c *Config) Serve() ServeSettings {
	s := ServeSettings{Heartbeat: DefaultHeartbeat}
	if d := c.f.Serve; d != nil {
		if d.Heartbeat != nil {
			s.Heartbeat = *d.Heartbeat
		}
		s.HeartbeatTo = d.HeartbeatTo
		if d.Digest != "" {
			daily, _ := parseDaily(d.Digest)
			s.Digest = &daily
		}
		s.DigestTo = d.DigestTo
	}
	return s
}

var dailyRe = regexp.MustCompile(`^daily ([01][0-9]|2[0-3]):([0-5][0-9])$`)

func parseDaily(s string) (Daily, error) {
	m := dailyRe.FindStringSubmatch(s)
	if m == nil {
		return Daily{}, fmt.Errorf("not a schedule: %q (e.g. \"daily 08:00\")", s)
	}
	var d Daily
	fmt.Sscanf(m[1]+" "+m[2], "%d %d", &d.Hour, &d.Minute)
	return d, nil
}

func parseResolveAfter(s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Minute || d > 30*24*time.Hour {
		return 0, fmt.Errorf("not a duration from \"1m\" to \"720h\": %q", s)
	}
	return d, nil
}

func parseGroup(s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > 24*time.Hour {
		return 0, fmt.Errorf("not a window: %q (a duration from \"0s\" to \"24h\", e.g. \"1m\")", s)
	}
	return d, nil
}

// ruleName is compiled at its first use (a settings file with alerts): the
// bounded repetition compiles to a large program.
var ruleName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`) })

// checkAlerts checks the rules, sinks and [serve]. A rule's keys are
// indexed by its position: alerts.0.where is the first rule's where.
func (c *checker) checkAlerts(f *file) {
	seen := map[string]bool{}
	for i, r := range f.Alerts {
		at := func(key string) []string { return []string{"alerts", fmt.Sprint(i), key} }
		fail := func(key, msg string) {
			c.errs = append(c.errs, &Error{File: c.path, Line: c.idx.line(at(key)...),
				Key: fmt.Sprintf("alerts[%d].%s", i, key), Msg: msg})
		}
		switch {
		case !ruleName().MatchString(r.Name):
			fail("name", "a rule needs a name of letters, digits, '-', '_' or '.' (at most 64)")
		case seen[r.Name]:
			fail("name", fmt.Sprintf("a second rule named %q", r.Name))
		}
		seen[r.Name] = true
		if !contains(AlertKinds, r.When) {
			fail("when", fmt.Sprintf("unknown event kind %q (one of %s)", r.When, strings.Join(AlertKinds, ", ")))
		}
		if _, err := ParseFilter(r.Where); err != nil {
			fail("where", fmt.Sprintf("rule %q: cannot parse the filter: %v", r.Name, err))
		}
		if r.Severity != "" && !contains(Severities, r.Severity) {
			fail("severity", fmt.Sprintf("unknown severity %q (urgent or info)", r.Severity))
		}
		if len(r.To) == 0 {
			fail("to", fmt.Sprintf("rule %q sends nowhere: name sinks in to = [...]", r.Name))
		}
		c.sinkNames(f, r.To, func(msg string) { fail("to", msg) })
		if _, err := parseGroup(r.Group); err != nil {
			fail("group", err.Error())
		}
		if _, err := parseResolveAfter(r.ResolveAfter); err != nil {
			fail("resolve_after", err.Error())
		}
		if len(r.Runbook) > 1024 {
			fail("runbook", "at most 1024 characters: a link to the runbook")
		}
	}
	for _, name := range sortedKeys(f.Sinks) {
		c.sink(name, f.Sinks[name])
	}
	if s := f.Serve; s != nil {
		if s.Heartbeat != nil && (*s.Heartbeat < 1 || *s.Heartbeat > 1000) {
			c.fail("heartbeat is a number of intervals from 1 to 1000", "serve", "heartbeat")
		}
		if s.Digest != "" {
			if _, err := parseDaily(s.Digest); err != nil {
				c.fail(err.Error(), "serve", "digest")
			}
			if len(s.DigestTo) == 0 {
				c.fail("a digest needs digest_to = [sinks]", "serve", "digest")
			}
		}
		c.sinkNames(f, s.HeartbeatTo, func(msg string) { c.fail(msg, "serve", "heartbeat_to") })
		c.sinkNames(f, s.DigestTo, func(msg string) { c.fail(msg, "serve", "digest_to") })
	}
}

func (c *checker) sinkNames(f *file, names []string, fail func(string)) {
	for _, n := range names {
		if _, ok := f.Sinks[n]; !ok {
			fail(fmt.Sprintf("no sink named %q (define [sinks.%s])", n, n))
		}
	}
}

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (c *checker) sink(name string, s sinkDef) {
	if len(s.Alertmanager) > 0 || s.BearerEnv != "" || s.UsernameEnv != "" || s.PasswordEnv != "" ||
		s.CAFile != "" || s.Resend != "" || s.GeneratorURL != "" {
		c.alertmanagerSink(name, s)
		return
	}
	switch {
	case s.URL == "" && s.URLEnv == "":
		c.fail("a sink needs url or url_env", "sinks", name)
	case s.URL != "" && s.URLEnv != "":
		c.fail("a sink has url or url_env, not both", "sinks", name, "url")
	case s.URL != "":
		u, err := url.Parse(s.URL)
		switch {
		case err != nil || u.Scheme == "" || u.Host == "":
			c.fail("not a URL with a scheme and a host (e.g. ntfy://ntfy.example/topic)", "sinks", name, "url")
		case u.User != nil || queryHasSecret(u):
			// The settings file is not a place for credentials; the
			// message must not echo the URL either.
			c.fail("the URL carries a credential: put the whole URL in an environment variable and name it in url_env", "sinks", name, "url")
		}
	}
	for key, v := range map[string]string{"url_env": s.URLEnv, "secret_env": s.SecretEnv} {
		_, written := c.idx[dotted([]string{"sinks", name, key})]
		switch {
		case written && v == "":
			// An empty secret_env would send unsigned without a word.
			c.fail("names no environment variable: name one, or leave "+key+" out", "sinks", name, key)
		case v != "" && !envName.MatchString(v):
			c.fail("not an environment variable name", "sinks", name, key)
		}
	}
}

// secretParam matches query parameters that carry a credential beyond the
// names secretWord knows: signatures of signed URLs (Azure SAS sig,
// signature) and function keys (Azure Functions code).
var secretParam = regexp.MustCompile(`(?i)^(sig|signature|code|x-amz-signature|x-goog-signature|key)$`)

func queryHasSecret(u *url.URL) bool {
	for k := range u.Query() {
		if secretWord.MatchString(k) || secretParam.MatchString(k) {
			return true
		}
	}
	return false
}
