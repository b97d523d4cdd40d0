package api_test

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// pairing says that a Go type of package api is the wire form of some
// schemas of the description: the members of the Go type and the union of
// the schemas' properties must be the same, each with the same JSON types,
// except for the members listed in goOnly (in the Go type, not in these
// schemas) and docOnly, each with the reason.
type pairing struct {
	goType  reflect.Type
	schemas []string
	goOnly  []string
	docOnly []string
	why     string
}

// options are the settings api.Strategy carries (api.StrategyOptions) and
// transactions: the single read sends them, list reads do not.
var strategyReadOnly = append(goMembers[api.StrategyOptions](), "transactions")

func goMembers[T any]() []string {
	var out []string
	for name := range goFields(reflect.TypeFor[T]()) {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

func pairings() []pairing {
	p := func(t reflect.Type, schemas ...string) pairing { return pairing{goType: t, schemas: schemas} }
	return []pairing{
		p(reflect.TypeFor[api.User](), "User"),
		{goType: reflect.TypeFor[api.User](), schemas: []string{"UserListItem"}, goOnly: []string{"email"},
			why: "the list read carries no email (spec section 2); api.User serves both reads"},
		p(reflect.TypeFor[api.CreateUserRequest](), "CreateIntegrationUserDto"),
		p(reflect.TypeFor[api.NativeBalance](), "NativeBalance"),
		p(reflect.TypeFor[api.Pool](), "PricedPool"),
		{goType: reflect.TypeFor[api.Pool](), schemas: []string{"Pool"}, goOnly: []string{"tokenPrice"},
			why: "the client pool list carries no tokenPrice (spec section 2)"},
		p(reflect.TypeFor[api.PoolSummary](), "PricedPoolSummary"),
		{goType: reflect.TypeFor[api.PoolSummary](), schemas: []string{"PoolSummary"}, goOnly: []string{"tokenPrice"},
			why: "the single-strategy embed and transactions carry no tokenPrice (spec section 2)"},
		p(reflect.TypeFor[api.PoolDeposit](), "PoolDeposit"),
		p(reflect.TypeFor[api.UserPoolItem](), "UserPoolItem"),
		p(reflect.TypeFor[api.UserPoolsRequest](), "UserPoolsRequest"),
		p(reflect.TypeFor[api.UserPoolsResponse](), "UserPoolsResponse"),
		p(reflect.TypeFor[api.TokenBalanceRequest](), "TokenBalanceRequest"),
		p(reflect.TypeFor[api.TokenBalancePoolSummary](), "TokenBalancePoolSummary"),
		p(reflect.TypeFor[api.TokenBalanceResponse](), "TokenBalanceResponse"),
		p(reflect.TypeFor[api.CreateStrategyRequest](), "CreateDcaStrategyRequest", "CreateVolumeStrategyRequest"),
		p(reflect.TypeFor[api.UpdateStrategyRequest](), "UpdateDcaStrategyRequest", "UpdateVolumeStrategyRequest"),
		p(reflect.TypeFor[api.Strategy](), "Strategy"),
		{goType: reflect.TypeFor[api.Strategy](), schemas: []string{"StrategyListItem"}, goOnly: strategyReadOnly,
			why: "list reads leave out the settings and transactions; api.Strategy serves every read"},
		{goType: reflect.TypeFor[api.StrategyFilter](), schemas: []string{"UserStrategiesRequest"}, docOnly: []string{"userId"},
			why: "api.StrategyFilter is the filters alone; api.UserStrategiesRequest adds userId"},
		p(reflect.TypeFor[api.UserStrategiesRequest](), "UserStrategiesRequest"),
		p(reflect.TypeFor[api.StrategiesPage](), "StrategiesPaginatedResponse"),
		p(reflect.TypeFor[api.DashboardStats](), "DashboardStats"),
		p(reflect.TypeFor[api.FilteredStrategiesRequest](), "FilteredStrategiesRequest"),
		p(reflect.TypeFor[api.TransactionRef](), "TransactionRef"),
		p(reflect.TypeFor[api.StrategyTransaction](), "StrategyTransaction"),
		{goType: reflect.TypeFor[api.FilteredStrategyItem](), schemas: []string{"FilteredStrategyItem"}, goOnly: goMembers[api.StrategyOptions](),
			why: "the filtered list leaves out the settings; api.FilteredStrategyItem embeds api.Strategy"},
		p(reflect.TypeFor[api.ChainGains](), "ChainGains"),
		p(reflect.TypeFor[api.FilteredStats](), "FilteredStats"),
		p(reflect.TypeFor[api.Pagination](), "Pagination"),
		p(reflect.TypeFor[api.FilteredStrategiesResponse](), "FilteredStrategiesResponse"),
		p(reflect.TypeFor[api.StrategyRef](), "StrategyRef"),
		p(reflect.TypeFor[api.ChangeBalanceRequest](), "ChangeBalanceRequest"),
		p(reflect.TypeFor[api.DuplicateResult](), "DuplicateResult"),
		p(reflect.TypeFor[api.RemoveStrategiesRequest](), "RemoveStrategiesRequest"),
		p(reflect.TypeFor[api.RemoveFailure](), "RemoveFailure"),
		p(reflect.TypeFor[api.RemoveStrategiesResult](), "RemoveStrategiesResult"),
		p(reflect.TypeFor[api.UserRef](), "UserRef"),
		p(reflect.TypeFor[api.JobStarted](), "JobStarted"),
		p(reflect.TypeFor[api.ErrorBody](), "ErrorBody"),
	}
}

// TestOpenAPI_TypesMatchTheDescription compares every request and response
// type of the client with the description, member by member, both ways:
// a member in one and not the other, or of another JSON type, fails it; so
// does a nested struct whose schema is not paired with it.
func TestOpenAPI_TypesMatchTheDescription(t *testing.T) {
	d := loadDoc(t)
	all := pairings()
	paired := map[string]bool{}
	for _, pr := range all {
		for _, s := range pr.schemas {
			paired[pr.goType.Name()+"~"+s] = true
		}
	}
	for _, pr := range all {
		t.Run(pr.goType.Name()+"~"+strings.Join(pr.schemas, "+"), func(t *testing.T) {
			for _, problem := range comparePairing(t, d, pr, paired) {
				t.Error(problem)
			}
		})
	}
}

// comparePairing lists what differs between a Go type and its schemas.
func comparePairing(t *testing.T, d oasDoc, pr pairing, paired map[string]bool) []string {
	var problems []string
	props := map[string]map[string]any{}
	for _, name := range pr.schemas {
		for k, v := range d.properties(t, d.schema(t, name)) {
			props[k] = v
		}
	}
	fields := goFields(pr.goType)
	for name, f := range fields {
		s, inDoc := props[name]
		switch {
		case !inDoc && !slices.Contains(pr.goOnly, name):
			problems = append(problems, "member "+name+" of "+pr.goType.Name()+" is not in "+strings.Join(pr.schemas, "/"))
		case inDoc && slices.Contains(pr.goOnly, name):
			problems = append(problems, "member "+name+" is listed as Go-only but "+strings.Join(pr.schemas, "/")+" has it")
		case inDoc:
			problems = append(problems, compareMember(t, d, pr, name, f, s, paired)...)
		}
	}
	for name := range props {
		if _, inGo := fields[name]; !inGo && !slices.Contains(pr.docOnly, name) {
			problems = append(problems, "property "+name+" of "+strings.Join(pr.schemas, "/")+" is not a member of "+pr.goType.Name())
		}
	}
	sort.Strings(problems)
	return problems
}

// compareMember checks one member's JSON types and, for a nested struct,
// that its schema is paired with the struct's type.
func compareMember(t *testing.T, d oasDoc, pr pairing, name string, f goField, s map[string]any, paired map[string]bool) []string {
	var problems []string
	docTypes := withoutNull(d.types(t, s))
	if goT := goTypes(f.typ); !slices.Equal(goT, docTypes) {
		problems = append(problems, pr.goType.Name()+"."+name+": Go reads "+strings.Join(goT, "|")+", the description says "+strings.Join(docTypes, "|"))
	}
	if inner, isStruct := elemStruct(f.typ); isStruct {
		ref := refName(s)
		if addl, isMap := d.resolve(t, s)["additionalProperties"].(map[string]any); isMap && f.typ.Kind() == reflect.Map {
			ref = refName(addl)
		}
		if ref == "" || !paired[inner.Name()+"~"+ref] {
			problems = append(problems, pr.goType.Name()+"."+name+": "+inner.Name()+" is not paired with schema "+ref)
		}
	}
	return problems
}

// TestOpenAPI_TypeComparisonCanFail feeds the comparison a Go type with a
// member the schema lacks and a schema property the type lacks.
func TestOpenAPI_TypeComparisonCanFail(t *testing.T) {
	d := loadDoc(t)
	type userWithExtra struct {
		ID             int64  `json:"id"`
		ExternalUserID string `json:"externalUserId"`
		WalletAddress  string `json:"walletAddress"`
		Nickname       string `json:"nickname"`
	}
	problems := comparePairing(t, d, pairing{goType: reflect.TypeFor[userWithExtra](), schemas: []string{"User"}}, map[string]bool{})
	want := []string{"member nickname of userWithExtra is not in User", "property email of User is not a member of userWithExtra"}
	if !slices.Equal(problems, want) {
		t.Fatalf("problems %q, want %q", problems, want)
	}
	type wrongType struct {
		ID             string `json:"id"`
		ExternalUserID string `json:"externalUserId"`
		WalletAddress  string `json:"walletAddress"`
	}
	problems = comparePairing(t, d, pairing{goType: reflect.TypeFor[wrongType](), schemas: []string{"UserListItem"}}, map[string]bool{})
	if len(problems) != 1 || !strings.Contains(problems[0], "wrongType.id") {
		t.Fatalf("a string id passed for an integer: %q", problems)
	}
}
