package ui

import "testing"

func TestChainNames(t *testing.T) {
	tests := []struct {
		id          int64
		name, short string
	}{
		{1, "Ethereum", "ETH"},
		{56, "BNB Chain", "BNB"},
		{8453, "Base", "BASE"},
		{4663, "EVM-4663", "4663"},
		{1399811149, "Solana", "SOL"},
		{137, "137", "137"},
		{0, "0", "0"},
		{-1, "-1", "-1"},
	}
	for _, tt := range tests {
		if got := ChainName(tt.id); got != tt.name {
			t.Errorf("ChainName(%d) = %q, want %q", tt.id, got, tt.name)
		}
		if got := ChainShort(tt.id); got != tt.short {
			t.Errorf("ChainShort(%d) = %q, want %q", tt.id, got, tt.short)
		}
	}
}
