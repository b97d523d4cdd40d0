package model

import (
	"testing"

	"github.com/stratop/stratop/ui"
)

// BenchmarkOverviewView200x60 is the frame's cost of the Overview with
// every chart at 200x60: View returns the body drawn when data, size or
// keys changed.
func BenchmarkOverviewView200x60(b *testing.B) {
	for ci, name := range ui.ChartStyleNames {
		b.Run(name, func(b *testing.B) {
			t := fixedOverview(b, ui.ChartStyle(ci), 200, 60, 1)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = t.View()
			}
		})
	}
}

// BenchmarkOverviewRender200x60 is the cost of drawing that body anew
// after a sample (a poll's answer): the history's points of the window, a
// chart of 7 series and the panels, at 24 h.
func BenchmarkOverviewRender200x60(b *testing.B) {
	for ci, name := range ui.ChartStyleNames {
		b.Run(name, func(b *testing.B) {
			t := fixedOverview(b, ui.ChartStyle(ci), 200, 60, 1)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t.hist.cache = &trendCache{}
				t = t.render()
			}
		})
	}
}

// BenchmarkOverviewTick200x60 is the redraw of the display clock's second
// (the ages move, no sample came): the charts come from the cache.
func BenchmarkOverviewTick200x60(b *testing.B) {
	for ci, name := range ui.ChartStyleNames {
		b.Run(name, func(b *testing.B) {
			t := fixedOverview(b, ui.ChartStyle(ci), 200, 60, 1)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t = t.render()
			}
		})
	}
}
