package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCommandLineOfEveryShape(t *testing.T) {
	cases := []struct {
		inv  Invocation
		want string
	}{
		{Invocation{Profile: "prod", Spec: Suspend, IDs: []int64{4211}, Reason: "  INC-77  "},
			"stratop --profile prod strategies suspend 4211 --reason INC-77"},
		{Invocation{Spec: Halt, IDs: []int64{1, 2, 3}},
			"stratop strategies halt 1 2 3"},
		{Invocation{Profile: "my prod", Spec: AddBalance, IDs: []int64{9}, Amount: "1.5", Reason: "top up; $HOME `x`"},
			"stratop --profile 'my prod' strategies add-balance 9 --amount 1.5 --reason 'top up; $HOME `x`'"},
		{Invocation{Spec: AddBalance, IDs: []int64{9}, Amount: "15", Raw: true},
			"stratop strategies add-balance 9 --amount 15 --raw"},
		{Invocation{Profile: "p", Spec: DisableAll, User: "cust_8f3", IDs: []int64{5}},
			"stratop --profile p users disable-all cust_8f3"},
		{Invocation{Spec: RemoveAll, User: "o'brien"},
			`stratop users remove-all 'o'\''brien'`},
		{Invocation{Spec: RemoveAll, User: ""},
			`stratop users remove-all ''`},
		{Invocation{Profile: "demo", Env: []EnvVar{{"STRATOP_BASE_URL", "http://127.0.0.1:4000"}, {"STRATOP_API_KEY", "a key"}}, Spec: Halt, IDs: []int64{7}},
			"STRATOP_BASE_URL=http://127.0.0.1:4000 STRATOP_API_KEY='a key' stratop --profile demo strategies halt 7"},
	}
	for _, tc := range cases {
		if got := CommandLine(tc.inv); got != tc.want {
			t.Errorf("CommandLine = %s\nwant          %s", got, tc.want)
		}
	}
}

// A shell splits the line back into exactly the words, whatever they hold.
func TestShellLineRoundTripsThroughAShell(t *testing.T) {
	words := []string{"stratop", "plain", "", "two words", "it's", `"q"`, "$HOME", "`id`", "a\\b", "*", "ü ß", "--reason", "x;y|z&"}
	out, err := exec.Command("sh", "-c", `f() { printf '%s\0' "$@"; }; f `+ShellLine(words)).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if !slices.Equal(got, words) {
		t.Fatalf("shell split %q\ninto %q", words, got)
	}
}

// The variables a line sets reach the stratop it runs, with their values
// whatever they hold, and the words after stratop are the invocation's.
func TestCommandLineSetsItsVariablesForStratop(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\nprintf '%s\\0' \"$STRATOP_BASE_URL\" \"$STRATOP_API_KEY\" \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "stratop"), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	inv := Invocation{Profile: "demo", Spec: Suspend, IDs: []int64{12}, Reason: "x",
		Env: []EnvVar{{"STRATOP_BASE_URL", "http://127.0.0.1:4000/a b"}, {"STRATOP_API_KEY", "it's $HOME"}}}
	cmd := exec.Command("sh", "-c", CommandLine(inv))
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "STRATOP_BASE_URL=", "STRATOP_API_KEY=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", CommandLine(inv), err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	want := append([]string{"http://127.0.0.1:4000/a b", "it's $HOME"}, inv.Args()...)
	if !slices.Equal(got, want) {
		t.Fatalf("%s ran stratop with %q, want %q", CommandLine(inv), got, want)
	}
}

// A list line sets the same variables in front.
func TestListLineSetsItsVariables(t *testing.T) {
	got := ListLine("demo", []EnvVar{{"STRATOP_BASE_URL", "http://127.0.0.1:4000"}}, "u1", [][2]string{{"status", "active"}, {"chain", ""}})
	want := "STRATOP_BASE_URL=http://127.0.0.1:4000 stratop --profile demo strategies list --user u1 --status active -o table"
	if got != want {
		t.Fatalf("ListLine = %s\nwant       %s", got, want)
	}
}
