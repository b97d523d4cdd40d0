package dashboard

import (
	"os"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/model"
)

// silencesOption has Needs attention read the integration's silences from
// the Alertmanager sinks the settings' rules route to, whether or not a
// serve runs on this machine. It is always an option, so a profile switch
// to a profile without Alertmanager clears the previous one's.
func silencesOption(f *factory.Factory, c *factory.Context) model.Option {
	cfg, err := f.Settings()
	if err != nil { // the context was resolved from these settings: not met in practice
		return model.WithSilences(nil, nil)
	}
	src, err := alert.NewSilenceSource(cfg, os.Getenv, c.Integration.String())
	if src == nil {
		return model.WithSilences(nil, err)
	}
	return model.WithSilences(src, err)
}
