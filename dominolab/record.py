"""Game records (``dominolab/game-record@1``, and ``@2`` for games played with muggins):
write, read, validate, replay.

>>> import dominolab as dl
>>> g = dl.play_game("dominos-cc", players=3, bots=["greedy"] * 3, seed=1)
>>> rec = dl.game_to_record(g)
>>> rec["format"], rec["variant"], len(rec["rounds"]) == len(g.rounds)
('dominolab/game-record@1', 'dominos-cc', True)
>>> final = None
>>> for step in dl.replay(rec):
...     final = step
>>> final.game.scores == g.scores
True

Loading checks a record twice: its shape (every field of the format), then
its rules (it is replayed by the engine).  A bad record is refused with an
:class:`~dominolab.InvalidRecord` naming the game, round, action and field.
"""

from __future__ import annotations

import json
import math
import os
import pathlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import words
from .board import SLOTS, Board, OpenPoint, point_value
from .errors import DominolabError, IllegalAction, InvalidRecord, InvalidRules, is_whole
from .game import Act, Action, ActionRecord, Deal, Game, Lead, LeaderBy
from .presets import PRESETS, variant
from .rules import LATER_SETTINGS, Rules
from .settlement import EndReason, Score
from .tiles import Tile

__all__ = [
    "FORMAT",
    "FORMAT_MUGGINS",
    "game_to_record",
    "game_to_json",
    "action_to_dict",
    "dump_records",
    "dumps_record",
    "load_records",
    "loads_records",
    "validate_record",
    "replay",
    "ReplayStep",
    "check_records",
    "load_record",
    "StepView",
    "steps",
    "GameRecord",
    "RoundRecord",
    "EndRecord",
    "read_record",
    "narration",
]

FORMAT = "dominolab/game-record@1"
#: the format's second version: the first, plus the muggins claims and calls (GAME-RECORD.md);
#: written only for games played with muggins, so every other record is as it was
FORMAT_MUGGINS = "dominolab/game-record@2"
_MUGGINS_ACTS = tuple(a.value for a in (Act.CLAIM, Act.MUGGINS, Act.LET_GO))
LEADER_BY = tuple(x.value for x in LeaderBy)
END_REASONS = tuple(x.value for x in EndReason)

# -- the format, field by field ----------------------------------------------------------------
#: The objects of a record and their fields, in the order they are written (docs/GAME-RECORD.md):
#: the one list that the writer follows and the shape check and the reader ask for.
GAME_FIELDS = ("format", "variant", "rules", "players", "sides", "seed", "rounds", "result")
ROUND_FIELDS = ("number", "hands", "boneyard", "leader", "actions", "end", "scores")
LEADER_FIELDS = ("seat", "by")
END_FIELDS = ("reason", "winner", "settlement")
RESULT_FIELDS = ("winner", "scores")
AT_FIELDS = ("tile", "slot")
#: An action's fields by its act (only muggins games, format version 2, have the last three).
ACTION_FIELDS: dict[Act, tuple[str, ...]] = {
    Act.PLAY: ("seat", "act", "tile", "at", "sum", "points"),
    Act.DRAW: ("seat", "act", "tile"),
    Act.PASS: ("seat", "act"),
    Act.CLAIM: ("seat", "act", "points"),
    Act.MUGGINS: ("seat", "act", "points"),
    Act.LET_GO: ("seat", "act"),
}


def _writer(fields: Sequence[str], fixed: dict[str, str] | None = None) -> Callable[..., str]:
    """The function that writes a JSON object of ``fields``, in their order: it takes each
    value (but the ``fixed`` ones) as a keyword argument, already written as JSON text.

    It is made once from the field list as an f-string, the fastest way Python joins text
    (as :mod:`dataclasses` makes ``__init__``): records are written for every game simulated.
    """
    fixed = fixed or {}
    body = ",".join([f'"{f}":' + (fixed[f] if f in fixed else "{" + f + "}") for f in fields])
    args = ", ".join(f for f in fields if f not in fixed)
    space: dict[str, Any] = {}
    exec(f"def write(*, {args}):\n    return f'{{{{{body}}}}}'", space)  # our own text, made once
    write: Callable[..., str] = space["write"]
    return write


_ROUND = _writer(ROUND_FIELDS)
_LEADER = _writer(LEADER_FIELDS)
_END = _writer(END_FIELDS)
_RESULT = _writer(RESULT_FIELDS)
_AT = _writer(AT_FIELDS)
_GAME = _writer(GAME_FIELDS)
_ACTION = {act: _writer(fields, {"act": f'"{act.value}"'}) for act, fields in ACTION_FIELDS.items()}


def _num(x: Score) -> int | float:
    if type(x) is int:  # the common case, without the slow isinstance check of an ABC
        return x
    if isinstance(x, Fraction) and x.denominator != 1:
        return float(x)
    return int(x)


def _preset_of(rules: Rules) -> str | None:
    """The preset ``rules`` are, whatever their name and partnerships switch (a table
    choice, not a rule change: GAME-RECORD.md), or ``None`` for a rule set of its own."""
    for name in PRESETS:
        base = variant(name)
        if rules.replace(name=name, partnerships=base.partnerships, muggins=False) == base:
            return name
    return None


def _variant_name(rules: Rules) -> str:
    """The record's ``variant``: the preset the rules are, else their own name."""
    return _preset_of(rules) or rules.name


