"""The games the example clients play: every variant the server serves, with options that bound
a random game (max_turns, max_rounds) so that each ends within a few thousand actions.

Both clients read this list, so over JSON and over gRPC they play the same games, and both check
it against the server's ListVariants: a variant the server serves and the list lacks is an error,
as is a --variant filter that selects nothing.
"""

# (variant, options). Options are plain JSON values.
GAMES = [
    ("chaturanga", {}),
    ("ramayana", {}),
    ("martian_chaturanga", {"max_turns": 100}),
    ("martian_chaturaji", {"max_turns": 100}),
    ("chaturaji", {"max_rounds": 20}),
    ("chaturaji", {"teams": True, "max_rounds": 20}),
    ("martian_chess", {}),
    ("martian_chess", {"players": 4, "teams": True}),
    ("coaster_chess", {}),
    ("martian_coaster_chaturanga", {"max_turns": 30}),
]

# A random game that has not ended after this many actions is a failure.
MAX_ACTIONS = 20000


def select(served, only):
    """The games to play: GAMES, or those of the variants in only. Raises ValueError when the
    server serves a variant GAMES lacks, or when only names a variant GAMES does not play."""
    listed = {variant for variant, _ in GAMES}
    missing = sorted(set(served) - listed)
    if missing:
        raise ValueError(f"the server serves {', '.join(missing)}, which the examples do not play")
    if not only:
        return list(GAMES)
    unknown = sorted(set(only) - listed)
    if unknown:
        raise ValueError(
            f"--variant {', '.join(unknown)}: no such game; the games are {', '.join(sorted(listed))}"
        )
    return [(variant, options) for variant, options in GAMES if variant in only]
