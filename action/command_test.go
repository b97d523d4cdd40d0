package action

import (
	"os/exec"
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
