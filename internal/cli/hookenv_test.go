package cli

import (
	"slices"
	"testing"
)

func TestHookEnvWithholdsCredentials(t *testing.T) {
	environ := []string{
		"PATH=/usr/bin", "HOME=/home/op", "LANG=C.UTF-8", "STRATOP_PROFILE=prod", "STRATOP_BASE_URL=https://x",
		"STRATOP_API_KEY=k", "STRATOP_API_SECRET=s", "stratop_api_secret=s2",
		"AWS_SECRET_ACCESS_KEY=a", "AWS_SESSION_TOKEN=b", "GITHUB_TOKEN=c", "PGPASSWORD=d", "OPENAI_API_KEY=e",
		"GPG_PASSPHRASE=f", "GOOGLE_APPLICATION_CREDENTIALS=/k.json", "DEPLOY_PRIVATE_KEY=g", "NPM_APIKEY=h",
		"STRATOP_SLACK_URL=https://hooks.slack.example/T/B/x", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1/bus",
		"SSH_AUTH_SOCK=/tmp/agent", "NOTE=", "ODD",
	}
	got := HookEnv(environ, []string{"GITHUB_TOKEN", "NOT_SET"}, []string{"STRATOP_SLACK_URL"})
	want := []string{
		"PATH=/usr/bin", "HOME=/home/op", "LANG=C.UTF-8", "STRATOP_PROFILE=prod", "STRATOP_BASE_URL=https://x",
		"GITHUB_TOKEN=c", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1/bus", "SSH_AUTH_SOCK=/tmp/agent", "NOTE=", "ODD",
	}
	if !slices.Equal(got, want) {
		t.Errorf("HookEnv:\n got  %q\n want %q", got, want)
	}
}