def _rules_dict(game: Game) -> dict[str, Any]:
    d = game.rules.to_dict()
    d["partnerships"] = len(game.sides) < game.players
    return d


def game_to_record(game: Game) -> dict[str, Any]:
    """The game as a record (a finished game, or one in progress: then the last
    round has ``end: null`` and ``result`` is null).

    The record is read back from :func:`game_to_json`, the one writer of the format.
    """
    record: dict[str, Any] = json.loads(game_to_json(game))
    return record


def game_to_json(game: Game) -> str:
    """The game's record as one line of JSON, written straight from the game.

    The text is the one :func:`dumps_record` gives for :func:`game_to_record`
    (canonical: no spaces, keys in the format's order), made without building
    the record's dictionaries first: this is how ``dominolab simulate`` writes
    its files.

    >>> import dominolab as dl
    >>> g = dl.play_game("all-fives", 2, ["greedy", "random"], seed=2)
    >>> game_to_json(g) == dumps_record(dl.game_to_record(g))
    True
    """
    if not isinstance(game, Game):
        raise DominolabError(words.refusal("record: a record is written from a", value=repr(game)))
    key = (game.rules, game.players, game.sides)
    head = _HEADS.get(key)
    if head is None:
        if len(_HEADS) > 1000:
            _HEADS.clear()
        values = (
            FORMAT_MUGGINS if game.rules.muggins else FORMAT,
            _variant_name(game.rules),
            _rules_dict(game),
            game.players,
            [list(s) for s in game.sides],
        )  # the fields up to the seed, the same for every game of these rules
        head = _HEADS[key] = dict(zip(GAME_FIELDS[:5], map(_dumps, values), strict=True))
    rounds = []
    for rs in game.rounds:
        if rs.leader is None:  # dealt, its leader not yet chosen: the round starts with its leader
            break
        if rs.end_reason is None:
            end = "null"
        else:
            settled = "null" if rs.settlement is None else _numbers(rs.settlement.changes)
            winner = "null" if rs.winner is None else rs.winner
            end = _END(reason=_quote(rs.end_reason), winner=winner, settlement=settled)
        rounds.append(
            _ROUND(
                number=rs.number,
                hands="[" + ",".join([_tiles_json(h) for h in rs.hands]) + "]",
                boneyard=_tiles_json(rs.boneyard),
                leader=_LEADER(seat=rs.leader, by=_quote(rs.leader_by or "")),
                actions="[" + ",".join([_ACTION_JSON.get(a) or _action_json(a) for a in rs.actions]) + "]",
                end=end,
                scores=_numbers(rs.scores if rs.is_over else game.scores),
            )
        )
    o = game.outcome
    result = "null" if o is None else _RESULT(winner=o.winner, scores=_numbers(o.scores))
    return _GAME(**head, seed=_dumps(game.seed), rounds="[" + ",".join(rounds) + "]", result=result)


def _numbers(xs: Iterable[Score]) -> str:
    return "[" + ",".join([_num_json(x) for x in xs]) + "]"


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, check_circular=False)


_HEADS: dict[Any, dict[str, str]] = {}  # the record's first fields, the same for every game of a run
_QUOTED: dict[str, str] = {}  # the few names (leader rules, end reasons) written in every round
_ACTION_JSON: dict[ActionRecord, str] = {}  # the same few thousand actions recur in every game


def _quote(text: str) -> str:
    quoted = _QUOTED.get(text)
    if quoted is None:
        quoted = _QUOTED[text] = _dumps(text)
    return quoted


def _tiles_json(tiles: Sequence[Tile]) -> str:
    return '["' + '","'.join(tiles) + '"]' if tiles else "[]"  # a tile's text needs no escaping


def _num_json(x: Score) -> str:
    return str(x) if type(x) is int else _dumps(_num(x))


def _action_json(a: ActionRecord) -> str:
    if len(_ACTION_JSON) > 200_000:
        _ACTION_JSON.clear()
    text = _ACTION_JSON[a] = _write_action(a)
    return text


def action_to_dict(a: ActionRecord) -> dict[str, Any]:
    """An action as a game record holds it (read back from the record writer).

    >>> import dominolab as dl
    >>> g = dl.Game("all-fives", 2, seed=1)
    >>> action_to_dict(g.apply(g.legal_actions()[0]))
    {'seat': 0, 'act': 'play', 'tile': '0|1', 'at': None, 'sum': 1, 'points': 0}
    """
    d: dict[str, Any] = json.loads(_write_action(a))
    return d


def _write_action(a: ActionRecord) -> str:
    seat, act, tile, at, total, points = a
    write = _ACTION[act]  # the act's fields (ACTION_FIELDS), named here, in the list's order there
    if act is Act.PLAY:
        where = "null" if at is None else _AT(tile=f'"{at[0]}"', slot=_quote(at[1]))
        return write(seat=seat, tile=f'"{tile}"', at=where, sum=total, points=points)
    if act is Act.DRAW:
        return write(seat=seat, tile=f'"{tile}"')
    if act is Act.CLAIM or act is Act.MUGGINS:
        return write(seat=seat, points=points)
    return write(seat=seat)  # a pass, a let-go


# -- writing and reading files --------------------------------------------------------


def dumps_record(record: dict[str, Any]) -> str:
    """One record as one line of JSON."""
    try:  # records are trees: skipping the circular-reference check halves the time
        return _dumps(record)
    except RecursionError:
        raise InvalidRecord(words.refusal("record: cannot write a record that contains")) from None


