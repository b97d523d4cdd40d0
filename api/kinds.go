package api

// StrategyKind is one of the four strategy flavours (type x side). It picks
// the create and update routes and the validation rules that apply.
type StrategyKind string

// The four kinds of spec sections 4.3 and 4.4.
const (
	DcaBuy     StrategyKind = "dcaBuy"
	DcaSell    StrategyKind = "dcaSell"
	VolumeBuy  StrategyKind = "volumeBuy"
	VolumeSell StrategyKind = "volumeSell"
)

// StrategyKinds lists the kinds in a stable order, for menus and tests.
var StrategyKinds = []StrategyKind{DcaBuy, DcaSell, VolumeBuy, VolumeSell}

// Valid reports whether k is one of the four kinds.
func (k StrategyKind) Valid() bool {
	switch k {
	case DcaBuy, DcaSell, VolumeBuy, VolumeSell:
		return true
	}
	return false
}

// IsDCA reports whether k is a DCA kind (orders, dcaFrequency, variable DCA).
func (k StrategyKind) IsDCA() bool { return k == DcaBuy || k == DcaSell }

// IsVolume reports whether k is a volume kind (percentage, accumulator, ...).
func (k StrategyKind) IsVolume() bool { return k == VolumeBuy || k == VolumeSell }

// Category is the strategy category of k: "buy" or "sell" ("" if invalid).
func (k StrategyKind) Category() string {
	switch k {
	case DcaBuy, VolumeBuy:
		return CategoryBuy
	case DcaSell, VolumeSell:
		return CategorySell
	}
	return ""
}

// Method is the strategy type of k: "dca" or "volume" ("" if invalid).
func (k StrategyKind) Method() string {
	switch {
	case k.IsDCA():
		return MethodDCA
	case k.IsVolume():
		return MethodVolume
	}
	return ""
}

// CreateRoute is the create route name under /strategies/, e.g. "createStrategyDcaBuy".
func (k StrategyKind) CreateRoute() string {
	switch k {
	case DcaBuy:
		return "createStrategyDcaBuy"
	case DcaSell:
		return "createStrategyDcaSell"
	case VolumeBuy:
		return "createStrategyVolumeBuy"
	case VolumeSell:
		return "createStrategyVolumeSell"
	}
	return ""
}

// UpdateRoute is the update route name under /strategies/, e.g. "setStrategyBuyDCA".
func (k StrategyKind) UpdateRoute() string {
	switch k {
	case DcaBuy:
		return "setStrategyBuyDCA"
	case DcaSell:
		return "setStrategySellDCA"
	case VolumeBuy:
		return "setStrategyBuyVolume"
	case VolumeSell:
		return "setStrategySellVolume"
	}
	return ""
}

// KindOf derives the kind of a strategy record from its type and category;
// ok is false for range strategies and unknown values, which have no
// create or update route.
func KindOf(s Strategy) (k StrategyKind, ok bool) {
	switch {
	case s.Type == MethodDCA && s.Category == CategoryBuy:
		return DcaBuy, true
	case s.Type == MethodDCA && s.Category == CategorySell:
		return DcaSell, true
	case s.Type == MethodVolume && s.Category == CategoryBuy:
		return VolumeBuy, true
	case s.Type == MethodVolume && s.Category == CategorySell:
		return VolumeSell, true
	}
	return "", false
}
