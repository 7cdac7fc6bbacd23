"""Stored playthroughs (OpenSpiel's habit): the records of seeded games of every preset, player
count, partnership switch and muggins, with every kind of bot, hashed and compared with the
hashes stored in tests/data/playthroughs.json.  A change to the engine that changes any game
fails here, and says which; a change meant to change games rewrites the file on purpose:

    python tests/test_playthroughs.py --write
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

import dominolab as dl

STORED = pathlib.Path(__file__).parent / "data" / "playthroughs.json"
GAMES = 12


def cases() -> dict[str, dict]:
    """Every setting played: name -> play_game's arguments (without the seed)."""
    out = {}
    for preset in dl.PRESETS:
        rules = dl.variant(preset)
        for players in range(rules.min_players, rules.max_players + 1):
            switches = [None, not rules.partnerships] if players == 4 else [None]
            for together in switches:
                for muggins in (False, True) if rules.placement_scoring else (False,):
                    r = rules.replace(muggins=True, name=preset) if muggins else preset
                    tag = f"{preset} {players}p" + ("" if together is None else f" partnerships={together}")
                    tag += " muggins" if muggins else ""
                    bots = ["greedy", "random", "defensive", "greedy"][:players]
                    if muggins:
                        bots = ["greedy", "random", "greedy", "random"][:players]
                    out[tag] = dict(rules=r, players=players, bots=bots, partnerships=together, tag=tag)
    return out


def digest(case: dict) -> str:
    h = hashlib.sha256()
    for seed in range(1, GAMES + 1):
        args = dict(case)
        if "muggins" in args.pop("tag"):  # bots that miss: short claims, calls and let-gos
            args["bots"] = [dl.make_bot(b, seed * 7 + i, miss=0.3) for i, b in enumerate(args["bots"])]
        g = dl.play_game(**args, seed=seed)
        h.update(dl.game_to_json(g).encode() + b"\n")
    return h.hexdigest()[:16]


def test_every_seeded_game_is_played_as_stored():
    stored = json.loads(STORED.read_text())
    got = {tag: digest(case) for tag, case in cases().items()}
    assert set(got) == set(stored), "the settings played changed: rewrite the file on purpose"
    changed = [tag for tag in got if got[tag] != stored[tag]]
    assert not changed, f"these settings now play differently: {changed}"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    STORED.write_text(json.dumps({tag: digest(case) for tag, case in cases().items()}, indent=1) + "\n")
    print(f"wrote {STORED}")
