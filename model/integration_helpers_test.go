package model

import (
	"path/filepath"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// testWatchStore is the watched-items list an integration directory dir
// would hold.
func testWatchStore(dir string) *watch.WatchListStore {
	return watch.NewWatchListStore(integration.Dir{Path: dir}.Watched())
}

// withHistoryIn keeps the history where an integration directory dir
// would.
func withHistoryIn(dir string) Option {
	return WithHistoryFile(filepath.Join(dir, integration.HistoryFileName))
}
