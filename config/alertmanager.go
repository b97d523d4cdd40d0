package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"
)

// The Alertmanager sink: [sinks.NAME] with alertmanager = [URLs] posts each
// alert to every Alertmanager of a cluster, which deduplicates and routes it.
//
//	[sinks.oncall]
//	alertmanager  = ["http://am-1:9093", "http://am-2:9093"]
//	bearer_env    = "STRATOP_AM_TOKEN"   # or username_env and password_env
//	ca_file       = "/etc/stratop/am-ca.pem"
//	resend        = "1m"
//	generator_url = "https://ops.example/strategies/{strategy}"

// AlertmanagerSink is an [sinks.NAME] with alertmanager = [...].
type AlertmanagerSink struct {
	URLs         []string
	BearerEnv    string        // a bearer token's variable
	UsernameEnv  string        // basic auth's variables
	PasswordEnv  string        //
	CAFile       string        // PEM roots for https, beside the system's
	Resend       time.Duration // how often firing alerts are sent again
	GeneratorURL string        // a template with {strategy}, {user}, {pool}, {rule}
}

// DefaultResend is how often an Alertmanager sink sends its firing
// alerts again: Alertmanager ends an alert nobody resends.
const DefaultResend = time.Minute

// AlertmanagerAuth is the sink's credentials read from the environment.
type AlertmanagerAuth struct {
	Bearer             string
	Username, Password string
}

// Auth reads the sink's credentials from the environment variables it
// names; a variable named but unset is an error.
func (a *AlertmanagerSink) Auth(name string, getenv func(string) string) (AlertmanagerAuth, error) {
	var out AlertmanagerAuth
	for _, v := range []struct {
		key, env string
		dst      *string
	}{{"bearer_env", a.BearerEnv, &out.Bearer}, {"username_env", a.UsernameEnv, &out.Username}, {"password_env", a.PasswordEnv, &out.Password}} {
		if v.env == "" {
			continue
		}
		if *v.dst = getenv(v.env); *v.dst == "" {
			return AlertmanagerAuth{}, fmt.Errorf("sink %s: the environment variable %s (%s) is not set", name, v.env, v.key)
		}
	}
	return out, nil
}

func parseResend(s string) (time.Duration, error) {
	if s == "" {
		return DefaultResend, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Second || d > 5*time.Minute {
		return 0, fmt.Errorf("not a duration from \"1s\" to \"5m\": %q", s)
	}
	return d, nil
}

// alertmanagerSink checks an [sinks.NAME] with alertmanager = [...]: its
// URLs, credentials' variables and CA file.
func (c *checker) alertmanagerSink(name string, s sinkDef) {
	if len(s.Alertmanager) == 0 {
		c.fail("bearer_env, username_env, password_env, ca_file, resend and generator_url belong to an Alertmanager sink: add alertmanager = [URLs]", "sinks", name)
		return
	}
	if s.URL != "" || s.URLEnv != "" || s.SecretEnv != "" {
		c.fail("an Alertmanager sink has alertmanager = [URLs], not url, url_env or secret_env", "sinks", name, "alertmanager")
	}
	seen := map[string]bool{}
	for _, raw := range s.Alertmanager {
		if msg := CheckAlertmanagerURL(raw); msg != "" {
			c.fail(msg, "sinks", name, "alertmanager")
		}
		if seen[raw] {
			c.fail("an Alertmanager URL named twice", "sinks", name, "alertmanager")
		}
		seen[raw] = true
	}
	for key, env := range map[string]string{"bearer_env": s.BearerEnv, "username_env": s.UsernameEnv, "password_env": s.PasswordEnv} {
		if env != "" && !envName.MatchString(env) {
			c.fail("not an environment variable name", "sinks", name, key)
		}
	}
	if (s.UsernameEnv == "") != (s.PasswordEnv == "") {
		c.fail("basic auth needs both username_env and password_env", "sinks", name)
	}
	if s.BearerEnv != "" && s.UsernameEnv != "" {
		c.fail("a bearer token or basic auth, not both", "sinks", name, "bearer_env")
	}
	if s.CAFile != "" {
		if _, err := os.Stat(s.CAFile); err != nil {
			c.fail("the CA file cannot be read: "+errors.Unwrap(err).Error(), "sinks", name, "ca_file")
		}
	}
	if _, err := parseResend(s.Resend); err != nil {
		c.fail(err.Error(), "sinks", name, "resend")
	}
	if s.GeneratorURL != "" {
		u, err := url.Parse(strings.NewReplacer("{strategy}", "1", "{user}", "u", "{pool}", "p", "{rule}", "r").Replace(s.GeneratorURL))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			c.fail("not an http(s) URL template (e.g. https://ops.example/strategies/{strategy})", "sinks", name, "generator_url")
		}
	}
}

// CheckAlertmanagerURL says what is wrong with an Alertmanager's base URL
// ("" when nothing): http or https, a host, no credential, no query.
func CheckAlertmanagerURL(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Host == "":
		return fmt.Sprintf("not a URL with a scheme and a host (e.g. http://am-1:9093): %q", raw)
	case u.Scheme != "http" && u.Scheme != "https":
		return "an Alertmanager is reached over http or https"
	case u.User != nil:
		return "the URL carries a credential: name its variables in username_env and password_env, or bearer_env"
	case u.RawQuery != "" || u.Fragment != "":
		return "an Alertmanager URL is its base (and route prefix), without a query"
	}
	return ""
}
