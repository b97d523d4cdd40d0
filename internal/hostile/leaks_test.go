package hostile_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/internal/hostile"
	"github.com/stratop/stratop/internal/text"
)

// wantKind is the leak Leaks must name for each payload written raw; ""
// marks payloads that attack width or work only and hold no control.
var wantKind = map[string]string{
	"osc52-clipboard":    "OSC 52 clipboard write",
	"osc52-clipboard-st": "OSC 52 clipboard write",
	"osc8-link":          "OSC 8 hyperlink",
	"csi-clear-screen":   "CSI 2J clear screen",
	"csi-home-clear":     "CSI H cursor position",
	"csi-cursor-moves":   "CSI 10A cursor up after text",
	"csi-device-query":   "CSI 6n",
	"esc-reset":          "ESC c command",
	"cr-overprint":       "CR overprint",
	"bs-overprint":       "BS backspace overprint",
	"c1-csi-rune":        "C1 control U+009B",
	"c1-raw-bytes":       "raw 8-bit CSI byte 0x9B",
	"bidi-override":      "bidi control U+202E",
	"bidi-isolates":      "bidi control U+2066",
	"zero-width":         "zero-width character U+200B",
	"invisible-fillers":  "invisible filler U+3164",
	"selector-smuggling": "variation selector U+E0101",
	"newline-tab":        "TAB",
	"invalid-utf8":       "invalid UTF-8 byte 0xFF",
	"bel-nul-del":        "BEL outside a sequence",
	"long-ascii":         "",
	"long-wide":          "",
	"long-escapes":       "OSC 52 clipboard write",
}

// frame wraps s the way the renderer writes a line: after a frame start
// (cursor up), styled, then erase-line and CR LF.
func frame(s string) []byte {
	return []byte("\x1b[23A\r\x1b[1;31mstatus\x1b[0m \x1b[7m" + s + "\x1b[0m\x1b[K\r\nnext line\x1b[K\r")
}

func TestLeaksNamesEveryRawPayload(t *testing.T) {
	for _, p := range hostile.Payloads {
		want, ok := wantKind[p.Name]
		if !ok {
			t.Errorf("payload %s has no expected leak kind in this test", p.Name)
			continue
		}
		got := hostile.Leaks(frame(p.Text))
		if want == "" {
			if len(got) != 0 {
				t.Errorf("payload %s holds no control, but Leaks reported %q", p.Name, got)
			}
			continue
		}
		if !containsKind(got, want) {
			t.Errorf("payload %s written raw: Leaks = %q, want a finding %q", p.Name, got, want)
		}
		if !containsKind(got, p.Name) {
			t.Errorf("payload %s written raw: findings %q do not name the payload", p.Name, got)
		}
	}
}

func containsKind(findings []string, want string) bool {
	for _, f := range findings {
		if strings.Contains(f, want) {
			return true
		}
	}
	return false
}

func TestLeaksIgnoresRendererSequences(t *testing.T) {
	clean := []byte("\x1b[?25l\x1b[?2004h\r\x1b[1mheader\x1b[0m\x1b[K\r\nrow\r\n\n\x1b[J\r" +
		"\x1b[2A\x1b[2J\x1b[H\x1b[?1049h\x1b[Hframe\x1b[24;1H\x1b]2;stratop\x07\x1b[5;24r\x1b[2;1H\x1b[3L" +
		"\x1b[0;24r\x1b[38;2;1;2;3mé界🙂\uFFFD…\x1b[0m\r\n")
	if got := hostile.Leaks(clean); len(got) != 0 {
		t.Fatalf("Leaks reported renderer sequences as leaks: %q", got)
	}
}

// TestLeaksIgnoresARealProgram runs Bubble Tea's own renderer through frames
// of varying height (so it moves the cursor up by many amounts), colours,
// clear screen, alt screen and a title, and expects no finding: Leaks must
// not cry wolf at the renderer.
func TestLeaksIgnoresARealProgram(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	var out bytes.Buffer
	p := tea.NewProgram(&framesModel{}, tea.WithInput(nil), tea.WithOutput(&out), tea.WithoutSignals(),
		tea.WithFPS(120))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	p.Send(tea.WindowSizeMsg{Width: 40, Height: 30})
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		p.Kill()
		t.Fatal("the frames program did not finish")
	}
	if out.Len() == 0 {
		t.Fatal("no output captured")
	}
	if got := hostile.Leaks(out.Bytes()); len(got) != 0 {
		t.Fatalf("Leaks reported the renderer's own output as leaks: %q", got)
	}
}

// framesModel draws frames of 1 to 25 lines, one per tick, then quits.
type framesModel struct{ n int }

type tickMsg struct{}

func tick() tea.Cmd {
	return tea.Tick(2*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{} })
}

func (m *framesModel) Init() tea.Cmd { return tea.Batch(tea.SetWindowTitle("frames"), tick()) }

func (m *framesModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tickMsg); !ok {
		return m, nil
	}
	m.n++
	switch m.n {
	case 10:
		return m, tea.Batch(tea.ClearScreen, tick())
	case 15:
		return m, tea.Batch(tea.EnterAltScreen, tick())
	case 20:
		return m, tea.Batch(tea.ExitAltScreen, tick())
	case 40:
		return m, tea.Quit
	}
	return m, tick()
}

func (m *framesModel) View() string {
	style := lipgloss.NewStyle().Foreground(lipgloss.Color("#ff8800")).Bold(true)
	lines := make([]string, 0, 25)
	for i := range 1 + (m.n*7)%25 {
		lines = append(lines, style.Render(strings.Repeat("x", i%30))+" é界🙂")
	}
	return strings.Join(lines, "\n")
}

func TestCleanNeutralisesEveryPayload(t *testing.T) {
	for _, p := range hostile.Payloads {
		for _, tc := range []struct {
			name string
			out  string
		}{
			{"Clean", text.Clean(p.Text)},
			{"CleanN(40)", text.CleanN(p.Text, 40)},
			{"Fit(Clean, 12)", text.Fit(text.Clean(p.Text), 12)},
		} {
			if got := hostile.Leaks(frame(tc.out)); len(got) != 0 {
				t.Errorf("%s of payload %s leaks: %q", tc.name, p.Name, got)
			}
			if got := hostile.Remnants([]byte(tc.out)); len(got) != 0 {
				t.Errorf("%s of payload %s leaves visible sequence text: %q", tc.name, p.Name, got)
			}
			if !utf8.ValidString(tc.out) {
				t.Errorf("%s of payload %s is not valid UTF-8: %q", tc.name, p.Name, tc.out)
			}
		}
		if got := text.CleanN(p.Text, 40); utf8.RuneCountInString(got) > 40 {
			t.Errorf("CleanN(40) of payload %s holds %d runes", p.Name, utf8.RuneCountInString(got))
		}
	}
	all := hostile.AllInOne()
	if got := hostile.Leaks(frame(text.Clean(all))); len(got) != 0 {
		t.Errorf("Clean of all payloads in one string leaks: %q", got)
	}
}