def _as_records(records: Any) -> list[Any]:
    """A list of records from a list (or any iterable) of them, or from one record."""
    if isinstance(records, dict):
        return [records]
    if isinstance(records, str | bytes) or not isinstance(records, Iterable):
        raise InvalidRecord(
            words.refusal("record: expected records (a list of record", type=type(records).__name__)
        )
    return list(records)


def dump_records(records: Iterable[dict[str, Any]], path: str | os.PathLike[str]) -> int:
    """Write records to ``path``: JSON Lines for ``.jsonl``, else a JSON array
    (a single object when there is exactly one record).  Returns the count."""
    recs = _as_records(records)
    for i, r in enumerate(recs):  # nothing is written unless every record has the format's shape
        validate_record(r, words.where_record(i + 1))
    p = pathlib.Path(path)
    with p.open("w", encoding="utf-8") as f:
        if p.suffix.lower() == ".jsonl":
            for r in recs:
                f.write(dumps_record(r) + "\n")
        else:
            json.dump(recs[0] if len(recs) == 1 else recs, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return len(recs)


def loads_records(text: str, source: str = "<string>", *, check: bool = True) -> list[dict[str, Any]]:
    """Read records from JSON (an object or an array) or JSON Lines text."""
    if not isinstance(text, str):
        raise InvalidRecord(
            words.refusal("record: records are read from text (JSON),", type=type(text).__name__), source
        )
    text = text.strip()
    if not text:
        raise InvalidRecord(words.refusal("record: no game record found: the input"), source)
    records: list[Any]
    try:
        data = json.loads(text)
        records = data if isinstance(data, list) else [data]
        lines = None
    except json.JSONDecodeError:
        records = []
        lines = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise InvalidRecord(
                    words.refusal("record: not JSON ( at column )", msg=e.msg, colno=e.colno),
                    words.where_line(source, n),
                ) from None
            lines.append(n)
    for i, r in enumerate(records):
        where = words.where_game(source, i + 1, lines[i] if lines else None)
        _check_record(r, where, check)
    return records


def _check_record(record: Any, where: str, replayed: bool) -> None:
    """Check a record once: its shape, and with ``replayed`` its rules too (replay checks the
    shape first, so the shape is not checked twice)."""
    if replayed:
        for _ in replay(record, where=where):
            pass
    else:
        validate_record(record, where)


def load_record(path: str | os.PathLike[str], game: int = 1, *, check: bool = True) -> dict[str, Any]:
    """Read game ``game`` (from 1) of a ``.json`` or ``.jsonl`` file, checking only that one.

    In a JSON Lines file only that game's line is read as JSON, so one game of a large file
    comes at once (``dominolab replay --game N``).
    """
    p = _path(path)
    text = _read(p)
    games = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if p.suffix.lower() == ".jsonl" and games and games[0][1].lstrip().startswith("{"):
        _check_game_number(p, game, len(games))
        n, line = games[game - 1]
        where = words.where_game(p, game, n)
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise InvalidRecord(
                words.refusal("record: not JSON ( at column )", msg=e.msg, colno=e.colno),
                words.where_line(p, n),
            ) from None
        _check_record(record, where, check)
        return record  # type: ignore[no-any-return]
    records = loads_records(text, str(p), check=False)
    _check_game_number(p, game, len(records))
    if check:
        _check_record(records[game - 1], words.where_game(p, game), True)
    return records[game - 1]


def _check_game_number(p: pathlib.Path, game: Any, count: int) -> None:
    if not is_whole(game) or not 1 <= game <= count:
        raise InvalidRecord(
            words.refusal("record: holds games 1 to , not", p=p, count=count, value=repr(game))
        )


def _path(path: Any) -> pathlib.Path:
    if not isinstance(path, str | os.PathLike):
        raise InvalidRecord(words.refusal("record: give the path of a .json", path=repr(path)))
    return pathlib.Path(path)


def _read(p: pathlib.Path) -> str:
    try:
        return p.read_text(encoding="utf-8")
    except OSError as e:
        raise InvalidRecord(words.refusal("record: cannot read :", p=p, value=e.strerror or e)) from None
    except UnicodeDecodeError:
        raise InvalidRecord(words.refusal("record: cannot read : not UTF-8 text", p=p)) from None


def load_records(path: str | os.PathLike[str], *, check: bool = True) -> list[dict[str, Any]]:
    """Read and validate the records in a ``.json`` or ``.jsonl`` file.

    With ``check`` (the default) every record is also replayed by the engine,
    so a record that breaks a rule is refused too.
    """
    p = _path(path)
    return loads_records(_read(p), str(p), check=check)


# -- shape ----------------------------------------------------------------------------


def _need(obj: dict[str, Any], key: str, where: str, types: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise InvalidRecord(words.refusal("record: missing"), words.field(where, f"{key}"))
    v = obj[key]
    if isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        raise InvalidRecord(
            words.refusal("record: expected , got", types=_tname(types), v=json.dumps(v)),
            words.field(where, f"{key}"),
        )
    if not isinstance(v, types):
        raise InvalidRecord(
            words.refusal("record: expected , got", types=_tname(types), v=json.dumps(v)[:60]),
            words.field(where, f"{key}"),
        )
    return v


def _number(x: Any) -> bool:
    """A score a record may hold: an integer, or a finite number (halves in 3-player
    all-fives); not true/false, and not the NaN or Infinity that Python's JSON reader accepts."""
    return is_whole(x) or (isinstance(x, float) and math.isfinite(x))


def _tname(types: type | tuple[type, ...]) -> str:
    ts = types if isinstance(types, tuple) else (types,)
    return words.alternatives([words.json_type(t.__name__) for t in ts])


def _tile(value: Any, where: str) -> Tile:
    if not isinstance(value, str):
        raise InvalidRecord(
            words.refusal("record: expected a tile 'a|b', got", value=json.dumps(value)), where
        )
    try:
        t = Tile(value)
    except DominolabError as e:
        raise InvalidRecord(str(e), where) from None
    if value != str(t):
        raise InvalidRecord(
            words.refusal("record: tile is not canonical: write (low", value=repr(value), t=t), where
        )
    return t


def rules_of(record: dict[str, Any], where: str | None = None) -> Rules:
    """The :class:`Rules` a record was played under."""
    where = words.where_record() if where is None else where
    name = record.get("variant")
    rd = record.get("rules")
    if not isinstance(rd, dict):
        raise InvalidRecord(words.refusal("record: expected an object"), words.field(where, "rules"))
    players = record.get("players")
    if name in PRESETS:
        # a preset is played by the preset, with the table's partnerships switch; the other
        # keys of 'rules' describe the writer's settings and are not read (PGN keeps unknown tags)
        base = variant(name)
        together = rd.get("partnerships")
        if players == 4 and isinstance(together, bool):
            base = base.at_table(partnerships=together)
        if rd.get("muggins") is True:  # a table choice too, like partnerships; the writer's name kept
            base = base.at_table(muggins=True).replace(
                name=rd["name"] if isinstance(rd.get("name"), str) else name
            )
        return base
    base_name = str(rd.get("name", name or "")).removesuffix(" (custom)")
    if base_name not in PRESETS:
        # a rule set of its own: the record must spell out every setting, and the
        # base below only fills 'partnerships' (irrelevant below four players)
        base_name = "all-fives"
        missing = sorted(set(variant(base_name).to_dict()) - set(rd) - {"partnerships"})
        if missing:
            raise InvalidRecord(
                words.refusal(
                    "record: unknown variant : rules.name names no",
                    name=repr(name),
                    presets=", ".join(PRESETS),
                    missing=", ".join(missing),
                ),
                words.field(where, "rules"),
            )
    base = variant(base_name)
    data = dict(base.to_dict())
    # a setting added after the format's first version is written only when it is not
    # the value every earlier rule set had: absent, it has that value, whatever the base
    data.update({k: v for k, v in LATER_SETTINGS.items() if k not in rd})
    data.update(rd)
    if players != 4:
        data["partnerships"] = base.partnerships  # irrelevant below four players
    try:
        r = Rules.from_dict(data)
    except InvalidRules as e:
        raise InvalidRecord(str(e), words.field(where, "rules")) from None
    preset = _preset_of(r)
    if preset is not None:
        switched = r.partnerships != variant(preset).partnerships
        switch = words.refusal("record: switch") if switched else ""
        raise InvalidRecord(
            words.refusal(
                "record: names no preset, yet the rules",
                name=repr(name),
                preset=repr(preset),
                switch=switch,
                presets=", ".join(PRESETS),
            ),
            words.field(where, "variant"),
        )
    return r


#: Fields a writer may leave out: read as null (an older writer left them out)
_MAY_BE_ABSENT = frozenset({"seed", "result", "end", "winner", "settlement"})


def _has_fields(obj: dict[str, Any], fields: Sequence[str], where: str, inside: str = "") -> None:
    """Every field of ``fields`` (the format's list) is in ``obj``, or the first missing is named."""
    for f in fields:
        if f not in obj and f not in _MAY_BE_ABSENT:
            raise InvalidRecord(words.refusal("record: missing"), words.field(where, f"{inside}{f}"))


def validate_record(record: Any, where: str | None = None) -> None:
    """Check the shape of a record (every field the format names); raises
    :class:`InvalidRecord` naming the place of the first problem."""
    where = words.where_record() if where is None else where
    if not isinstance(record, dict):
        raise InvalidRecord(
            words.refusal("record: a record is a JSON object,", type=type(record).__name__), where
        )
    _has_fields(record, GAME_FIELDS, where)
    fmt = _need(record, "format", where, str)
    if fmt not in (FORMAT, FORMAT_MUGGINS):
        raise InvalidRecord(
            words.refusal(
                "record: unknown format (expected , or with",
                fmt=repr(fmt),
                format=repr(FORMAT),
                format_muggins=repr(FORMAT_MUGGINS),
            ),
            words.field(where, "format"),
        )
    _need(record, "variant", where, str)
    rd = _need(record, "rules", where, dict)
    if not isinstance(rd.get("partnerships"), bool):
        raise InvalidRecord(
            words.refusal("record: must be true or false"), words.field(where, "rules.partnerships")
        )
    players = _need(record, "players", where, int)
    allowed = rules_of(record, where)
    if not allowed.min_players <= players <= allowed.max_players:
        raise InvalidRecord(
            words.refusal(
                "record: is played by to players, not",
                name=allowed.name,
                min_players=allowed.min_players,
                max_players=allowed.max_players,
                players=players,
            ),
            words.field(where, "players"),
        )
    muggins = allowed.muggins
    if muggins != (fmt == FORMAT_MUGGINS):
        raise InvalidRecord(
            words.refusal(
                "record: a game played with muggins is",
                format_muggins=repr(FORMAT_MUGGINS),
                muggins=json.dumps(muggins),
            ),
            words.field(where, "format"),
        )
    sides = _need(record, "sides", where, list)
    expected = [list(side) for side in rules_of(record, where).sides(players, rd["partnerships"])]
    if sides != expected:
        raise InvalidRecord(
            words.refusal(
                "record: does not agree with players and",
                sides=json.dumps(sides),
                players=players,
                partnerships=json.dumps(rd["partnerships"]),
                expected=json.dumps(expected),
            ),
            words.field(where, "sides"),
        )
    seed = record.get("seed")
    if seed is not None and not is_whole(seed):
        raise InvalidRecord(words.refusal("record: expected an integer or null"), words.field(where, "seed"))
    rounds = _need(record, "rounds", where, list)
    if not rounds:
        raise InvalidRecord(
            words.refusal("record: a record holds at least one"), words.field(where, "rounds")
        )
    nsides = len(expected)
    for i, rd_ in enumerate(rounds):
        rw = words.where_round(where, i + 1)
        if not isinstance(rd_, dict):
            raise InvalidRecord(words.refusal("record: expected an object"), rw)
        _has_fields(rd_, ROUND_FIELDS, rw)
        number = _need(rd_, "number", rw, int)
        if number != i + 1:
            raise InvalidRecord(
                words.refusal("record: expected , got+", i=i + 1, number=number), words.field(rw, "number")
            )
        hands = _need(rd_, "hands", rw, list)
        if len(hands) != players:
            raise InvalidRecord(
                words.refusal("record: hands for players", hands=len(hands), players=players),
                words.field(rw, "hands"),
            )
        for s, h in enumerate(hands):
            if not isinstance(h, list):
                raise InvalidRecord(
                    words.refusal("record: expected a list of tiles"), words.field(rw, f"hands[{s}]")
                )
            for k, t in enumerate(h):
                _tile(t, words.field(rw, f"hands[{s}][{k}]"))
        bone = _need(rd_, "boneyard", rw, list)
        for k, t in enumerate(bone):
            _tile(t, words.field(rw, f"boneyard[{k}]"))
        leader = _need(rd_, "leader", rw, dict)
        _has_fields(leader, LEADER_FIELDS, rw, "leader.")
        seat = _need(leader, "seat", words.field(rw, "leader"), int)
        if not 0 <= seat < players:
            raise InvalidRecord(
                words.refusal("record: seat is not a seat of", seat=seat, players=players),
                words.field(rw, "leader.seat"),
            )
        by = _need(leader, "by", words.field(rw, "leader"), str)
        if by not in LEADER_BY:
            raise InvalidRecord(
                words.refusal("record: is not one of", by=repr(by), leader_by=", ".join(LEADER_BY)),
                words.field(rw, "leader.by"),
            )
        actions = _need(rd_, "actions", rw, list)
        for k, a in enumerate(actions):
            aw = words.where_action(rw, k + 1)
            if not isinstance(a, dict):
                raise InvalidRecord(words.refusal("record: expected an object"), aw)
            s = _need(a, "seat", aw, int)
            if not 0 <= s < players:
                raise InvalidRecord(
                    words.refusal("record: seat is not a seat of+", s=s, players=players),
                    words.field(aw, "seat"),
                )
            act = _need(a, "act", aw, str)
            if act not in ("play", "draw", "pass") and not (muggins and act in _MUGGINS_ACTS):
                known = "play, draw, pass, claim, muggins or let-go" if muggins else "play, draw or pass"
                raise InvalidRecord(
                    words.refusal("record: is not", act=repr(act), known=known), words.field(aw, "act")
                )
            _has_fields(a, ACTION_FIELDS[Act(act)], aw)
            if act in ("claim", "muggins") and not (is_whole(a.get("points")) and a["points"] >= 0):
                raise InvalidRecord(
                    words.refusal(
                        "record: expected a whole number of points,", points=json.dumps(a.get("points"))
                    ),
                    words.field(aw, "points"),
                )
            if act in ("play", "draw"):
                _tile(a.get("tile"), words.field(aw, "tile"))
            if act == "play":
                if "at" not in a:
                    raise InvalidRecord(words.refusal("record: missing"), words.field(aw, "at"))
                at = a["at"]
                if at is not None:
                    if not isinstance(at, dict):
                        raise InvalidRecord(
                            words.refusal("record: expected null or tile, slot"), words.field(aw, "at")
                        )
                    _tile(at.get("tile"), words.field(aw, "at.tile"))
                    if at.get("slot") not in SLOTS:
                        raise InvalidRecord(
                            words.refusal(
                                "record: unknown slot ; known:",
                                slot=repr(at.get("slot")),
                                slots=", ".join(SLOTS),
                            ),
                            words.field(aw, "at.slot"),
                        )
                _need(a, "sum", aw, int)
                if not _number(_need(a, "points", aw, (int, float))):
                    raise InvalidRecord(
                        words.refusal("record: expected a number, got", points=a["points"]),
                        words.field(aw, "points"),
                    )
        end = rd_.get("end")
        if end is None:
            if i != len(rounds) - 1:
                raise InvalidRecord(
                    words.refusal("record: only the last round may be"), words.field(rw, "end")
                )
        else:
            if not isinstance(end, dict):
                raise InvalidRecord(
                    words.refusal("record: expected an object or null"), words.field(rw, "end")
                )
            _has_fields(end, END_FIELDS, rw, "end.")
            reason = _need(end, "reason", words.field(rw, "end"), str)
            if reason not in END_REASONS:
                raise InvalidRecord(
                    words.refusal("record: is not domino, blocked or target", reason=repr(reason)),
                    words.field(rw, "end.reason"),
                )
            w = end.get("winner")
            if w is not None and (not is_whole(w) or not 0 <= w < nsides):
                raise InvalidRecord(
                    words.refusal("record: is not a side index or", w=json.dumps(w)),
                    words.field(rw, "end.winner"),
                )
            st = end.get("settlement")
            if st is not None and (
                not isinstance(st, list) or len(st) != nsides or not all(_number(x) for x in st)
            ):
                raise InvalidRecord(
                    words.refusal("record: expected numbers or null", nsides=nsides),
                    words.field(rw, "end.settlement"),
                )
        sc = _need(rd_, "scores", rw, list)
        if len(sc) != nsides or not all(_number(x) for x in sc):
            raise InvalidRecord(
                words.refusal("record: expected numbers", nsides=nsides), words.field(rw, "scores")
            )
    res = record.get("result")
    if res is not None:
        if not isinstance(res, dict):
            raise InvalidRecord(
                words.refusal("record: expected an object or null"), words.field(where, "result")
            )
        _has_fields(res, RESULT_FIELDS, where, "result.")
        w = res.get("winner")
        if not is_whole(w) or not 0 <= w < nsides:
            raise InvalidRecord(
                words.refusal("record: is not a side index", w=json.dumps(w)),
                words.field(where, "result.winner"),
            )
        sc = res.get("scores")
        if not isinstance(sc, list) or len(sc) != nsides or not all(_number(x) for x in sc):
            raise InvalidRecord(
                words.refusal("record: expected numbers", nsides=nsides), words.field(where, "result.scores")
            )


# -- replay ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayStep:
    """One state of a replay: after ``action`` (``None`` at the start of a round)."""

    round: int
    index: int  #: 0 at the deal, then the number of actions applied in the round
    action: ActionRecord | None
    game: Game  #: the live game (do not keep it: the next step changes it)


@dataclass(frozen=True)
class EndRecord:
    """How a recorded round ended: its reason, the winning side (``None``: nobody), and what
    the settlement changed for each side (``None`` when the target ended the game)."""

    reason: EndReason
    winner: int | None
    settlement: tuple[Score, ...] | None


@dataclass(frozen=True)
class RoundRecord:
    """A recorded round, typed: its :class:`~dominolab.Deal` and :class:`~dominolab.Lead` (the
    chance steps), its actions as :class:`~dominolab.ActionRecord` s, how it ended (``None``:
    not yet) and the scores after it."""

    number: int
    deal: Deal
    lead: Lead
    actions: tuple[ActionRecord, ...]
    end: EndRecord | None
    scores: tuple[Score, ...]


@dataclass(frozen=True)
class GameRecord:
    """A game record, read and typed (:func:`read_record`): the rules it was played under,
    the players and sides, the seed, the rounds, and the result (the winning side and the final
    scores, or ``None`` for a game in progress)."""

    format: str
    variant: str
    rules: Rules
    players: int
    sides: tuple[tuple[int, ...], ...]
    seed: int | None
    rounds: tuple[RoundRecord, ...]
    result: tuple[int, tuple[Score, ...]] | None


def _score(x: int | float) -> Score:
    return x if type(x) is int else Fraction(x)


def _scores(xs: Sequence[int | float]) -> tuple[Score, ...]:
    return tuple(_score(x) for x in xs)


def _read_action(a: dict[str, Any], where: str) -> ActionRecord:
    act = Act(a["act"])
    if act is Act.PLAY:
        at = a["at"]
        if at is None:
            point = None
        else:
            on = Tile(at["tile"])
            point = OpenPoint(on, at["slot"], point_value(on, at["slot"]))
        points = a["points"]
        if not float(points).is_integer():
            raise InvalidRecord(
                words.refusal("record: a placement scores whole points, not", points=points),
                words.field(where, "points"),
            )
        return ActionRecord(a["seat"], act, Tile(a["tile"]), point, a["sum"], int(points))
    if act is Act.DRAW:
        return ActionRecord(a["seat"], act, Tile(a["tile"]))
    if act is Act.CLAIM or act is Act.MUGGINS:
        return ActionRecord(a["seat"], act, points=a["points"])
    return ActionRecord(a["seat"], act)


def read_record(record: Any, where: str | None = None) -> GameRecord:
    """A record (a JSON object, as :func:`load_records` gives it) read into typed values, its
    shape checked (:func:`validate_record`); its rules are checked by :func:`replay`.

    >>> import dominolab as dl
    >>> rec = dl.read_record(dl.game_to_record(dl.play_game("all-fives", 2, "greedy", seed=1)))
    >>> rec.rules.name, rec.rounds[0].lead, rec.rounds[0].actions[0].act
    ('all-fives', Lead(seat=0, by=<LeaderBy.LOT: 'lot'>), <Act.PLAY: 'play'>)
    """
    where = words.where_record() if where is None else where
    if isinstance(record, GameRecord):
        return record
    validate_record(record, where)
    rounds = []
    for i, rd in enumerate(record["rounds"]):
        end = rd.get("end")
        settled = None if end is None or end.get("settlement") is None else _scores(end["settlement"])
        rounds.append(
            RoundRecord(
                rd["number"],
                Deal(tuple(tuple(map(Tile, h)) for h in rd["hands"]), tuple(map(Tile, rd["boneyard"]))),
                Lead(rd["leader"]["seat"], LeaderBy(rd["leader"]["by"])),
                tuple(
                    _read_action(a, words.where_action(words.where_round(where, i + 1), k + 1))
                    for k, a in enumerate(rd["actions"])
                ),
                None if end is None else EndRecord(EndReason(end["reason"]), end.get("winner"), settled),
                _scores(rd["scores"]),
            )
        )
    res = record.get("result")
    return GameRecord(
        record["format"],
        record["variant"],
        rules_of(record, where),
        record["players"],
        tuple(tuple(side) for side in record["sides"]),
        record.get("seed"),
        tuple(rounds),
        None if res is None else (res["winner"], _scores(res["scores"])),
    )


def _action_of(rec: ActionRecord) -> Action:
    """The action a recorded step asks the engine to take again."""
    if rec.act is Act.PLAY:
        assert rec.tile is not None
        return Action.play(rec.tile, None if rec.at is None else (rec.at.tile, rec.at.slot))
    if rec.act is Act.CLAIM:
        return Action.claim_(int(rec.points or 0))
    return Action(rec.act)


def replay(record: dict[str, Any] | GameRecord, *, where: str | None = None) -> Iterator[ReplayStep]:
    """Step through every state of a record, checking each step by the rules: each round's
    deal and leader, then each action, are pushed on a game (:func:`read_record` reads it).

    Raises :class:`InvalidRecord` at the first step, end or score that the engine does not
    reproduce.
    """
    where = words.where_record() if where is None else where
    rec = read_record(record, where)
    game = Game(
        rec.rules,
        rec.players,
        rec.seed,
        partnerships=len(rec.sides) < rec.players,
        start=False,
        auto_deal=False,
    )
    rounds = rec.rounds
    for i, rd in enumerate(rounds):
        rw = words.where_round(where, i + 1)
        if game.outcome is not None:
            raise InvalidRecord(words.refusal("record: the game was already over after", i=i), rw)
        try:  # the round's chance steps, as the record gives them
            game.push(rd.deal)
        except DominolabError as e:
            raise InvalidRecord(str(e), words.field(rw, "hands")) from None
        try:
            game.push(Lead(rd.lead.seat))
        except DominolabError as e:
            raise InvalidRecord(str(e), words.field(rw, "leader.seat")) from None
        rs = game.round
        if rs.leader_by != rd.lead.by:
            raise InvalidRecord(
                words.refusal(
                    "record: the leader is chosen by here,",
                    leader_by=repr(str(rs.leader_by)),
                    by=repr(str(rd.lead.by)),
                ),
                words.field(rw, "leader.by"),
            )
        yield ReplayStep(i + 1, 0, None, game)
        for k, a in enumerate(rd.actions):
            aw = words.where_action(rw, k + 1)
            if rs.is_over:
                raise InvalidRecord(
                    words.refusal(
                        "record: the round already ended ( )", end_reason=repr(str(rs.end_reason)), k=k
                    ),
                    aw,
                )
            if a.seat != game.to_move:
                raise InvalidRecord(
                    words.refusal("record: seat is to move, not seat", to_move=game.to_move, seat=a.seat),
                    words.field(aw, "seat"),
                )
            try:
                checked = game.verify(_action_of(a))
            except IllegalAction as e:
                fld = {"play": "tile", "claim": "points"}.get(a.act.value, "act")
                raise InvalidRecord(str(e), words.field(aw, f"{fld}")) from None
            if a.act is Act.DRAW and game.boneyard[0] != a.tile:
                raise InvalidRecord(
                    words.refusal(
                        "record: the next tile of the boneyard", boneyard=game.boneyard[0], tile=a.tile
                    ),
                    words.field(aw, "tile"),
                )
            step = game.push(checked)
            if a.act is Act.MUGGINS and a.points != step.points:
                raise InvalidRecord(
                    words.refusal(
                        "record: muggins takes the the claim missed,", points=step.points, points2=a.points
                    ),
                    words.field(aw, "points"),
                )
            if a.act is Act.PLAY:
                if a.sum != step.sum:
                    raise InvalidRecord(
                        words.refusal("record: the end sum is , not", sum=step.sum, sum2=a.sum),
                        words.field(aw, "sum"),
                    )
                if a.points != (step.points or 0):
                    raise InvalidRecord(
                        words.refusal(
                            "record: the placement scores , not",
                            points=step.points,
                            points2=_num(a.points or 0),
                        ),
                        words.field(aw, "points"),
                    )
            yield ReplayStep(i + 1, k + 1, step, game)
        end = rd.end
        if not rs.is_over:
            if end is not None or i != len(rounds) - 1 or rec.result is not None:
                raise InvalidRecord(
                    words.refusal(
                        "record: the round is not over after", actions=len(rd.actions), to_move=game.to_move
                    ),
                    words.field(rw, "actions"),
                )
            return
        if end is None:
            raise InvalidRecord(
                words.refusal("record: the round ended ( ) but", end_reason=repr(str(rs.end_reason))),
                words.field(rw, "end"),
            )
        if end.reason != rs.end_reason:
            raise InvalidRecord(
                words.refusal(
                    "record: the round ends by , not",
                    end_reason=repr(str(rs.end_reason)),
                    reason=repr(str(end.reason)),
                ),
                words.field(rw, "end.reason"),
            )
        if end.winner != rs.winner:
            raise InvalidRecord(
                words.refusal("record: the round's winner is , not", winner=rs.winner, winner2=end.winner),
                words.field(rw, "end.winner"),
            )
        st = end.settlement
        if rs.end_reason is EndReason.TARGET:
            if st is not None and any(x != 0 for x in st):
                raise InvalidRecord(
                    words.refusal("record: a round ended by the target"), words.field(rw, "end.settlement")
                )
        else:
            assert rs.settlement is not None
            want = rs.settlement.changes
            if st is None or tuple(st) != tuple(want):
                raise InvalidRecord(
                    words.refusal(
                        "record: the settlement is , not",
                        want=[_num(x) for x in want],
                        st=None if st is None else [_num(x) for x in st],
                    ),
                    words.field(rw, "end.settlement"),
                )
        if rd.scores != rs.scores:
            raise InvalidRecord(
                words.refusal(
                    "record: the scores are , not",
                    scores=[_num(x) for x in rs.scores],
                    scores2=[_num(x) for x in rd.scores],
                ),
                words.field(rw, "scores"),
            )
    if game.outcome is None:
        if rec.result is not None:
            raise InvalidRecord(
                words.refusal("record: the game is not over, so"), words.field(where, "result")
            )
        if rounds[-1].end is not None:
            raise InvalidRecord(
                words.refusal("record: the game is not over after"),
                words.field(where, "rounds"),
            )
        return
    if rec.result is None:
        raise InvalidRecord(
            words.refusal("record: the game is over ( )", outcome=game.outcome), words.field(where, "result")
        )
    winner, scores = rec.result
    if winner != game.outcome.winner:
        raise InvalidRecord(
            words.refusal("record: the winner is side , not", winner=game.outcome.winner, winner2=winner),
            words.field(where, "result.winner"),
        )
    if scores != game.outcome.scores:
        raise InvalidRecord(
            words.refusal(
                "record: the final scores are , not",
                scores=[_num(x) for x in game.outcome.scores],
                scores2=[_num(x) for x in scores],
            ),
            words.field(where, "result.scores"),
        )


@dataclass(frozen=True)
class StepView:
    """One state of a replayed game, kept (a :class:`ReplayStep`'s game changes at the next
    step): what ``dominolab replay`` prints and the Replayer shows, with the same words.

    ``lines`` tell what happened at this step (the deal and the leader, an action, then how a
    round or the game ended and the settlement); ``count`` is the layout's count written out.
    """

    round: int
    index: int  #: 0 at the deal, then the number of actions applied in the round
    action: ActionRecord | None
    rules: Rules
    sides: tuple[tuple[int, ...], ...]
    moves: tuple[tuple[Tile, OpenPoint | None], ...]  #: the layout's placements, oldest first
    hands: tuple[tuple[Tile, ...], ...]
    scores: tuple[Score, ...]
    count: str
    lines: tuple[str, ...]

    def board(self) -> Board:
        """The layout at this step."""
        return Board.of(self.rules, self.moves)

    @property
    def text(self) -> str:
        return " ".join(self.lines)

    @property
    def scores_text(self) -> str:
        return words.scores(self.sides, self.scores)


def narration(step: ReplayStep) -> tuple[str, ...]:
    """What happened at ``step``, in sentences (the one narration of a replay)."""
    g = step.game
    rs = g.round
    if step.action is None:
        return (words.round_starts(step.round, rs.leader or 0, rs.leader_by or ""),)
    lines = [words.sentence(str(step.action))]
    if rs.is_over and step.index == len(rs.actions):
        if rs.end_reason is EndReason.TARGET:
            lines.append(words.reaches_target(g.sides, rs.winner))
        else:
            lines.append(words.round_over(rs.end_reason is EndReason.DOMINO))
            if rs.settlement is not None:
                lines.extend(rs.settlement.lines)
        if g.outcome is not None and rs.end_reason is not EndReason.TARGET:
            lines.append(words.wins_game(g.sides, g.outcome.winner))
    return tuple(lines)


def steps(record: dict[str, Any], *, where: str | None = None) -> list[StepView]:
    """Every state of a record, replayed and checked once, as kept :class:`StepView` s."""
    where = words.where_record() if where is None else where
    out = []
    for step in replay(record, where=where):
        g = step.game
        b = g.board
        out.append(
            StepView(
                step.round,
                step.index,
                step.action,
                g.rules,
                g.sides,
                tuple((p.tile, p.at) for p in b.placements),
                tuple(tuple(h) for h in g.hands),
                g.scores,
                "" if b.is_empty else b.equation(),
                narration(step),
            )
        )
    return out


def check_records(records: Sequence[dict[str, Any]], source: str = "records") -> list[str]:
    """Replay every record; returns one problem line per bad record (``[]`` if all are good)."""
    records = _as_records(records)
    problems = []
    for i, r in enumerate(records):
        try:
            for _ in replay(r, where=words.where_game(source, i + 1)):
                pass
        except InvalidRecord as e:
            problems.append(str(e))
    return problems
