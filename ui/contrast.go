package ui

// Contrast of text colours against a background, as WCAG 2 measures it
// (relative luminance, ratio (L1+0.05)/(L2+0.05)); AA asks 4.5:1 for text.
// An ANSI colour has no fixed value: the terminal chooses it. The values
// used here are xterm's defaults, the palette most terminals start from.

import (
	"math"
	"strconv"

	"github.com/charmbracelet/lipgloss"
)

// MinContrast is WCAG AA's ratio for normal text.
const MinContrast = 4.5

// xtermANSI are xterm's default values of the 16 ANSI colours.
var xtermANSI = [16][3]uint8{
	{0x00, 0x00, 0x00}, {0xcd, 0x00, 0x00}, {0x00, 0xcd, 0x00}, {0xcd, 0xcd, 0x00},
	{0x00, 0x00, 0xee}, {0xcd, 0x00, 0xcd}, {0x00, 0xcd, 0xcd}, {0xe5, 0xe5, 0xe5},
	{0x7f, 0x7f, 0x7f}, {0xff, 0x00, 0x00}, {0x00, 0xff, 0x00}, {0xff, 0xff, 0x00},
	{0x5c, 0x5c, 0xff}, {0xff, 0x00, 0xff}, {0x00, 0xff, 0xff}, {0xff, 0xff, 0xff},
}

// Backgrounds the themes are made for: a black and a white terminal.
var (
	darkBackground  = lipgloss.Color("0")
	lightBackground = lipgloss.Color("15")
)

// rgbOf is a colour's value: an ANSI number (0-255, xterm's cube and
// greys above 15) or "#rrggbb". ok is false for no colour or another form.
func rgbOf(c lipgloss.TerminalColor) (rgb [3]uint8, ok bool) {
	col, isColor := c.(lipgloss.Color)
	if !isColor {
		return rgb, false
	}
	s := string(col)
	if len(s) == 7 && s[0] == '#' {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err != nil {
			return rgb, false
		}
		return [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil || n < 0 || n > 255:
		return rgb, false
	case n < 16:
		return xtermANSI[n], true
	case n >= 232:
		g := uint8(8 + 10*(n-232))
		return [3]uint8{g, g, g}, true
	}
	level := func(i int) uint8 {
		if i == 0 {
			return 0
		}
		return uint8(55 + 40*i)
	}
	n -= 16
	return [3]uint8{level(n / 36), level(n / 6 % 6), level(n % 6)}, true
}

// luminance is WCAG's relative luminance of an sRGB value.
func luminance(rgb [3]uint8) float64 {
	lin := func(v uint8) float64 {
		c := float64(v) / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(rgb[0]) + 0.7152*lin(rgb[1]) + 0.0722*lin(rgb[2])
}

// Contrast is the WCAG contrast ratio of two colours (1 to 21); ok is false
// when either has no known value.
func Contrast(fg, bg lipgloss.TerminalColor) (ratio float64, ok bool) {
	a, okA := rgbOf(fg)
	b, okB := rgbOf(bg)
	if !okA || !okB {
		return 0, false
	}
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05), true
}

// readableOn is black or white, whichever reads better on bg (white when
// bg has no known value).
func readableOn(bg lipgloss.TerminalColor) lipgloss.TerminalColor {
	black, white := lipgloss.Color("0"), lipgloss.Color("15")
	cb, okB := Contrast(black, bg)
	cw, _ := Contrast(white, bg)
	if okB && cb > cw {
		return black
	}
	return white
}
