package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/stratop/stratop/api"
)

// knownRoute is a route of the interface `stratop api` knows: whether it is
// a read, and how the client validates its input.
type knownRoute struct {
	read     bool
	validate func(body []byte, q url.Values) error
}

// decodeInto decodes a request body into T for the client's validators;
// a body of the wrong shape is refused naming the field.
func decodeInto[T any](check func(T) error) func([]byte, url.Values) error {
	return func(b []byte, _ url.Values) error {
		var v T
		if len(bytes.TrimSpace(b)) == 0 {
			return check(v)
		}
		if err := json.Unmarshal(b, &v); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				return errors.New(te.Field + ": must be a JSON " + te.Type.String())
			}
			return errors.New("body: not the JSON object this route takes")
		}
		return check(v)
	}
}

// userRef checks the body of the user-wide routes.
func userRef(r api.UserRef) error {
	if strings.TrimSpace(r.UserID) == "" {
		return errors.New("userId: is required")
	}
	return nil
}

func createRoute(k api.StrategyKind) knownRoute {
	return knownRoute{validate: decodeInto(func(r api.CreateStrategyRequest) error { return api.ValidateCreate(k, r) })}
}

func updateRoute(k api.StrategyKind) knownRoute {
	return knownRoute{validate: decodeInto(func(r api.UpdateStrategyRequest) error { return api.ValidateUpdate(k, r) })}
}

var refRoute = knownRoute{validate: decodeInto(api.ValidateStrategyRef)}

// postRoutes are the POST routes by path (relative to /api/v1).
var postRoutes = func() map[string]knownRoute {
	m := map[string]knownRoute{
		"/users":                            {validate: decodeInto(api.ValidateCreateUser)},
		"/getUserPools":                     {read: true, validate: decodeInto(func(r api.UserPoolsRequest) error { return userRef(api.UserRef{UserID: r.UserID}) })},
		"/getTokenBalance":                  {read: true},
		"/getClientPools":                   {read: true},
		"/strategies/getDashBoardStats":     {read: true},
		"/strategies/getStrategies":         {read: true, validate: decodeInto(validUserStrategies)},
		"/strategies/getFilteredStrategies": {read: true, validate: decodeInto(api.ValidateFilteredStrategies)},
		"/strategies/removeStrategy":        refRoute,
		"/strategies/disableStrategy":       refRoute,
		"/strategies/suspendStrategy":       refRoute,
		"/strategies/resumeStrategy":        refRoute,
		"/strategies/stopStrategy":          refRoute,
		"/strategies/duplicateStrategy":     refRoute,
		"/strategies/changeBalance":         {validate: decodeInto(api.ValidateChangeBalance)},
		"/strategies/removeStrategies":      {validate: decodeInto(api.ValidateRemoveStrategies)},
		"/strategies/disableAllStrategies":  {validate: decodeInto(userRef)},
		"/strategies/removeAllStrategies":   {validate: decodeInto(userRef)},
	}
	for _, k := range api.StrategyKinds {
		m["/strategies/"+k.CreateRoute()] = createRoute(k)
		m["/strategies/"+k.UpdateRoute()] = updateRoute(k)
	}
	return m
}()

func validUserStrategies(r api.UserStrategiesRequest) error {
	if err := userRef(api.UserRef{UserID: r.UserID}); err != nil {
		return err
	}
	return api.ValidateFilter(r.StrategyFilter)
}

// validateRoute checks a raw request with the client's validation where
// the route is known, and says whether it changes state: every method but
// GET and HEAD does, except the read POSTs of the interface.
func validateRoute(method, path string, body []byte) (changes bool, err error) {
	rel, perr := url.Parse(path)
	if perr != nil {
		return true, api.ErrRawPath
	}
	p := "/" + strings.Trim(rel.Path, "/")
	q := rel.Query()
	switch method {
	case http.MethodGet, http.MethodHead:
		if p == "/strategies" {
			return false, validateListQuery(q)
		}
		return false, nil
	case http.MethodPost:
		r, ok := postRoutes[p]
		if !ok {
			return true, nil
		}
		if r.validate != nil {
			err = r.validate(body, q)
		}
		return !r.read, err
	}
	return true, nil
}

// validateListQuery checks the query of GET /strategies.
func validateListQuery(q url.Values) error {
	var f api.StrategyFilter
	num := func(name string, dst *int) error {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return errors.New(name + ": must be a number")
			}
			*dst = n
		}
		return nil
	}
	if v := q.Get("chainId"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return errors.New("chainId: must be a number")
		}
		f.ChainID = n
	}
	if err := num("page", &f.Page); err != nil {
		return err
	}
	if err := num("pageSize", &f.PageSize); err != nil {
		return err
	}
	f.Status, f.Category, f.StrategyMethod, f.SortBy = api.Status(q.Get("status")), q.Get("category"), q.Get("strategyMethod"), q.Get("sortBy")
	return api.ValidateFilter(f)
}
