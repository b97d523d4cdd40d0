package ui

import "github.com/stratop/stratop/internal/text"

// ChainName is the label of a chain id in headers, detail panes and filters
// (text.ChainName).
func ChainName(id int64) string { return text.ChainName(id) }

// ChainShort is the label of a chain id in narrow table columns
// (text.ChainShort).
func ChainShort(id int64) string { return text.ChainShort(id) }
