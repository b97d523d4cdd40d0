package model

import (
	"testing"
	"time"
)

// TestEngineBeginsPastTheFirstFrame: the engine's first request comes no
// sooner than engineStartDelay after its start command runs, so that its
// first cycle does not compete with the first frame.
func TestEngineBeginsPastTheFirstFrame(t *testing.T) {
	m, f, _ := newTestModel(t, WithIntegrationActivity(true))
	total := func() int {
		f.mu.Lock()
		defer f.mu.Unlock()
		n := 0
		for _, c := range f.calls {
			n += c
		}
		return n
	}
	before := total()
	start := time.Now()
	go m.env.engine.wait(m.env.session)()
	for total() == before {
		if time.Since(start) > 30*time.Second {
			t.Fatal("the engine made no request in 30 s")
		}
		time.Sleep(time.Millisecond)
	}
	if took := time.Since(start); took < engineStartDelay {
		t.Fatalf("the engine's first request came %s after its start, want at least %s", took, engineStartDelay)
	}
}
