package dashboard

import "testing"

func TestLightBackground(t *testing.T) {
	for v, want := range map[string]bool{"": false, "15;0": false, "0;15": true, "0;default;7": true} {
		if lightBackground(v) != want {
			t.Errorf("COLORFGBG=%q: light %v", v, !want)
		}
	}
}
