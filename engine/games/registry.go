package games

import (
	"fmt"
	"sort"
	"strings"
)

var byName = map[string]*Game{}

// register adds a game; each game's file calls it from init.
func register(g *Game) {
	if _, dup := byName[g.Name]; dup {
		panic("games: " + g.Name + " registered twice")
	}
	byName[g.Name] = g
}

// Lookup finds a game by name; the error is a sentence naming the games there are.
func Lookup(name string) (*Game, error) {
	if g, ok := byName[strings.ToLower(strings.TrimSpace(name))]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q: the games are %s (or chess)", name, strings.Join(Names(), ", "))
}

// Names lists the games' names in order.
func Names() []string {
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// All lists the games in name order.
func All() []*Game {
	var gs []*Game
	for _, n := range Names() {
		gs = append(gs, byName[n])
	}
	return gs
}
