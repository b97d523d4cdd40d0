package audit

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// Writers near MaxSize, in goroutines with a Log each (each its own file
// descriptors, as separate processes have) and in separate processes, all
// reach the limit together. The sizes allow exactly one rotation, so every
// line must be in the log or its previous file: with two renames the
// second would replace the first's previous file.
const (
	rotMax       = 64 << 10
	rotPerWriter = 40
)

// helperEnv makes the test binary a writer process (TestMain).
const helperEnv = "STRATOP_AUDIT_WRITER"

func TestMain(m *testing.M) {
	if spec := os.Getenv(helperEnv); spec != "" {
		os.Exit(writerProcess(spec))
	}
	os.Exit(m.Run())
}

// writerProcess appends rotPerWriter lines as writer "path|name".
func writerProcess(spec string) int {
	var path, name string
	for i := len(spec) - 1; i >= 0; i-- {
		if spec[i] == '|' {
			path, name = spec[:i], spec[i+1:]
			break
		}
	}
	l, err := Open(path, "p", "h")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	l.SetMaxSize(rotMax)
	for i := range rotPerWriter {
		if err := l.Write(Entry{Seq: name + "-" + strconv.Itoa(i), Action: "halt"}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// prefill writes, in one go, lines until the log is one line short of
// rotMax: the next line any writer appends rotates it.
func prefill(t *testing.T, path string) map[string]bool {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), DirMode); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	var b []byte
	for i := 0; len(b) <= rotMax-120; i++ {
		seq := "pre-" + strconv.Itoa(i)
		line, err := json.Marshal(Entry{Seq: seq, Action: "halt"})
		if err != nil {
			t.Fatal(err)
		}
		b = append(append(b, line...), '\n')
		want[seq] = true
	}
	if err := os.WriteFile(path, b, FileMode); err != nil {
		t.Fatal(err)
	}
	return want
}

// seqs reads the Seq of every line of the log and its previous file.
func seqs(t *testing.T, path string) map[string]int {
	t.Helper()
	got := map[string]int{}
	for _, p := range []string{PreviousPath(path), path} {
		if err := readFile(p, func(e Entry) { got[e.Seq]++ }); err != nil {
			t.Fatal(err)
		}
	}
	return got
}

func checkNoLineLost(t *testing.T, path string, want map[string]bool) {
	t.Helper()
	got := seqs(t, path)
	lost := 0
	for seq := range want {
		if got[seq] != 1 {
			lost++
		}
	}
	if lost > 0 || len(got) != len(want) {
		t.Errorf("%d of %d lines lost or repeated (%d found)", lost, len(want), len(got))
	}
	if _, err := os.Stat(path + ".2"); err == nil {
		t.Error("a second previous file")
	}
	// Exactly one rotation: the previous file holds the prefill.
	n := 0
	f, err := os.Open(PreviousPath(path))
	if err != nil {
		t.Fatalf("no rotation: %v", err)
	}
	defer func() { _ = f.Close() }()
	for sc := bufio.NewScanner(f); sc.Scan(); n++ {
	}
	if n == 0 {
		t.Error("the previous file is empty")
	}
}

func TestConcurrentWritersNearMaxSizeLoseNoLine(t *testing.T) {
	// Rounds, each in a new directory, since a round may rotate once.
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
		want := prefill(t, path)
		const writers, lines = 16, 8
		logs := make([]*Log, writers)
		for w := range logs {
			l, err := Open(path, "p", "h")
			if err != nil {
				t.Fatal(err)
			}
			l.SetMaxSize(rotMax)
			t.Cleanup(func() { _ = l.Close() })
			logs[w] = l
			for i := range lines {
				want["g"+strconv.Itoa(w)+"-"+strconv.Itoa(i)] = true
			}
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for w, l := range logs {
			wg.Go(func() {
				<-start
				for i := range lines {
					if err := l.Write(Entry{Seq: "g" + strconv.Itoa(w) + "-" + strconv.Itoa(i), Action: "halt"}); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		close(start)
		wg.Wait()
		checkNoLineLost(t, path, want)
		if t.Failed() {
			t.Fatalf("round %d", round)
		}
	}
}

func TestConcurrentProcessesNearMaxSizeLoseNoLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
	want := prefill(t, path)
	const procs = 4
	cmds := make([]*exec.Cmd, procs)
	for p := range cmds {
		name := "proc" + strconv.Itoa(p)
		for i := range rotPerWriter {
			want[name+"-"+strconv.Itoa(i)] = true
		}
		cmds[p] = exec.Command(os.Args[0], "-test.run=^$")
		cmds[p].Env = append(os.Environ(), helperEnv+"="+path+"|"+name)
		cmds[p].Stderr = os.Stderr
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("writer process: %v", err)
		}
	}
	checkNoLineLost(t, path, want)
}
