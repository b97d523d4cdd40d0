package alert

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/hostile"
	"github.com/stratop/stratop/watch"
)

// hostileEvent is a status change whose every server string is hostile.
func hostileEvent() watch.Event {
	all := hostile.AllInOne()
	return watch.Event{ID: "e1", Kind: watch.KindStatus, Strategy: 7, User: all, Pool: all,
		Before: "active", After: "paused\nfake line", Detail: all}
}

// oneLine is every payload without a line break of its own.
var oneLine = strings.ReplaceAll(hostile.AllInOne(), "\n", " ")

// checkChatText fails when s holds anything a terminal or a chat client
// would act on, or a line a server string started.
func checkChatText(t *testing.T, where, s string, lines int) {
	t.Helper()
	if leaks := hostile.Leaks([]byte(s)); len(leaks) > 0 {
		t.Errorf("%s leaks: %q", where, leaks)
	}
	if rem := hostile.Remnants([]byte(s)); len(rem) > 0 {
		t.Errorf("%s shows sequence tails: %q", where, rem)
	}
	if n := strings.Count(s, "\n") + 1; lines > 0 && n != lines {
		t.Errorf("%s has %d lines, want %d: %q", where, n, lines, s)
	}
}

func TestMessagesAreCleanAndTheirEventsExact(t *testing.T) {
	ev := hostileEvent()
	one := burst("halted", "urgent", []watch.Event{ev}, time.Now())
	checkChatText(t, "a one-event title", one.Title, 1)
	two := burst("halted", "urgent", []watch.Event{ev, ev}, time.Now())
	checkChatText(t, "a burst's text", two.Text(), 3)
	if two.Events[0].Pool != ev.Pool || two.Events[0].Detail != ev.Detail {
		t.Error("the events a message carries changed: they are data and stay exact")
	}

	// Text made elsewhere (a digest's lines, a message from an older
	// outbox) is cleaned when it is sent.
	raw := Message{ID: "m", Title: "t " + oneLine, Body: oneLine + "\n" + hostile.AllInOne()}
	p := raw.ForPeople()
	checkChatText(t, "ForPeople's title", p.Title, 1)
	checkChatText(t, "ForPeople's body", p.Body, 0)
}

func TestSinksSendCleanText(t *testing.T) {
	arrived := make(chan string, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		arrived <- r.URL.Path + " " + string(b)
	}))
	t.Cleanup(srv.Close)
	m := burst("halted", "urgent", []watch.Event{hostileEvent(), hostileEvent()}, time.Now())
	m.Body += "\n" + oneLine // as an older outbox's message could hold it

	hook, err := NewSink("hook", srv.URL+"/hook", "")
	if err != nil {
		t.Fatal(err)
	}
	chat, err := NewSink("chat", "generic+"+srv.URL+"/chat", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Sink{hook, chat} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		if err := s.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		cancel()
	}
	for range 2 {
		got := <-arrived
		path, body, _ := strings.Cut(got, " ")
		switch path {
		case "/hook":
			var sent Message
			if err := json.Unmarshal([]byte(body), &sent); err != nil {
				t.Fatal(err)
			}
			checkChatText(t, "the webhook's title", sent.Title, 1)
			checkChatText(t, "the webhook's body", sent.Body, 3)
			var want watch.Event
			b, _ := json.Marshal(hostileEvent())
			_ = json.Unmarshal(b, &want)
			if sent.Events[0].Pool != want.Pool {
				t.Error("the webhook's events changed: they are data and stay exact")
			}
		case "/chat":
			checkChatText(t, "the chat text", body, 4)
		}
	}
}
