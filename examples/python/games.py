"""The games the example clients play: every variant the server serves, read from ListVariants,
with the options that bound a random game (max_turns, max_rounds) so that each ends within a few
thousand actions, and once more in teams where the variant has team play.

Both clients derive the games the same way, so over JSON and over gRPC they play the same games;
a --variant filter naming no served variant is an error. A new game needs no edit here.
"""

# Options that bound a random game's length, by option name, with the bound the examples give.
BOUNDS = {"max_rounds": 20, "max_turns": 30}

# Boolean options that make a game of teams: each gives a second game of its variant, with four
# players where the number of players is an option.
TEAM_OPTIONS = ("teams", "partnership")


def games_of(name, options):
    """The games the examples play of one variant, read from its options as ListVariants
    describes them: a list of (name, kind, maximum), kind "bool", "int" or "string". Every game
    gets the bound on its length the variant offers; a variant with team play is also played in
    teams."""
    kinds = {opt: (kind, maximum) for opt, kind, maximum in options}
    base = {}
    for opt, bound in BOUNDS.items():
        if kinds.get(opt, ("", 0))[0] == "int":
            base[opt] = bound
    out = [(name, dict(base))]
    for opt in TEAM_OPTIONS:
        if kinds.get(opt, ("", 0))[0] == "bool":
            team = dict(base, **{opt: True})
            if kinds.get("players", ("", 0)) == ("int", 4):
                team["players"] = 4
            out.append((name, team))
    return out


# A random game that has not ended after this many actions is a failure.
MAX_ACTIONS = 20000


def select(variants, only):
    """The games to play: those of every variant the server serves (variants: (name, options) as
    games_of takes them), or of the variants in only. Raises ValueError when only names a variant
    the server does not serve."""
    games = [game for name, options in variants for game in games_of(name, options)]
    if not only:
        return games
    served = {name for name, _ in variants}
    unknown = sorted(set(only) - served)
    if unknown:
        raise ValueError(
            f"--variant {', '.join(unknown)}: no such game; the games are {', '.join(sorted(served))}"
        )
    return [(variant, options) for variant, options in games if variant in only]
