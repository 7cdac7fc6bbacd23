"""Every sentence dominolab says, in English and in Spanish: the words layer.

The engine's computations return facts (numbers, tiles, seats, the rule that applied); the
functions here turn facts into the sentences a learner reads.  No other module writes a
sentence of its own, so one word is used for each thing (:data:`dominolab.TERMS`) and
switching the language switches everything at once:

>>> import dominolab as dl
>>> dl.words.count_reason(moduli=(5,), hits=(), count=12)
'not a multiple of 5: no score'
>>> _ = dl.language("es")
>>> dl.words.count_reason(moduli=(5,), hits=(), count=12)
'no es múltiplo de 5: no puntúa'
>>> dl.language("en")
'en'

The messages are standard ``gettext`` catalogues: the English sentence is the message id,
``dominolab/locale/es/LC_MESSAGES/dominolab.po`` its Spanish, compiled to ``.mo`` by Babel
(``make messages`` extracts, updates and compiles; ``tests/test_words.py`` checks every
message has its translation and the compiled catalogue is current).  Only this module is
extracted: a sentence written anywhere else is never translated, which the tests notice.

The Spanish uses the sources' own terms: *ficha*, *pozo*, *mano*, *doble*, *extremo*,
*suma de los extremos* (our *count*), *puntos mostrados*, *liquidación*, *ronda bloqueada*,
*pareja*.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "language", "current_language"]

#: the languages dominolab speaks: code → the language's own name
LANGUAGES: dict[str, str] = {"en": "English", "es": "español"}
DOMAIN = "dominolab"
LOCALE_DIR = Path(__file__).with_name("locale")

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_lang = "en"


class UnknownLanguage(ValueError):
    """A language dominolab does not speak (a :class:`ValueError`)."""


def language(code: str | None = None) -> str:
    """Switch every sentence dominolab says to ``code`` (``"en"`` or ``"es"``) and return it;
    with no argument, return the language in use.  ``"es_ES.UTF-8"`` and the like are read
    as their language.

    >>> language()
    'en'
    >>> language("fr")
    Traceback (most recent call last):
    ...
    dominolab.words.UnknownLanguage: dominolab speaks en (English) and es (español), not 'fr'
    """
    global _catalogue, _lang
    if code is None:
        return _lang
    short = code.split(".")[0].split("_")[0].split("-")[0].lower() if isinstance(code, str) else ""
    if short not in LANGUAGES:
        known = " and ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise UnknownLanguage(f"dominolab speaks {known}, not {code!r}")
    if short == "en":
        _catalogue = gettext.NullTranslations()
    else:
        _catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[short])
    _lang = short
    return _lang


def current_language() -> str:
    """The language in use (``"en"`` unless :func:`language` switched it)."""
    return _lang


def language_from_environment() -> str:
    """The language the environment asks for, where dominolab speaks it (``DOMINOLAB_LANG``,
    then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); else ``"en"``."""
    for var in ("DOMINOLAB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):
            short = part.split(".")[0].split("_")[0].lower()
            if short in LANGUAGES:
                return short
    return "en"


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _catalogue.gettext(message)


def _n(singular: str, plural: str, n: int | float | Fraction) -> str:
    """``singular`` or ``plural`` by ``n``, in the language in use."""
    count = int(n) if float(n).is_integer() else 2
    return _catalogue.ngettext(singular, plural, abs(count))


def capital(text: str) -> str:
    """``text`` with its first letter upper case: sentences start with a capital."""
    return text[:1].upper() + text[1:]


# -- numbers, units, seats -------------------------------------------------------------


def score(x: int | float | Fraction) -> str:
    """A score: ``12``, ``12.5`` (halves are exact Fractions inside the engine)."""
    if x != int(x):
        return str(float(x))
    return str(int(x))


def tiles(n: int) -> str:
    """``1 tile``, ``7 tiles``."""
    return _n("{n} tile", "{n} tiles", n).format(n=n)


def pips(n: int) -> str:
    """``1 pip``, ``13 pips``."""
    return _n("{n} pip", "{n} pips", n).format(n=n)


def points(n: int | float | Fraction, unit: str = "raw") -> str:
    """Points in the rules' unit: ``5 points``, ``1 shown point``, ``2.5 points``."""
    if unit == "shown":
        return _n("{n} shown point", "{n} shown points", n).format(n=score(n))
    return _n("{n} point", "{n} points", n).format(n=score(n))


def unit(name: str) -> str:
    """A score unit's name: ``raw``, ``shown``, ``points`` (threes and fives)."""
    return {"raw": _("raw"), "shown": _("shown"), "points": _("points")}.get(name, name)


def seat(n: int) -> str:
    """``seat 2``: one player's place at the table."""
    return _("seat {seat}").format(seat=n)


def side_name(sides: Sequence[Sequence[int]], side: int) -> str:
    """``Seat 2``, or ``Seats 0+2`` for a partnership."""
    seats = sides[side]
    if len(seats) == 1:
        return _("Seat {seat}").format(seat=seats[0])
    return _("Seats {seats}").format(seats="+".join(str(s) for s in seats))


def _one(sides: Sequence[Sequence[int]], side: int) -> int:
    """How many seats speak for ``side``: the verb's number."""
    return len(sides[side])


def hand(tiles_: Iterable[object]) -> str:
    """Tiles in hand as a learner sees them: ``[1|4] [6|6]``, or ``no tiles``."""
    shown = " ".join(f"[{t}]" for t in tiles_)
    return shown or _("no tiles")


def scores(sides: Sequence[Sequence[int]], values: Sequence[int | Fraction]) -> str:
    """``Seat 0 61, Seat 1 30``."""
    return ", ".join(f"{side_name(sides, i)} {score(x)}" for i, x in enumerate(values))


def either(words: Sequence[str]) -> str:
    """``a, b or c``."""
    if len(words) < 2:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


# -- tiles, points, placements -------------------------------------------------------


def open_point(value: int, tile: object, slot: str, double: bool) -> str:
    """An open point as a learner says it: ``the 5 of 2|5``; a double's slot is named, since
    its slots all show the same pips (``the 6 of 6|6, line-b``)."""
    if double:
        return _("the {value} of {tile}, {slot}").format(value=value, tile=tile, slot=slot)
    return _("the {value} of {tile}").format(value=value, tile=tile)


def nowhere() -> str:
    """An empty list of open points."""
    return _("nowhere")


def placement(tile: object, at: object | None, count: int, scored: int | Fraction) -> str:
    """``2|5 on 5|5:line-a: count 10 → 10``; a lead: ``5|5 lead: count 10 → 10``."""
    if at is None:
        return _("{tile} lead: count {count} → {points}").format(tile=tile, count=count, points=score(scored))
    return _("{tile} on {at}: count {count} → {points}").format(
        tile=tile, at=at, count=count, points=score(scored)
    )


# -- the count and what it scores -----------------------------------------------------


def count_kind(moduli: Sequence[int], hits: Sequence[int], scoring: bool = True) -> str:
    """What kind of count a count is: ``a multiple of 3 and of 5``, ``not a multiple of 5``."""
    if not scoring:
        return _("placements score nothing")
    if not hits:
        return _("not a multiple of {moduli}").format(moduli=_(" or ").join(str(m) for m in moduli))
    return _("a multiple of {moduli}").format(moduli=_(" and of ").join(str(m) for m in hits))


def count_quotients(count: int, hits: Sequence[int]) -> str:
    """``15 ÷ 3 + 15 ÷ 5``: the sum that gives a count's points where it scores by quotient."""
    return " + ".join(f"{count} ÷ {m}" for m in hits)


def count_reason(
    *,
    moduli: Sequence[int],
    hits: Sequence[int],
    count: int,
    scored: int = 0,
    quotients: str = "",
    shown: bool = False,
    scoring: bool = True,
) -> str:
    """What a count scores and why: ``a multiple of 5: it scores 15``, ``not a multiple of 5:
    no score``, ``a multiple of 5: it scores 20 raw = 4 shown``."""
    what = count_kind(moduli, hits, scoring)
    if not scoring:
        return what
    if not hits or not scored:
        return _("{kind}: no score").format(kind=what)
    if quotients:
        return _("{kind}: it scores {sums} = {points}").format(kind=what, sums=quotients, points=scored)
    if shown:
        return _("{kind}: it scores {count} raw = {points} shown").format(
            kind=what, count=count, points=scored
        )
    return _("{kind}: it scores {points}").format(kind=what, points=scored)


def scoring_text(moduli: Sequence[int], by_quotient: bool, divisor: int, scoring: bool = True) -> str:
    """Which counts score and what: ``a count that is a multiple of 5 scores the count``."""
    if not scoring:
        return _("placements score nothing")
    if by_quotient:
        each = ", ".join(_("a multiple of {m} scores count ÷ {m}").format(m=m) for m in moduli)
        both = _("; both when both") if len(moduli) > 1 else ""
        return _("a count that is {each}").format(each=each) + both
    of = _(" or ").join(str(m) for m in moduli)
    if divisor != 1:
        return _("a count that is a multiple of {of} scores the count, shown as count ÷ {d}").format(
            of=of, d=divisor
        )
    return _("a count that is a multiple of {of} scores the count").format(of=of)


def spinner_text(spinners: str, sides_first: bool) -> str:
    """Which doubles are spinners and when their branches open."""
    which = {
        "every-double": _("every double is a spinner"),
        "first-double": _("the first double is the spinner"),
        "none": _("no double is a spinner"),
    }[str(spinners)]
    if str(spinners) == "none":
        return which
    if sides_first:
        return _("{which}; its branches open once both line slots are taken").format(which=which)
    return _("{which}; its branches open as soon as it is placed").format(which=which)


# -- actions --------------------------------------------------------------------------


def action(
    seat_: int,
    act: str,
    *,
    tile: object = None,
    at: object = None,
    count: int | None = None,
    scored: int | None = None,
    unit: str = "",
    with_count: bool = True,
) -> str:
    """An action in words: ``seat 1 plays 3|4 on 4|4:line-b: count 5 → 5``; with ``unit``
    (``"point"`` or ``"shown point"``) the points' unit is said: ``→ 1 shown point``."""
    who = seat(seat_)
    act = str(act)
    if act == "play":
        if at is None:
            move = _("{who} leads {tile}").format(who=who, tile=tile)
        else:
            move = _("{who} plays {tile} on {at}").format(who=who, tile=tile, at=at)
        if not with_count:
            return move
        n = scored or 0
        got = score(n)
        if unit:
            got = points(n, "shown" if unit.startswith("shown") else "raw")
        return _("{move}: count {count} → {points}").format(move=move, count=count, points=got)
    if act == "draw":
        return _("{who} draws {tile}").format(who=who, tile=tile)
    if act == "claim":
        return _("{who} claims {points}").format(who=who, points=scored)
    if act == "muggins":
        return _("{who} calls muggins and takes {points}").format(who=who, points=scored)
    if act == "let-go":
        return _("{who} lets it go").format(who=who)
    return _("{who} passes").format(who=who)


def deal(hands: Sequence[Sequence[object]]) -> str:
    """``deal: seat 0 1|4 6|6; seat 1 …``."""
    each = "; ".join(f"{seat(s)} {' '.join(str(t) for t in h)}" for s, h in enumerate(hands))
    return _("deal: {hands}").format(hands=each)


def leader_by(by: str) -> str:
    """A leader rule's short name: ``lot``, ``last tile``, ``highest double``…"""
    return {
        "lot": _("lot"),
        "last-tile": _("last tile"),
        "highest-double": _("highest double"),
        "heaviest-tile": _("heaviest tile"),
        "left": _("left"),
    }.get(str(by), str(by))


def lead(seat_: int, by: str | None) -> str:
    """``seat 1 leads (last-tile)``: a Lead step."""
    text = _("{who} leads").format(who=seat(seat_))
    return text + (f" ({by})" if by else "")


def lead_reason(by: str, seat_: int) -> str:
    """Why seat ``seat_`` leads a round, by the rule its :class:`~dominolab.Lead` names."""
    return {
        "lot": _("a lot chooses who leads; any tile of that hand may lead"),
        "last-tile": _("seat {seat} played its last tile in the round before, so it leads"),
        "highest-double": _("the seat holding the highest double leads, and leads that double"),
        "heaviest-tile": _("nobody holds a double, so the seat holding the heaviest tile leads it"),
        "left": _(
            "the lead passes to the left, to the seat after the last round's leader; any tile may lead"
        ),
    }[str(by)].format(seat=seat_)


def next_lead(by: str, seat_: int, number: int) -> str:
    """Who leads round ``number`` and why (the end of a walkthrough)."""
    return {
        "last-tile": _("seat {seat} played its last tile, so it leads round {n}"),
        "lot": _("a new lot chooses who leads round {n}: seat {seat}"),
        "highest-double": _("round {n} is led again by the highest double, held by seat {seat}"),
        "heaviest-tile": _("round {n} is led again by the heaviest tile (no doubles), held by seat {seat}"),
        "left": _("the lead passes to the left: seat {seat} leads round {n}"),
    }[str(by)].format(seat=seat_, n=number)


# -- refusals -------------------------------------------------------------------------


def refusal(key: str, **facts: object) -> str:
    """Why an action or a placement is refused: the rule ``key`` names, with its ``facts``."""
    return _REFUSALS[key]().format(**facts)


_REFUSALS = {
    # the game's turn rules
    "game over": lambda: _("the game is over ({outcome}); no more actions"),
    "no round": lambda: _("no round is being played: deal one with start_round()"),
    "drawn must play": lambda: _(
        "seat {seat} drew {drawn}, which plays, so it must be placed at once; {tile} cannot be played instead"
    ),
    "tile on layout": lambda: _("seat {seat} cannot play {tile}: it is on the layout"),
    "tile not held": lambda: _("seat {seat} cannot play {tile}: it is not in seat's hand"),
    "forced lead double": lambda: _("seat {seat} must lead {tile}, the highest double, in {game}"),
    "forced lead heaviest": lambda: _("seat {seat} must lead {tile}, the heaviest tile, in {game}"),
    "cannot play": lambda: _("seat {seat} cannot play {action}: {reason}"),
    "not legal": lambda: _("it is not among the legal actions"),
    "drawn not drawn again": lambda: _(
        "seat {seat} drew {drawn}, which plays: it must be placed, not another drawn"
    ),
    "drawn not passed": lambda: _("seat {seat} drew {drawn}, which plays: it must be placed, not passed"),
    "must play, no draw": lambda: _(
        "seat {seat} must play when able ({play} is legal), so drawing is not allowed"
    ),
    "must play, no pass": lambda: _("seat {seat} must play when able ({play} is legal); no pass"),
    "leading": lambda: _("leading {tile}"),
    "on": lambda: _("{tile} on {at}"),
    "nobody draws": lambda: _(
        "seat {seat} cannot draw: in {game} nobody draws (the undealt tiles stay out of play), so it passes"
    ),
    "boneyard empty": lambda: _("seat {seat} cannot draw: the boneyard is empty, so it passes"),
    "cannot pass": lambda: _("seat {seat} cannot pass while the boneyard holds {tiles}: draw"),
    # muggins
    "claim first": lambda: _(
        "seat {seat} must first claim the points of the tile it placed "
        "(muggins: 'claim N', 'claim 0' for nothing), not {action}"
    ),
    "claim multiple": lambda: _(
        "seat {seat} cannot claim {claim}: a claim is a multiple of {step}, 0 to {top}"
    ),
    "claim whole": lambda: _(
        "seat {seat} cannot claim {claim}: a claim is a whole number of points, 0 to {top}"
    ),
    "claim whole shown": lambda: _(
        "seat {seat} cannot claim {claim}: a claim is a whole number of shown points, 0 to {top}"
    ),
    "you claim multiple": lambda: _("you cannot claim {claim}: a claim is a multiple of {step}, 0 to {top}"),
    "you claim whole": lambda: _("you cannot claim {claim}: a claim is a whole number of points, 0 to {top}"),
    "you claim whole shown": lambda: _(
        "you cannot claim {claim}: a claim is a whole number of shown points, 0 to {top}"
    ),
    "claimed too little": lambda: _(
        "seat {placer} claimed too little: seat {seat} first calls muggins or lets it go, not {action}"
    ),
    "no muggins": lambda: _("{action} is a muggins step, and {game} is played without muggins"),
    "nothing to claim": lambda: _("seat {seat} has nothing to claim: a claim follows a placement"),
    "no call": lambda: _("seat {seat} cannot {action}: only a claim short of a placement's points allows it"),
    # actions and games asked for in a form the engine cannot read or use
    "bad claim": lambda: _("a claim is a whole number of points, 0 or more, not {claim}"),
    "unknown act": lambda: _("unknown act {act}: give 'play', 'draw' or 'pass'"),
    "unreadable action": lambda: _("cannot read action {text}: give 'draw', 'pass' or 'tile@tile:slot'"),
    "unreadable claim": lambda: _(
        "cannot read {text}: a claim is 'claim N', N a whole number (0 for nothing)"
    ),
    "bad seed": lambda: _(
        "seed must be a whole number, a random.Random or None, not {seed}: "
        "game records store it as an integer"
    ),
    "scores per side": lambda: _("{given} scores given for {sides} sides"),
    "not a step": lambda: _("cannot push {step}: push an Action, a Deal or a Lead"),
    "no new round": lambda: _("the game is over: no new round"),
    "round going on": lambda: _("round {n} is still being played"),
    "leader first": lambda: _("the round dealt needs its leader first"),
    "hands per seat": lambda: _("{given} hands given for {players} players"),
    "hand size": lambda: _(
        "seat {seat} is dealt {dealt} tiles; {game} deals {n} to each of {players} players"
    ),
    "not the set": lambda: _("hands and boneyard must hold the 28 tiles once each"),
    "twice": lambda: _("; twice: {tiles}"),
    "missing": lambda: _("; missing: {tiles}"),
    "leader once": lambda: _("a leader is chosen once a round is dealt, and once"),
    "leader chosen by": lambda: _("the leader is chosen by {by} here, not {asked}"),
    "nothing to undo": lambda: _("nothing to take back: the game's history is empty"),
    "nobody can lead": lambda: _("no seat holds a tile, so nobody can lead"),
    "bot illegal": lambda: _("bot {bot} chose {choice}, which is not legal: {why}"),
    "endless": lambda: _("the game did not end within {rounds} rounds"),
    "tell width": lambda: _("width is a whole number of columns, 20 or more, not {width}"),
    "walkthrough boards": lambda: _(
        "boards is how many placements go between two pictures of the layout, 1 or more, not {boards}"
    ),
    # tiles
    "unreadable tile": lambda: _(
        "cannot read tile {value}: write it as 'a|b' with pips 0..6, "
        "for example '1|4', '[1|4]', '4|1' or '1-4'"
    ),
    "tile halves": lambda: _("cannot read tile {value}: the halves must be integers"),
    "not a tile": lambda: _("cannot read tile {value}: expected a string like '1|4' or a pair of pips"),
    "tile pips": lambda: _("cannot read tile {value}: each half must be a pip count 0..6"),
    "not tiles": lambda: _(
        "cannot read tiles from {value}: give a string such as '1|4 6|6' or a list of tiles"
    ),
    # settlements asked for by hand
    "settle hands": lambda: _("settle needs one hand (a list of tiles) per seat, not {hands}"),
    "domino seat": lambda: _("domino_seat {seat} is not a seat of {players} players"),
    "still holds": lambda: _("seat {seat} still holds {hand}, so it did not play its last tile"),
    "held and placed": lambda: _("{tile} is held by seat {seat} but is on the layout"),
    "held twice": lambda: _("{tile} is held twice by seat {seat}"),
    "held by two": lambda: _("{tile} is held by seat {first} and by seat {seat}"),
    "cannot settle": lambda: _("cannot settle these hands: {why}; a double-six set has one of each tile"),
    "round5": lambda: _("round5 rounds a whole number of pips, not {n}"),
    "tally": lambda: _("cannot tally {points}: give a score (a number of points)"),
    "unit": lambda: _("unit must be 'raw' or 'shown', not {unit}"),
    # games and their settings
    "unknown game": lambda: _("unknown game {name}; known: {known}"),
    "muggins switch": lambda: _(
        "{name} names no game: muggins is a switch of every fives game (muggins=True), "
        "not a game of its own; known games: {known}"
    ),
    "by players": lambda: _(
        "{name} must map player counts to whole numbers, e.g. {{2: 9, 3: 7, 4: 5}}; got {value}"
    ),
    "rules name": lambda: _("name must be a string, not {value}"),
    "switch": lambda: _("{name} must be true or false, not {value}"),
    "moduli": lambda: _("count_moduli must be whole numbers of 2 or more, e.g. (5,) or (3, 5); got {value}"),
    "whole setting": lambda: _("{name} must be a whole number, not {value}"),
    "divisor": lambda: _("score_divisor must be 1 (raw) or 5 (shown), not {value}"),
    "going out points": lambda: _("going_out_points must be 0 or more, not {value}"),
    "players range": lambda: _("players must lie within 2..4, got {low}..{high}"),
    "hand size setting": lambda: _("hand size for {players} players must be 1..{top}, got {value}"),
    "target setting": lambda: _("target for {players} players must be positive, got {value}"),
    "exact target": lambda: _(
        "exact_target needs target_check 'instant': a score that reaches the target exactly "
        "ends the game at once, as no later score may pass it"
    ),
    "muggins needs scoring": lambda: _(
        "muggins claims the points of placements, and in {game} placements score nothing: "
        "muggins needs placement_scoring"
    ),
    "one of": lambda: _("{name} must be one of {known}; got {value}"),
    "player count": lambda: _("{game} is played by {low} to {high} players, not {value}"),
    "unknown settings": lambda: _("unknown rule setting(s) {names}; known: {known}"),
    "rules object": lambda: _("rules must be an object, not {type}"),
    "rules map": lambda: _("rules.{name} must map player counts to numbers"),
    # game records: what a record says that the format or the rules refuse
    "record: a record is written from a": lambda: _("a record is written from a dl.Game, not {value}"),
    "record: expected records (a list of record": lambda: _(
        "expected records (a list of record objects), got {type}"
    ),
    "record: records are read from text (JSON),": lambda: _("records are read from text (JSON), not {type}"),
    "record: no game record found: the input": lambda: _("no game record found: the input is empty"),
    "record: holds games 1 to , not": lambda: _("{p} holds games 1 to {count}, not {value}"),
    "record: give the path of a .json": lambda: _("give the path of a .json or .jsonl file, not {path}"),
    "record: missing": lambda: _("missing"),
    "record: expected , got": lambda: _("expected {types}, got {v}"),
    "record: expected a tile 'a|b', got": lambda: _("expected a tile 'a|b', got {value}"),
    "record: tile is not canonical: write (low": lambda: _(
        "tile {value} is not canonical: write {t} (low half first)"
    ),
    "record: expected an object": lambda: _("expected an object"),
    "record: names no preset, yet the rules": lambda: _(
        "{name} names no preset, yet the rules are exactly those of {preset}{switch}; write variant "
        "{preset} (known variants: {presets})"
    ),
    "record: a record is a JSON object,": lambda: _("a record is a JSON object, got {type}"),
    "record: unknown format (expected , or with": lambda: _(
        "unknown format {fmt} (expected {format}, or {format_muggins} with muggins)"
    ),
    "record: must be true or false": lambda: _("must be true or false"),
    "record: is played by to players, not": lambda: _(
        "{name} is played by {min_players} to {max_players} players, not {players}"
    ),
    "record: a game played with muggins is": lambda: _(
        "a game played with muggins is a {format_muggins} record, and only such a game (here rules.muggins "
        "is {muggins})"
    ),
    "record: does not agree with players and": lambda: _(
        "{sides} does not agree with {players} players and partnerships={partnerships} (expected {expected})"
    ),
    "record: expected an integer or null": lambda: _("expected an integer or null"),
    "record: a record holds at least one": lambda: _("a record holds at least one round"),
    "record: the game is over ( )": lambda: _("the game is over ({outcome}) but 'result' is null"),
    "record: the winner is side , not": lambda: _("the winner is side {winner}, not {winner2}"),
    "record: the final scores are , not": lambda: _("the final scores are {scores}, not {scores2}"),
    "record: cannot write a record that contains": lambda: _("cannot write a record that contains itself"),
    "record: cannot read :": lambda: _("cannot read {p}: {value}"),
    "record: cannot read : not UTF-8 text": lambda: _("cannot read {p}: not UTF-8 text"),
    "record: unknown variant : rules.name names no": lambda: _(
        "unknown variant {name}: rules.name names no preset ({presets}), so rules must give every setting; "
        "missing {missing}"
    ),
    "record: expected , got+": lambda: _("expected {i}, got {number}"),
    "record: hands for players": lambda: _("{hands} hands for {players} players"),
    "record: seat is not a seat of": lambda: _("seat {seat} is not a seat of {players} players"),
    "record: is not one of": lambda: _("{by} is not one of {leader_by}"),
    "record: expected numbers": lambda: _("expected {nsides} numbers"),
    "record: expected an object or null": lambda: _("expected an object or null"),
    "record: is not a side index": lambda: _("{w} is not a side index"),
    "record: a placement scores whole points, not": lambda: _(
        "a placement scores whole points, not {points}"
    ),
    "record: the game was already over after": lambda: _("the game was already over after round {i}"),
    "record: the leader is chosen by here,": lambda: _("the leader is chosen by {leader_by} here, not {by}"),
    "record: the round ended ( ) but": lambda: _("the round ended ({end_reason}) but 'end' is null"),
    "record: the round ends by , not": lambda: _("the round ends by {end_reason}, not {reason}"),
    "record: the round's winner is , not": lambda: _("the round's winner is {winner}, not {winner2}"),
    "record: the scores are , not": lambda: _("the scores are {scores}, not {scores2}"),
    "record: the game is not over, so": lambda: _("the game is not over, so 'result' must be null"),
    "record: the game is not over after": lambda: _(
        "the game is not over after its last round (no side alone on top of the target): a finished record "
        "needs the next round"
    ),
    "record: not JSON ( at column )": lambda: _("not JSON ({msg} at column {colno})"),
    "record: expected a list of tiles": lambda: _("expected a list of tiles"),
    "record: seat is not a seat of+": lambda: _("seat {s} is not a seat of {players} players"),
    "record: is not": lambda: _("{act} is not {known}"),
    "record: expected a whole number of points,": lambda: _(
        "expected a whole number of points, got {points}"
    ),
    "record: only the last round may be": lambda: _("only the last round may be unfinished"),
    "record: is not domino, blocked or target": lambda: _("{reason} is not 'domino', 'blocked' or 'target'"),
    "record: is not a side index or": lambda: _("{w} is not a side index or null"),
    "record: expected numbers or null": lambda: _("expected {nsides} numbers or null"),
    "record: the round already ended ( )": lambda: _(
        "the round already ended ({end_reason}) after action {k}; no action may follow"
    ),
    "record: seat is to move, not seat": lambda: _("seat {to_move} is to move, not seat {seat}"),
    "record: the next tile of the boneyard": lambda: _(
        "the next tile of the boneyard is {boneyard}, not {tile}"
    ),
    "record: muggins takes the the claim missed,": lambda: _(
        "muggins takes the {points} the claim missed, not {points2}"
    ),
    "record: the round is not over after": lambda: _(
        "the round is not over after its {actions} actions (seat {to_move} is to move)"
    ),
    "record: a round ended by the target": lambda: _("a round ended by the target has no settlement"),
    "record: the settlement is , not": lambda: _("the settlement is {want}, not {st}"),
    "record: expected a number, got": lambda: _("expected a number, got {points}"),
    "record: the end sum is , not": lambda: _("the end sum is {sum}, not {sum2}"),
    "record: the placement scores , not": lambda: _("the placement scores {points}, not {points2}"),
    "record: expected null or tile, slot": lambda: _("expected null or {{tile, slot}}"),
    "record: unknown slot ; known:": lambda: _("unknown slot {slot}; known: {slots}"),
    "record: switch": lambda: _(" apart from the partnerships switch, a table choice"),
    # leaders
    "lead passes left": lambda: _(
        "seat {leader} cannot lead: in {game} the lead passes to the left, from seat {last} to seat {seat}"
    ),
    "last tile leads": lambda: _("seat {leader} cannot lead: seat {seat} played its last tile and leads"),
    "highest double leads": lambda: _(
        "seat {leader} cannot lead: in {game} the highest double leads, held by seat {seat}"
    ),
    "heaviest tile leads": lambda: _(
        "seat {leader} cannot lead: in {game} the heaviest tile leads, held by seat {seat}"
    ),
    "no such leader": lambda: _("leader {leader} is not a seat of {players} players"),
    "no such seat": lambda: _("seat {seat} is not a seat of {players} players (0 to {top})"),
    # the board
    "unreadable point": lambda: _(
        "cannot read point {value}: write it as 'tile:slot', for example '1|4:low'"
    ),
    "not a point": lambda: _("cannot read point {value}: give (tile, slot), 'tile:slot' or an OpenPoint"),
    "unreadable placement": lambda: _(
        "cannot read placement {value}: write 'tile' for a lead or 'tile@tile:slot'"
    ),
    "unknown slot": lambda: _("unknown slot {slot} in {asked}; known slots: {known}"),
    "empty undo": lambda: _("nothing to undo: the layout is empty"),
    "unknown example": lambda: _("unknown example {name}; known: {known}"),
    "no rule": lambda: _("no rule {value} in the catalogue; ids: {ids}"),
    "no solved table": lambda: _("no 'solved' table"),
    "progress part": lambda: _("its '{part}' table is not a table"),
    "not a progress file": lambda: _(
        "{path} is not a dominolab progress file ({error}); move it away, or call dl.reset_progress() to start afresh"  # noqa: E501
    ),
    "needs plotly": lambda: _("pictures are drawn by dominolab.picture, which needs plotly"),
    "no half": lambda: _("{tile} has no half {half}"),
    "already placed": lambda: _("{tile} is already on the layout {layout}"),
    "not placed": lambda: _("{tile} is not on the layout {layout}"),
    "has a lead": lambda: _(
        "cannot lead {tile}: the round already has its lead {first}; say where {tile} goes (at=tile:slot)"
    ),
    "must lead": lambda: _("cannot place {tile} on {at}: the layout is empty, so {tile} must lead (at=None)"),
    "point not placed": lambda: _("cannot place {tile} on {at}: {point} is not on the layout {layout}"),
    "closed": lambda: _("cannot place {tile} on {at}: {reason}"),
    "no match": lambda: _("{tile} does not match {at} ({value})"),
    "not a double": lambda: _("{tile} is not a double; its slots are low and high"),
    "not a spinner": lambda: _("{tile} is not a spinner, so it has no branches (only line-a and line-b)"),
    "double slots": lambda: _("{tile} is a double; its slots are {slots}"),
    "connected by": lambda: _("{tile} is connected to {other} by its {slot}"),
    "slot taken": lambda: _("{tile}:{slot} is already taken by {other}"),
    "both": lambda: _("{first} and {last}"),
    "branches closed": lambda: _(
        "the branches of spinner {tile} open only once both line slots are occupied ({free} still free)"
    ),
    "slot closed": lambda: _("{tile}:{slot} is not open"),
    "empty layout": lambda: _("(empty)"),
}


def json_type(kind: str) -> str:
    """A kind of JSON value, as a record problem names it: ``an object``, ``a list``…"""
    return {
        "dict": _("an object"),
        "list": _("a list"),
        "str": _("a string"),
        "int": _("an integer"),
        "float": _("a number"),
        "bool": _("true or false"),
        "NoneType": _("null"),
    }.get(kind, kind)


def alternatives(options: Sequence[str]) -> str:
    """``an object or null``."""
    return _(" or ").join(options)


def field(where: str, name: str) -> str:
    """Where in a record: ``game 1, round 2, field 'hands'``."""
    return _("{where}, field '{name}'").format(where=where, name=name)


def where_record(number: int | None = None) -> str:
    """``record`` or ``record 3``."""
    return _("record") if number is None else _("record {n}").format(n=number)


def where_round(where: str, number: int) -> str:
    """``…, round 2``."""
    return _("{where}, round {n}").format(where=where, n=number)


def where_action(where: str, number: int) -> str:
    """``…, action 4``."""
    return _("{where}, action {n}").format(where=where, n=number)


def where_line(source: object, number: int) -> str:
    """``games.jsonl: line 3``."""
    return _("{source}: line {n}").format(source=source, n=number)


def where_game(source: object, number: int, line: int | None = None) -> str:
    """``games.jsonl: game 2 (line 3)``."""
    if line is None:
        return _("{source}: game {n}").format(source=source, n=number)
    return _("{source}: game {n} (line {line})").format(source=source, n=number, line=line)


# -- muggins claims -------------------------------------------------------------------


def claim_text(who: str, claimed: int, scored: int, caller: str, you: bool = False) -> str:
    """A claim in words, with what follows from it (:mod:`dominolab.muggins`); ``you``: the
    learner claims (``You claim 10: right, and it scores.``)."""
    verdict = "right" if claimed == scored else ("short" if claimed < scored else "over")
    said = _("nothing") if claimed == 0 else str(claimed)
    f = {"who": who, "said": said, "points": scored, "caller": caller}
    if verdict == "right":
        if you:
            text = (
                _("You claim {said}: right, and it scores.")
                if scored
                else _("You claim {said}: right (the count scores nothing).")
            )
        else:
            text = (
                _("{who} claims {said}: right, and it scores.")
                if scored
                else _("{who} claims {said}: right (the count scores nothing).")
            )
    elif verdict == "over":
        text = (
            _("You claim {said}, but the placement scores {points}: too much, so nobody scores it.")
            if you
            else _("{who} claims {said}, but the placement scores {points}: too much, so nobody scores it.")
        )
    else:
        text = (
            _(
                "You claim {said}, but the placement scores {points}: nothing for you, "
                "and {caller} may call muggins and take the {points}."
            )
            if you
            else _(
                "{who} claims {said}, but the placement scores {points}: nothing for {placer}, "
                "and {caller} may call muggins and take the {points}."
            )
        )
    return text.format(placer=who[:1].lower() + who[1:], **f)


# -- settlements ----------------------------------------------------------------------


def settlement_line(key: str, **facts: object) -> str:
    """One line of a settlement, by what happened (``key``) and its ``facts``."""
    f = dict(facts)
    n = int(f.get("n", 1))  # type: ignore[call-overload]
    if "side" in f and "sides" in f:
        sides = f.pop("sides")
        side = f.pop("side")
        n = _one(sides, side)  # type: ignore[arg-type]
        f["who"] = side_name(sides, side)  # type: ignore[arg-type]
    if "unit" in f:
        unit = f.pop("unit")
        for k in ("amount", "loss", "change"):
            if k in f:
                f[k] = points(f[k], "shown") if unit == "shown" else score(f[k])  # type: ignore[arg-type]
    if "held" in f:
        f["hand"] = hand(f.pop("held"))  # type: ignore[arg-type]
    if "pips" in f and isinstance(f["pips"], int):
        f["pips_text"] = pips(f["pips"])
    if "ntiles" in f:
        f["tiles_text"] = tiles(f["ntiles"])  # type: ignore[arg-type]
    return _SETTLEMENT[key](n).format(**f)


_SETTLEMENT = {
    "out, ends": lambda n: _("Seat {seat} played its last tile and ends the round."),
    "out second, ends": lambda n: _(
        "Seat {seat} played its last tile, the second of its side to go out, and ends the round."
    ),
    "blocked, empty": lambda n: _("The round is blocked: nobody can play and the boneyard is empty."),
    "blocked, nobody draws": lambda n: _("The round is blocked: nobody can play (in {game} nobody draws)."),
    "not counted": lambda n: _("In {game} the tiles left in hand are not counted: nothing is paid."),
    "out, wins": lambda n: _("Seat {seat} played its last tile and wins the round."),
    "out": lambda n: _("Seat {seat} played its last tile."),
    "blocked, no winner": lambda n: _("The round is blocked: it has no winner."),
    "each loses": lambda n: _("Every seat loses its own pips, rounded to five, divided by five:"),
    "holds": lambda n: _("Seat {seat} holds {hand} = {pips_text}."),
    "holds, rounded": lambda n: _("Seat {seat} holds {hand} = {pips_text} → round5 = {rounded}."),
    "holds, loses": lambda n: _("Seat {seat} holds {hand} = {pips_text} → round5 = {rounded} → -{loss}."),
    "holds none": lambda n: _("Seat {seat} holds no tiles = 0 pips → round5 = 0 → nothing to deduct."),
    "holds, nothing": lambda n: _(
        "Seat {seat} holds {hand} = {pips_text} → round5 = {rounded} → nothing to deduct."
    ),
    "partners rounded": lambda n: _("Partners are rounded separately, then both losses go to the side."),
    "side change": lambda n: _("{who}: {change}."),
    "side no change": lambda n: _("{who}: no change."),
    "blocked pays nothing": lambda n: _("A blocked round has no winner: nothing is paid."),
    "side pips": lambda n: _("{who}: {pips_text}{more}."),
    "in tiles": lambda n: _(" in {tiles_text}"),
    "tie broken": lambda n: _n(
        "Lowest total {low} is tied; fewer tiles breaks the tie: {who} has {tiles_text}.",
        "Lowest total {low} is tied; fewer tiles breaks the tie: {who} have {tiles_text}.",
        n,
    ),
    "tie stays": lambda n: _(
        "Lowest total {low} is tied; fewer tiles breaks the tie, but they are still tied."
    ),
    "lowest wins": lambda n: _n(
        "{who} has the lowest total and wins the round.",
        "{who} have the lowest total and win the round.",
        n,
    ),
    "split": lambda n: _(
        "Two seats tie for the lowest total ({low}): the third hand, {third} pips → round5 = {rounded}, "
        "is split equally: {half} each."
    ),
    "tied, nothing": lambda n: _("The lowest total ({low}) is tied: nobody wins and nothing is paid."),
    "pooled": lambda n: _(
        "The opponents' pips are pooled and rounded once: {sum} = {total} → round5 = {rounded}."
    ),
    "as they are": lambda n: _("The opponents' pips are counted as they are, not rounded: {sum}."),
    "each rival": lambda n: _("Each rival is rounded separately: {sum} = {total}."),
    "receives": lambda n: _n("{who} receives {amount}.", "{who} receive {amount}.", n),
}


# -- round and game ends --------------------------------------------------------------


def game_outcome(
    sides: Sequence[Sequence[int]], winner: int, values: Sequence[int | Fraction], rounds: int, mid: bool
) -> str:
    """``Seat 0 wins after 6 rounds (the target reached in mid-round); scores: …``."""
    n = _one(sides, winner)
    how = _("the target reached in mid-round") if mid else _("after the round was settled")
    played = _n("{n} round", "{n} rounds", rounds).format(n=rounds)
    return _n(
        "{who} wins after {rounds} ({how}); scores: {scores}",
        "{who} win after {rounds} ({how}); scores: {scores}",
        n,
    ).format(who=side_name(sides, winner), rounds=played, how=how, scores=scores(sides, values))


def reaches_target(sides: Sequence[Sequence[int]], side: int | None, settled: bool = False) -> str:
    """A side reaches the target in mid-round: the game ends at once."""
    if side is None:
        return _("A side reaches the target: the game ends at once, with no settlement.")
    n = _one(sides, side)
    if settled:
        text = _n(
            "{who} reaches the target: the game ends at once.",
            "{who} reach the target: the game ends at once.",
            n,
        )
    else:
        text = _n(
            "{who} reaches the target: the game ends at once, with no settlement.",
            "{who} reach the target: the game ends at once, with no settlement.",
            n,
        )
    return text.format(who=side_name(sides, side))


def round_over(domino: bool, number: int | None = None) -> str:
    """``Round over: a seat played its last tile.``; with its number, ``Round 2 over: …``."""
    if number is not None:
        if domino:
            return _("Round {n} over: a seat played its last tile.").format(n=number)
        return _("Round {n} over: nobody can play.").format(n=number)
    if domino:
        return _("Round over: a seat played its last tile.")
    return _("Round over: nobody can play.")


def wins_game(sides: Sequence[Sequence[int]], side: int) -> str:
    """``Seat 0 wins the game.``"""
    return _n("{who} wins the game.", "{who} win the game.", _one(sides, side)).format(
        who=side_name(sides, side)
    )


def game_is_over(sides: Sequence[Sequence[int]], side: int) -> str:
    """``The game is over: Seat 0 wins.``"""
    return _n("The game is over: {who} wins.", "The game is over: {who} win.", _one(sides, side)).format(
        who=side_name(sides, side)
    )


def round_starts(number: int, seat_: int, by: str) -> str:
    """``Round 2: seat 1 leads (last tile).``"""
    return _("Round {n}: seat {seat} leads ({by}).").format(
        n=number, seat=seat_, by=leader_by(by) if by else ""
    )


def sentence(text: str) -> str:
    """A clause as a sentence: capital first, full stop last."""
    return capital(text) + "."


# -- the game and the board in a few lines ----------------------------------------------


def game_state(number: int, to_move: int) -> str:
    """``round 2, seat 1 to move``."""
    return _("round {n}, seat {seat} to move").format(n=number, seat=to_move)


def game_summary(
    name: str,
    players: int,
    seed: int | None,
    state: str,
    sides: Sequence[Sequence[int]],
    values: Sequence[int | Fraction],
    hands: Sequence[Sequence[object]],
    drawing: bool,
    stock: int,
    board: str,
) -> str:
    """A game in a few lines (``str(game)``)."""
    if seed is None:
        head = _("{game}, {players} players: {state}.")
    else:
        head = _("{game}, {players} players, seed {seed}: {state}.")
    lines = [head.format(game=name, players=players, seed=seed, state=state)]
    lines += [f"  {side_name(sides, i)}: {score(x)}" for i, x in enumerate(values)]
    for s, h in enumerate(hands):
        held = " ".join(f"[{t}]" for t in h) or "-"
        lines.append("  " + _("seat {seat} hand: {hand}").format(seat=s, hand=held))
    if drawing:
        lines.append("  " + _("boneyard: {tiles}").format(tiles=tiles(stock)))
    else:
        lines.append("  " + _("out of play: {tiles} (nobody draws)").format(tiles=tiles(stock)))
    lines.extend("  " + x for x in board.splitlines())
    return "\n".join(lines)


def board_summary(
    name: str,
    count: int,
    tree: Sequence[tuple[int, str | None, object, bool]],
    opens: Sequence[tuple[str, int]],
    equation: str | None,
    scored: int | None,
) -> str:
    """A layout in a few lines (``str(board)``): the tree of tiles, the open points, the count."""
    if not count:
        return _("{game}: empty layout").format(game=name)
    lines = [f"{name}: {tiles(count)}"]
    for depth, via, tile, spinner in tree:
        mark = " " + _("(spinner)") if spinner else ""
        lines.append(f"{'  ' * depth}{'' if via is None else via + ' -> '}[{tile}]{mark}")
    shown = ", ".join(f"{p} ({v})" for p, v in opens)
    lines.append("  " + _("open: {points}").format(points=shown or _("none")))
    if equation is not None:
        lines.append("  " + _("count: {equation} -> {points}").format(equation=equation, points=scored))
    else:
        lines.append("  " + _("placements score nothing in {game}").format(game=name))
    return "\n".join(lines)


# -- a round walked through (dl.walkthrough) ----------------------------------------------


def walk_deal(number: int, name: str, players: int, dealt: int, stock: int, drawing: bool) -> str:
    """The first line of a walkthrough: the deal."""
    if drawing:
        text = _(
            "Round {n} of {game}, {players} players: each seat is dealt {dealt} tiles, "
            "and {stock} stay face down in the boneyard."
        )
    else:
        text = _(
            "Round {n} of {game}, {players} players: each seat is dealt {dealt} tiles, "
            "and {stock} stay out of play, face down."
        )
    return text.format(n=number, game=name, players=players, dealt=dealt, stock=stock)


def walk_holds(seat_: int, held: Iterable[object]) -> str:
    """``  Seat 0 holds [1|4] [6|6].``"""
    return "  " + _("Seat {seat} holds {hand}.").format(seat=seat_, hand=hand(held))


def walk_leader(why: str, seat_: int) -> str:
    """``Who leads: a lot chooses who leads…. Seat 1 leads.``"""
    return _("Who leads: {why}. Seat {seat} leads.").format(why=why, seat=seat_)


def ends_text(values: Iterable[int]) -> str:
    """``a 2, a 3 or a 5``: the numbers the open points show."""
    return either([_("a {n}").format(n=v) for v in sorted(set(values))])


def walk_play(
    seat_: int,
    tile: object,
    at: object | None,
    shows: int | None,
    count: str | None = None,
    kind: str = "",
    scored: int = 0,
    sums: str = "",
    unit: str = "raw",
    divisor: int = 1,
) -> str:
    """A placement walked through: where it goes, the count, what it scores and why; with
    ``count=None`` (a game where placements score nothing) only where it goes."""
    if at is None:
        move = _("Seat {seat} leads {tile}").format(seat=seat_, tile=tile)
    else:
        move = _("Seat {seat} plays {tile} on {at} (it shows a {value})").format(
            seat=seat_, tile=tile, at=at, value=shows
        )
    if count is None:
        return move + "."
    if scored:
        got = points(scored, unit)
        if unit == "shown":
            got += " " + _("({raw} raw / 5)").format(raw=scored * divisor)
        how = _("{kind}: it scores {sums}{points}").format(
            kind=kind, sums=f"{sums} = " if sums else "", points=got
        )
    else:
        how = _("{kind}: no score").format(kind=kind)
    return _("{move}: the count is {count}, {how}.").format(move=move, count=count, how=how)


def walk_draw(seat_: int, ends: str, tile: object, plays: bool) -> str:
    """A draw walked through."""
    if plays:
        text = _(
            "Seat {seat} has no tile showing {ends}, so it draws: {tile} — "
            "it plays, so it must be placed at once."
        )
    else:
        text = _("Seat {seat} has no tile showing {ends}, so it draws: {tile} — it does not play.")
    return text.format(seat=seat_, ends=ends, tile=tile)


def walk_pass(seat_: int, ends: str, drawing: bool, name: str) -> str:
    """A pass walked through."""
    if drawing:
        text = _("Seat {seat} has no tile showing {ends}, and the boneyard is empty: it passes.")
    else:
        text = _("Seat {seat} has no tile showing {ends}, and nobody draws in {game}: it passes (knocks).")
    return text.format(seat=seat_, ends=ends, game=name)


def walk_scores(number: int, sides: Sequence[Sequence[int]], values: Sequence[int | Fraction]) -> str:
    """``Scores after round 1: Seat 0 15, Seat 1 0.``"""
    return _("Scores after round {n}: {scores}.").format(n=number, scores=scores(sides, values))


def walk_next(text: str) -> str:
    """``Next: …``: who leads the next round."""
    return _("Next: {text}.").format(text=text)


def going_out(seat_: int, bonus: int, with_placement: int | None) -> str:
    """A seat went out where the rules give a point for it (fives-and-threes)."""
    if with_placement is None:
        text = _n(
            "Seat {seat} is out: {n} point for going out.",
            "Seat {seat} is out: {n} points for going out.",
            bonus,
        )
    else:
        text = _n(
            "Seat {seat} is out: {n} point for going out, scored with the placement: {total} in all.",
            "Seat {seat} is out: {n} points for going out, scored with the placement: {total} in all.",
            bonus,
        )
    return text.format(seat=seat_, n=bonus, total=with_placement)


def partner_still_in(seat_: int) -> str:
    """A seat is out but its partner holds tiles, where the round goes on until both are out."""
    return _(
        "Seat {seat} has played its last tile, but its partner still holds tiles: the round "
        "goes on until both are out, and seat {seat} is skipped."
    ).format(seat=seat_)


def disregarded(sides: Sequence[Sequence[int]], side: int, value: int | Fraction, target: int) -> str:
    """A score that would pass an exact target is disregarded."""
    return _n(
        "{who} has {score}: with these points it would pass {target}, so they are disregarded "
        "(only exactly {target} wins).",
        "{who} have {score}: with these points it would pass {target}, so they are disregarded "
        "(only exactly {target} wins).",
        _one(sides, side),
    ).format(who=side_name(sides, side), score=score(value), target=target)


# -- the command line -----------------------------------------------------------------


def cli(key: str, **facts: object) -> str:
    """A sentence of the command line (its help, its messages), by ``key``."""
    return _CLI[key]().format(**facts)


_CLI = {
    "description": lambda: _("Play, record, replay and check games of the fives domino family."),
    "usage error": lambda: _("{prog}: error: {message} (see --help)"),
    "help lang": lambda: _("the language to speak (default: the environment's, else English)"),
    "help simulate": lambda: _("play many games between bots and write their records"),
    "help variant": lambda: _("one of {known}"),
    "help players": lambda: _("2, 3 or 4"),
    "help seed": lambda: _("game i uses seed+i"),
    "help bots": lambda: _("one bot for every seat, or a comma list per seat; known: {known}"),
    "help out": lambda: _("write the records here (.jsonl or .json)"),
    "help partnerships": lambda: _("at 4 players, play in partnerships (default: as the preset says)"),
    "help workers": lambda: _("local processes to use (0: one per core)"),
    "help scheduler": lambda: _(
        "run on an existing Dask cluster, e.g. tcp://host:8786 (needs: pip install dominolab[cluster])"
    ),
    "help chunk": lambda: _("games per task sent to a worker (default 50)"),
    "help quiet": lambda: _("no progress bar"),
    "help muggins": lambda: _("placement points are claimed (bots claim right); records @2"),
    "help replay": lambda: _("show a recorded game action by action"),
    "help game": lambda: _("which game of the file (from 1)"),
    "help check": lambda: _("replay every record and report any that breaks a rule"),
    "help review": lambda: _("one seat's turns: what each scored, and the most it could have"),
    "help seat": lambda: _("the seat to review (default 0)"),
    "help json": lambda: _("the review as JSON"),
    "help expert": lambda: _("also what the expert bot plays (slower)"),
    "help score": lambda: _("trace the count after each placement"),
    "help moves": lambda: _("the lead tile, then tile@tile:slot, e.g. 1|1@1|4:low"),
    "help largest": lambda: _("the largest count (or score) any layout can reach, with one"),
    "help tiles": lambda: _("only these tiles (default: all 28)"),
    "help max nodes": lambda: _("give up a search after so many layouts"),
    "help handouts": lambda: _(
        "print the teacher's kit to PDFs: rules cards, score sheets, puzzle sheets with answers"
    ),
    "help handouts out": lambda: _("the folder to write (default: handouts)"),
    "help handouts seed": lambda: _("the puzzle set: another seed prints other puzzles"),
    "help only": lambda: _("only these files of the kit"),
    "at least 1": lambda: _("{option} must be at least 1, not {value}"),
    "scheduler or workers": lambda: _(
        "give --scheduler (a Dask cluster) or --workers (local processes), not both"
    ),
    "played on": lambda: _("played on the Dask cluster at {address}"),
    "written to": lambda: _("records written to {path}"),
    "needs dask": lambda: _(
        "--scheduler needs Dask's distributed scheduler: pip install 'dominolab[cluster]'"
    ),
    "no scheduler": lambda: _("cannot reach the Dask scheduler at {address}: {error}"),
    "replay head": lambda: _("game {n} of {file}: {game}, {players} players, seed {seed}"),
    "scores": lambda: _("Scores: {scores}"),
    "move": lambda: _("move {n} {move}: {error}"),
    "contributions": lambda: _("contributions: {parts}"),
    "count": lambda: _("count {equation} → {points}"),
    "no layout": lambda: _("no layout of these tiles scores"),
    "placements": lambda: _("placements: {moves}"),
    "error": lambda: _("dominolab {command}: error: {error}"),
    "interrupted": lambda: _("interrupted"),
}


def cli_pdfs(n: int, folder: str) -> str:
    """``3 PDFs in handouts/``."""
    return _n("{n} PDF in {folder}/", "{n} PDFs in {folder}/", n).format(n=n, folder=folder)


def cli_checked(records: int, problems: int) -> str:
    """``4 records checked, 0 broke a rule``."""
    checked = _n("{n} record checked", "{n} records checked", records).format(n=records)
    broke = _n("{n} broke a rule", "{n} broke a rule", problems).format(n=problems)
    return f"{checked}, {broke}"


def cli_searched(nodes: int, search: bool, seconds: float) -> str:
    """``1,234 layouts searched in 0.52 s``."""
    if search:
        text = _n("{n} layout searched in {s} s", "{n} layouts searched in {s} s", nodes)
    else:
        text = _n(
            "{n} solver node (integer program) in {s} s", "{n} solver nodes (integer program) in {s} s", nodes
        )
    return text.format(n=f"{nodes:,}", s=f"{seconds:.2f}")


# -- feedback: puzzles, challenges, exercises ---------------------------------------------


def feedback(key: str, **facts: object) -> str:
    """A sentence of feedback on an answer (or on a question asked wrongly), by ``key``."""
    return _FEEDBACK[key]().format(**facts)


_FEEDBACK = {
    "exercise not answered": lambda: _(
        "Not answered yet: replace None with your answer and run the cell again."
    ),
    "exercise right": lambda: _("Right! {why}"),
    "not quite": lambda: _("Not quite ({answer})"),
    "mind the sign": lambda: _(
        ": mind the sign. The question asks how many points, a number of 0 or more, not the change to a score"
    ),
    "too high": lambda: _(": too high"),
    "too low": lambda: _(": too low"),
    "with hint": lambda: _("{said}. Hint: {hint}"),
    "still stuck": lambda: _("Still stuck? dl.exercise({exercise}).reveal() shows the answer and why."),
    "exercise answer": lambda: _("Answer: {answer}. {why}"),
    "double slots": lambda: _("line-a or line-b (and branch-a or branch-b on a spinner)"),
    "tile slots": lambda: _("low or high"),
    "which slot": lambda: _(
        "which slot of {tile}? Write the placement as tile@tile:slot; {tile} has the slots {slots}"
    ),
    "write placement": lambda: _(
        "write the placement as 'tile@tile:slot', like '2|6@6|6:line-b', not {value}"
    ),
    "a number": lambda: _("write a number, such as 15, not {value}"),
    "divides by zero": lambda: _("{value} divides by zero: write a number, such as 2.5 or 5/2"),
    "quotes": lambda: _(
        "put the tile in quotes, like '2|5': without them Python reads 2|5 as a calculation "
        "(your answer came out as the number {n})"
    ),
    "a seat": lambda: _("name a seat by its number, such as 'seat 1', not {value}"),
    "seats": lambda: _("name the seats by their numbers, such as 'seat 1' or 'seats 0+2', not {value}"),
    "yes or no": lambda: _("answer yes or no, not {value}"),
    "needs a board": lambda: _("best_placements needs a Board (dl.Board(...)), not {value}"),
    "puzzle question": lambda: _(
        "{game}: which placement of {hand} scores most? Answer like '2|6@6|6:line-b'."
    ),
    "puzzle ask": lambda: _("{game}: which placement of {hand} scores most?"),
    "puzzle not answered": lambda: _(
        "Not answered yet: replace None with your answer (a placement like '2|6@6|6:line-b') "
        "and run the cell again."
    ),
    "not in the hand": lambda: _("{tile} is not in the hand ({hand})."),
    "placement refused": lambda: _("That placement is refused: {why}."),
    "unreadable answer": lambda: _("That answer cannot be read: {error}"),
    "puzzle right": lambda: _("Right! It scores {points}, more than any other placement."),
    "puzzle legal": lambda: _(
        "Legal, but it scores {points}; one placement scores {best}. "
        "Try each tile on each point: in {game} {scoring}."
    ),
    "puzzle answer": lambda: _("Answer: {answer}, which scores {points}."),
    "puzzle seed": lambda: _("seed must be a whole number, not {value}"),
    "bad rating": lambda: _(
        "a rating is (rating, deviation, volatility): finite numbers, the last two above 0; not {value}"
    ),
    "bad game": lambda: _("a rated game is a pair (opponent's rating, score), not {value}"),
    "bad game score": lambda: _("a game's score is 1 (won), 0.5 (drawn) or 0 (lost), not {value}"),
    "bad tau": lambda: _("tau, the rating system's constant, is a number above 0 and at most 2, not {value}"),
    "bad won": lambda: _("won is True or False, not {value}"),
    "bad streak": lambda: _("a streak is a count of puzzles solved (0 or more), not {value}"),
    "line question": lambda: _(
        "{game}, every hand known, nothing left to draw: you hold {hand}, your rival {theirs}. Play"
        " to the end of the round and gain the most over your rival (your points minus theirs, the"
        " settlement included): {best} at best."
    ),
    "line answer": lambda: _("A best line for you (your rival answering its best): {line}."),
    "turns question": lambda: _(
        "{game}, every hand known, nothing left to draw: you hold {hand}, your rival {theirs}. Score"
        " the most you can be sure of in your next two turns, whatever your rival plays: {best} at best."
    ),
    "turns answer": lambda: _("Your best two turns (your rival answering to keep them lowest): {line}."),
    "turns miss": lambda: _(
        "{move} plays, but from there you can be sure of only {value} in your two turns; {best} is"
        " possible. Taken back: try another move."
    ),
    "turns done": lambda: _("Two turns played: {best}, the most you could be sure of. {stars}"),
    "deny question": lambda: _(
        "{game}, every hand known, nothing left to draw: you hold {hand}, your rival {theirs}. Keep"
        " your rival from scoring in its next two turns, whatever it plays: one move, and one only,"
        " does it."
    ),
    "deny answer": lambda: _("Your moves that keep your rival from scoring (it playing its best): {line}."),
    "deny miss": lambda: _(
        "{move} plays, but from there your rival can be sure of {value} in its next two turns; it"
        " can be held to {best}. Taken back: try another move."
    ),
    "deny done": lambda: _("Your rival's two turns are played: it scored nothing. {stars}"),
    "line goal": lambda: _("unknown goal {value}; the goals: {known}"),
    "turns theme": lambda: _(
        "a two-turn puzzle ends before the round does, so it has no theme such as {theme}: ask for"
        " goal='round'"
    ),
    "line does not play": lambda: _("{tile} plays nowhere now."),
    "line miss": lambda: _(
        "{move} plays, but from there the most you can keep is {value} over your rival; {best} is"
        " possible. Taken back: try another move."
    ),
    "line on": lambda: _("Best so far; your rival answers:"),
    "line done": lambda: _("The round is over: {best} over your rival, the best there was. {stars}"),
    "line difficulty": lambda: _("a line puzzle's difficulty is 1 or 2, not {value}"),
    "difficulty": lambda: _("difficulty must be 1, 2 or 3, not {value}"),
    "no puzzle": lambda: _("no puzzle found"),
    "unknown theme": lambda: _("unknown theme {value}; the themes: {known}"),
    "no theme": lambda: _(
        "no {rules} puzzle of difficulty {difficulty} shows {theme} in {n} seeds from this one: "
        "try another seed"
    ),
}


def leaves(tile: object, at: object | None, equation: str, kind: str, scored: int, unit: str) -> str:
    """A candidate placement and what it leaves: ``5|5 on 1|5:high leaves 1 + 10 + 5 = 16:
    not a multiple of 5, no score``."""
    if scored:
        why = _("{kind}, {points}").format(kind=kind, points=points(scored, unit))
    else:
        why = _("{kind}, no score").format(kind=kind)
    if at is None:
        return _("{tile} as the lead leaves {equation}: {why}").format(tile=tile, equation=equation, why=why)
    return _("{tile} on {at} leaves {equation}: {why}").format(tile=tile, at=at, equation=equation, why=why)


# -- searches ---------------------------------------------------------------------------


def search(key: str, **facts: object) -> str:
    """A sentence of the searches (the endgame, the largest count), by ``key``."""
    return _SEARCH[key]().format(**facts)


_SEARCH = {
    "gains": lambda: _("gains {gains} by {moves} ({n} positions)"),
    "endgame needs a game": lambda: _("endgame searches a dl.Game in mid-round, not {value}"),
    "round over": lambda: _("the round is over: nothing to search"),
    "too many positions": lambda: _("the position needs more than {n} positions: search later in the round"),
    "search stopped": lambda: _(
        "the search stopped after {n} layouts without a proof (best so far {best}); "
        "use method='milp', or give max_nodes=None to wait"
    ),
    "what": lambda: _("what must be 'count' or 'score', not {value}"),
    "method": lambda: _("method must be 'auto', 'search' or 'milp', not {value}"),
    "max nodes": lambda: _("max_nodes must be a whole number of layouts, or None, not {value}"),
    "milp models": lambda: _(
        "the integer program models a score that is the count when it is a multiple of 5; "
        "in {game} {scoring}: use method='search'"
    ),
    "replays as": lambda: _("the {method} answer {value} replays on the engine as {got}"),
    "needs scipy": lambda: _(
        "largest(method='milp') needs scipy: pip install scipy (in the browser, where scipy is not "
        "available, method='auto' gives five-up's stored answer or the engine's search)"
    ),
}


def largest(what: str, name: str, value: int, shown: int | None = None) -> str:
    """``largest count in all-fives: 36``; ``largest score in five-up: 75 = 15 shown points``."""
    if what == "score":
        text = _("largest score in {game}: {value}").format(game=name, value=value)
    else:
        text = _("largest count in {game}: {value}").format(game=name, value=value)
    if shown is not None:
        text += " = " + points(shown, "shown")
    return text


def largest_found(
    what: str, name: str, value: int, equation: str, moves: str, method: str, nodes: int
) -> str:
    """The largest count or score with the layout that reaches it and how it was found."""
    head = largest(what, name, value) + f" ({equation}) " + _("by {moves}").format(moves=moves) + "; "
    if method == "stored":
        how = _("the integer program's stored answer, replayed on the engine (scipy is not available here)")
    elif method == "search":
        how = _n("{n} layout searched", "{n} layouts searched", nodes).format(n=f"{nodes:,}")
    else:
        how = _n("{n} solver node searched", "{n} solver nodes searched", nodes).format(n=f"{nodes:,}")
    return head + how


# -- simulations ------------------------------------------------------------------------


def simulation(key: str, **facts: object) -> str:
    """A sentence of :func:`dominolab.simulate` and its result, by ``key``."""
    return _SIMULATION[key]().format(**facts)


_SIMULATION = {
    "wilson": lambda: _("wilson_interval needs 0 <= wins <= n (whole numbers), not {wins} of {n}"),
    "mean": lambda: _("mean points per round: {mean} ({unit})"),
    "shares": lambda: _("points from placements {placed}%, from settlement {settled}%"),
    "deducted": lambda: _("settlement deducted {points} in all ({per} per round)"),
    "which": lambda: _("dataframe(which={which}): ask for 'games' or 'rounds'"),
    "no rows": lambda: _("the run kept no rows (rows=False): only its running totals"),
    "needs pandas": lambda: _("SimulationResult.dataframe() needs pandas: pip install pandas"),
    "games": lambda: _("games"),
    "bots": lambda: _("bots must be a bot name or one name per seat (known: {known}), not {value}"),
    "bots per seat": lambda: _("{given} bots given for {players} players"),
    "games count": lambda: _("games must be a whole number, 0 or more, not {value}"),
    "seed": lambda: _("seed must be a whole number (game i is played with seed + i), not {value}"),
    "workers": lambda: _("workers must be 1 (this process), more, or None/0 (one per core), not {value}"),
    "chunk": lambda: _("chunk must be a whole number of games, at least 1, not {value}"),
    "window": lambda: _("window must be a whole number of chunks, at least 1, or None, not {value}"),
    "executor": lambda: _(
        "executor must have a submit() method (a concurrent.futures.Executor, or a Dask "
        "client's get_executor()), not {value}"
    ),
    "no processes": lambda: _(
        "this Python cannot start other processes ({error}; in the browser there are none): "
        "the games are played in this one"
    ),
    "chunk failed": lambda: _(
        "chunk {n} of the simulation failed on the executor ({error}); no partial result is returned"
    ),
    "out suffix": lambda: _("out={out}: the file must end in .jsonl or .json"),
    "out folder": lambda: _("out={out}: the folder {folder} does not exist"),
    "out is folder": lambda: _("out={out} is a folder, not a file"),
}


def simulation_head(games: int, name: str, players: int, bots: str, rounds: int, seconds: float) -> str:
    """``100 games of all-fives, 2 players (random, random): 612 rounds in 1.20 s``."""
    played = _n("{n} game", "{n} games", games).format(n=games)
    in_rounds = _n("{n} round", "{n} rounds", rounds).format(n=rounds)
    return _("{games} of {game}, {players} players ({bots}): {rounds} in {seconds} s").format(
        games=played, game=name, players=players, bots=bots, rounds=in_rounds, seconds=f"{seconds:.2f}"
    )


def simulation_wins(
    sides: Sequence[Sequence[int]], side: int, bots: str, wins: int, share: float, lo: float, hi: float
) -> str:
    """``Seat 0 (random): 43 wins (43.0%, 95% CI 33.7–52.8%)``."""
    won = _n("{n} win", "{n} wins", wins).format(n=wins)
    return _("{who} ({bots}): {wins} ({share}%, 95% CI {lo}–{hi}%)").format(
        who=side_name(sides, side),
        bots=bots,
        wins=won,
        share=f"{100 * share:.1f}",
        lo=f"{100 * lo:.1f}",
        hi=f"{100 * hi:.1f}",
    )


# -- a game reviewed ----------------------------------------------------------------------


def onboard(key: str, **facts: object) -> str:
    """What a question answered on the board says (dominolab.onboard)."""
    return _ONBOARD[key]().format(**facts)


_ONBOARD = {
    "not a task": lambda: _("{value} cannot be answered on the board: it has no {need}"),
    "no position": lambda: _("exercise {name} is not answered by a placement: it has no board"),
    "solved already": lambda: _("Solved already: nothing more to place here."),
    "solved": lambda: _("{verdict} {stars}"),
    "taken back": lambda: _("{verdict} The tile goes back to the hand (try {tries}); pick again."),
    "rating moved": lambda: _("Your puzzle rating: {before} → {after}."),
    "rival hand": lambda: _("Your rival's hand: {tiles}"),
    "not an answer here": lambda: _("{name} is not an answer to this question"),
    "try again": lambda: _("{verdict} (try {tries}); try again."),
    "act draw": lambda: _("draw"),
    "act pass": lambda: _("pass"),
    "streak seconds": lambda: _("a streak's time is a number of seconds above 0 (under a day), not {value}"),
    "deep": lambda: _("deep is True (puzzles several moves deep) or False (one move), not {value}"),
    "streak on": lambda: _("Streak: {solved}. Time left {left}."),
    "streak missed": lambda: _("The streak ends at {solved}. {answer} Your best streak: {best}."),
    "streak time": lambda: _("Time is up: the streak ends at {solved}. Your best streak: {best}."),
    "streak over": lambda: _("This streak is over: press new streak for another."),
    "streak tally": lambda: _("streak {solved} · best {best} · level {level} · time left {left}"),
    "new streak": lambda: _("new streak"),
    "ratings": lambda: _("your puzzle rating {me}; this puzzle's {it}"),
    "challenge answer": lambda: _("The answer: {move}, {why}."),
    "new puzzle": lambda: _("new puzzle"),
    "show the answer": lambda: _("show the answer"),
    "stars so far": lambda: _("Solved {solved} of {asked} · {stars}"),
    "how": lambda: _("On the board: click a tile of the hand, then the point it goes on."),
    "how number": lambda: _("Type the number in the box, then press check."),
    "tiles left": lambda: _("Tiles left, in seat order: {held}"),
}


def stage(key: str, **facts: object) -> str:
    """What a stage's positions say (dominolab.stages)."""
    return _STAGE[key]().format(**facts)


_STAGE = {
    "score question": lambda: _("{game}: place one tile of {hand} so that the count scores."),
    "lead question": lambda: _(
        "{game}, a new round: the deal gives you the lead. Which tile of {hand} must lead?"
    ),
    "lead right": lambda: _("Right! {tile} leads: {reason}."),
    "turn question": lambda: _(
        "{game}, your turn, holding {hand}: place a tile, or press draw or pass. Which does the rule ask?"
    ),
    "turn right": lambda: _("Right! {reason}."),
    "turn miss": lambda: _("Not that: {why}."),
    "turn answer": lambda: _("Answer: {what}. {reason}."),
    "rule play": lambda: _("A player who can play must play"),
    "rule draw": lambda: _(
        "None of your tiles plays and {game} is played with drawing: draw until one plays (or the"
        " boneyard is empty)"
    ),
    "rule pass": lambda: _("None of your tiles plays and there is nothing to draw: pass"),
    "settle question receive": lambda: _(
        "{game}, the round is over: you (seat 0) played your last tile. {hands}. How many points"
        " do you receive?"
    ),
    "settle question lose": lambda: _(
        "{game}, the round is over: you (seat 0) played your last tile. {hands}. How many shown"
        " points does seat {seat} lose?"
    ),
    "settle holds": lambda: _("seat {seat} holds {tiles}"),
    "settle right": lambda: _("Right! {line}"),
    "settle raw": lambda: _("Not that: the pips are rounded to the nearest 5 first (round5)."),
    "settle pooled": lambda: _("Not that: in {game} each rival's pips are rounded separately, then added."),
    "settle separately": lambda: _(
        "Not that: in {game} the rivals' pips are pooled first, then rounded once."
    ),
    "settle unit": lambda: _("Not that: {game} counts in shown points: the rounded pips divided by five."),
    "settle miss": lambda: _(
        "Not that: add up the pips left in the hands that pay, and round them as {game} does."
    ),
    "act answer": lambda: _("check"),
    "settle answer": lambda: _("Answer: {n}. {lines}"),
    "end question": lambda: _(
        "{game}, your turn: you have {score} of the {target} that win. Place one tile of {hand} so"
        " that the game ends now."
    ),
    "end right": lambda: _(
        "Right! {reason}; you reach {total}, and {game} ends the instant a side reaches its target."
    ),
    "end miss": lambda: _("{reason}; you reach {total}, short of {target}: the game goes on."),
    "end answer": lambda: _("One answer: {reason}; that makes {total}, the target {target} reached."),
    "lead miss": lambda: _("{tile} may not lead: {reason}."),
    "lead answer": lambda: _("{tile} leads: {reason}."),
    "lead tie": lambda: _(" (between tiles of equal pips, the one with the higher half)"),
    "right": lambda: _("Right! {reason}"),
    "no score": lambda: _("{reason}. The goal: a count that scores."),
    "answer": lambda: _("One answer: {reason}."),
    "unknown stage": lambda: _("unknown stage {name}; the stages: {known}"),
    "stage done": lambda: _("Stage done: every position answered."),
    "next position": lambda: _("next position"),
    "progress notebook": lambda: _("notebook"),
    "progress solved": lambda: _("solved"),
    "progress stars": lambda: _("stars"),
    "progress next": lambda: _("next"),
    "progress all done": lambda: _("all done"),
    "progress course": lambda: _("the course"),
    "progress puzzles": lambda: _("scoring puzzles"),
    "progress on board": lambda: _("{n} on the board"),
    "progress row": lambda: _("stage {name}"),
    "progress lines": lambda: _("puzzles several moves deep"),
    "progress rating": lambda: _("your puzzle rating"),
    "progress streak": lambda: _("your best timed streak"),
}


def review(key: str, **facts: object) -> str:
    """A sentence of a game review (:func:`dominolab.review`), by ``key``."""
    return _REVIEW[key]().format(**facts)


_REVIEW = {
    "missed by round": lambda: _("Missed in the rounds that missed any: {rounds}"),
    "biggest": lambda: _("The biggest misses:"),
    "no miss": lambda: _("No turn missed a point: every turn scored the most it could."),
    "every turn": lambda: _("Every turn, and how each round ended:"),
    "turn number": lambda: _("turn must be 0 to {top} (the misses, biggest first), not {value}"),
    "nothing missed": lambda: _("{turn} missed no placement's points: there is nothing to find"),
    "challenge not answered": lambda: _("Not answered yet: write a placement such as '5|5@1|5:high'."),
    "not held": lambda: _("{tile} is not in the hand: {hand}"),
    "not legal": lambda: _("{move} is not legal: {why}"),
    "challenge right": lambda: _("Right! {move} leaves {equation}: {points} points."),
    "challenge short": lambda: _("{move} plays, but leaves {equation}: {points}; {goal} was there."),
    "no round": lambda: _("the game has no round to review yet"),
    "what to review": lambda: _("review a Game, a game record or a record's file, not {value}"),
    "seat": lambda: _("seat {seat} is not a seat of this {players}-player game"),
    "round ends": lambda: _("Round {n} ends:"),
    "round ends the game": lambda: _("Round {n} ends the game: a side reached the target."),
    "claim why": lambda: _("what the placement scored"),
    "call why": lambda: _("seat {seat} claimed less than its {points}"),
    "and going out": lambda: _("(and the point for going out)"),
    "but past the target": lambda: _("(but it would pass the target)"),
}


def review_did(act: str, tile: object, at: object, scored: int | None) -> str:
    """What a reviewed turn did: ``played 3|4 on 4|4:line-b``, ``drew 2|5``, ``claimed 5``."""
    return {
        "play": lambda: _("led {tile}") if at is None else _("played {tile} on {at}"),
        "claim": lambda: _("claimed {points}"),
        "muggins": lambda: _("called muggins and took {points}"),
        "let-go": lambda: _("let a short claim go"),
        "draw": lambda: _("drew {tile}"),
        "pass": lambda: _("passed"),
    }[str(act)]().format(tile=tile, at=at, points=scored)


def review_turn(
    number: int,
    index: int,
    did: str,
    scored: int | None,
    missed: tuple[str | None, int, str] | None,
    expert: tuple[str | None, int, bool] | None,
) -> str:
    """One reviewed turn: what it did and scored, what would have scored more, the expert's choice."""
    line = _("round {n}, turn {i}: {did}").format(n=number, i=index, did=did)
    if scored is not None:
        line += " — " + _("scored {points}").format(points=scored)
    if missed is not None:
        move, best, why = missed
        line += "; " + _("{move} would have scored {best} ({why})").format(move=move, best=best, why=why)
    if expert is not None:
        move, got, later = expert
        if later:
            line += "; " + _("the expert plays {move} ({points} now: it plays for later)").format(
                move=move, points=got
            )
        else:
            line += "; " + _("the expert plays {move} ({points})").format(move=move, points=got)
    return line


def review_head(seat_: int, name: str, players: int, scored: str, missed: int) -> str:
    """The first line of a review."""
    return _(
        "Seat {seat} in {game}, {players} players: {scored} scored by placements, {missed} more were "
        "there to take (the most points now, turn by turn; keeping a tile for later may be worth more)."
    ).format(seat=seat_, game=name, players=players, scored=scored, missed=missed)


def review_rounds(missed: Sequence[tuple[int, int]]) -> str:
    """``round 1 5, round 3 10``."""
    return ", ".join(_("round {n} {points}").format(n=r, points=m) for r, m in missed)


def challenge_question(
    number: int, held: str, tile: str | None, at: str | None, scored: int, goal: int
) -> str:
    """A *find the better move* challenge, asked of the learner."""
    if at is None:
        text = _(
            "Round {n}: you hold {hand}. You led {tile} and scored {scored}. Find a placement that scores {goal}."  # noqa: E501
        )
    else:
        text = _(
            "Round {n}: you hold {hand}. You played {tile} on {at} and scored {scored}. "
            "Find a placement that scores {goal}."
        )
    return text.format(n=number, hand=held, tile=tile, at=at, scored=scored, goal=goal)


# -- pictures ---------------------------------------------------------------------------


def picture(key: str, **facts: object) -> str:
    """A title, key line or hover text of a picture, by ``key``."""
    return _PICTURE[key]().format(**facts)


_PICTURE = {
    "won": lambda: _("{who} won"),
    "empty layout": lambda: _("empty layout"),
    "projector off": lambda: _("Projector mode off (dl.projector() turns it on)."),
    "projector on": lambda: _(
        "Projector mode on: tiles ×{zoom}, {font}px words, legends, one board at a time."
    ),
    "projector arg": lambda: _("projector(on) takes True or False, not {value}"),
    "theme": lambda: _("unknown theme {name}; known: {known}"),
    "scale": lambda: _("scale must be a positive number of pixels per half tile, not {value}"),
    "min size": lambda: _("min_size is (width, height) in pixels, two whole numbers 0 or more, not {value}"),
    "any lead": lambda: _("Empty layout: the lead may be any tile"),
    "double leads": lambda: _("Empty layout: the highest double held leads (with none, the heaviest tile)"),
    "scores nothing": lambda: _("{game}: placing scores nothing"),
    "what count": lambda: _("What is the count?"),
    "key quiz": lambda: _("a ?: an end or an open point; what does it add?"),
    "key number": lambda: _("a number: an end counted, with what it adds"),
    "key ring": lambda: _("a ring: an open point that counts nothing now"),
    "key spinner": lambda: _("orange outline: a spinner"),
    "key last": lambda: _("red outline: the tile placed last"),
    "key green": lambda: _("green ring: where the chosen tile may go"),
    "key cross": lambda: _("red cross: where this rule set refused the placement"),
    "both halves": lambda: _("{v} (both halves)"),
    "slot end": lambda: _("{v} ({slot} end)"),
    "spinner": lambda: _("spinner"),
    "adds": lambda: _("adds {parts}"),
    "adds nothing": lambda: _("adds nothing (not an end)"),
    "open": lambda: _("open: {points}"),
    "none": lambda: _("none"),
    "placed last": lambda: _("placed last"),
    "adds to count": lambda: _("{tile} adds {value} to the count"),
    "what adds": lambda: _("{tile}: what does it add?"),
    "takes": lambda: _("open: {at} takes a {point}"),
    "the lead": lambda: _("the lead: any tile may start the round"),
    "may go here": lambda: _("{at} — a {point} may be placed here"),
    "counts nothing now": lambda: _("(counts nothing now)"),
    "refused": lambda: _("refused"),
    "refused why": lambda: _("refused: {why}"),
    "hand": lambda: _("Hand: {tiles}"),
    "raw points": lambda: _("{n} raw points"),
    "shown points": lambda: _("{n} shown points"),
    "stroke raw": lambda: _("one stroke = 5 raw points; a full symbol = 50 raw"),
    "stroke shown": lambda: _("one stroke = 1 shown point; a full symbol = 10 shown"),
    "left over": lambda: _("{n} left over (below one stroke)"),
    "negative": lambda: _("a negative score cannot be tallied: {note}"),
    "peg range": lambda: _("a cribbage board pegs a score from 0 to {target}, not {value}"),
    "odd target": lambda: _(
        "a cribbage board has two equal streets and the game hole: an odd target, not {value}"
    ),
    "holes": lambda: _("one hole = 1 point; two streets of {street} holes and the game hole, {target}"),
    "partners opposite": lambda: _("(partners opposite)"),
    "seats title": lambda: _("{players} players{together}<br><sup>play goes to seat + 1: the arrows</sup>"),
}


def open_ends(values: Sequence[int]) -> str:
    """The open points' values: ``open ends 0 and 6``, ``open end 4``, ``no open end``."""
    if not values:
        return _("no open end")
    shown = [str(v) for v in values]
    if len(shown) == 1:
        return _("open end {value}").format(value=shown[0])
    both = _REFUSALS["both"]().format(first=", ".join(shown[:-1]), last=shown[-1])
    return _("open ends {values}").format(values=both)


# -- charts -------------------------------------------------------------------------------


def chart(key: str, **facts: object) -> str:
    """A chart's title, axis or trace name, by ``key``."""
    return _CHART[key]().format(**facts)


_CHART = {
    "axis shown": lambda: _("shown points (pips scored ÷ 5)"),
    "axis raw": lambda: _("points (pips scored)"),
    "axis points": lambda: _("points (threes and fives)"),
    "points per round": lambda: _("Points scored per round"),
    "per round": lambda: _("{unit} per round"),
    "where points": lambda: _("Where the points come from"),
    "share won": lambda: _("share of points won (%)"),
    "placements": lambda: _("placements"),
    "settlement paid": lambda: _("settlement paid"),
    "settlement deducted": lambda: _("settlement deducted"),
    "leading": lambda: _("Does leading help? Rounds won by the leader's side (interval of 95%)"),
    "rounds won": lambda: _("rounds won (%)"),
    "leader's side": lambda: _("leader's side"),
    "no advantage": lambda: _("no advantage"),
    "how long": lambda: _("How long rounds last"),
    "rounds": lambda: _("rounds"),
    "placements in round": lambda: _("placements in the round"),
    "rounds %": lambda: _("rounds (%)"),
    "count after": lambda: _("The count after each placement: the solid bars score"),
    "count after fives": lambda: _("The count after each placement: the solid bars score (5, 10, 15, …)"),
    "placements %": lambda: _("placements (%)"),
    "count axis": lambda: _("count (end sum)"),
    "miss": lambda: _("round {n}: {did}; {move} scored {best}"),
    "review title": lambda: _("Seat {seat}: points scored and points there to take ({game})"),
    "added up": lambda: _("{unit}, added up"),
    "turns": lambda: _("the seat's turns, in order"),
    "scored": lambda: _("scored"),
    "there to take": lambda: _("there to take (the most each turn); the shaded gap was missed"),
    "a miss": lambda: _("a turn that missed points (hover: the better move)"),
}


# -- widgets ------------------------------------------------------------------------------


def widget(key: str, **facts: object) -> str:
    """A label, button or message of a widget, by ``key``."""
    return _WIDGET[key]().format(**facts)


def tile_needs(tile: Any) -> str:
    """What ``tile`` needs an open point to show: ``a 6`` for 6|6, ``a 1 or a 4`` for 1|4.

    >>> from dominolab import Tile
    >>> tile_needs(Tile("1|4")), tile_needs(Tile("6|6"))
    ('a 1 or a 4', 'a 6')
    """
    if tile.is_double:
        return widget("shows double", low=tile.low)
    return widget("shows", low=tile.low, high=tile.high)


def widget_spinners(tiles: str, n: int, rule: str) -> str:
    """``Spinner 5|5: the first double is the spinner; …; an unused branch point counts 0.``"""
    return _n(
        "Spinner {tiles}: {rule}; an unused branch point counts 0.",
        "Spinners {tiles}: {rule}; an unused branch point counts 0.",
        n,
    ).format(tiles=tiles, rule=rule)


def number_word(n: int) -> str:
    """``two`` … ``six``; other numbers as figures."""
    words_ = {2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six")}
    return words_.get(n, str(n))


def widget_selected(tile: object, n: int) -> str:
    """``3|4 selected: 2 points lit in green. Click one to place it.``"""
    return _n(
        "{tile} selected: {n} point lit in green. Click one to place it.",
        "{tile} selected: {n} points lit in green. Click one to place it.",
        n,
    ).format(tile=tile, n=n)


def widget_placed(tile: object, at: object | None, count: str | None) -> str:
    """A placement made on the playground, with the count it leaves (``None``: a quiz asks it)."""
    if count is None:
        if at is None:
            return _("{tile} leads. What is the count now?").format(tile=tile)
        return _("{tile} on {at}. What is the count now?").format(tile=tile, at=at)
    if at is None:
        return _("{tile} leads: {count}.").format(tile=tile, count=count)
    return _("{tile} on {at}: {count}.").format(tile=tile, at=at, count=count)


def widget_refused_under(name: str, tile: object, at: object, reason: str, kept: int) -> str:
    """A layout replayed under other rules, stopped where they refuse a placement."""
    return _n(
        "Under {game}, {tile} on {at} is refused: {reason}. Kept {n} placement.",
        "Under {game}, {tile} on {at} is refused: {reason}. Kept {n} placements.",
        kept,
    ).format(game=name, tile=tile, at=at, reason=reason, n=kept)


_WIDGET = {
    # the playground
    "put it on": lambda: _("put it on"),
    "your count": lambda: _("your count"),
    "rules": lambda: _("rules"),
    "place": lambda: _("place"),
    "undo": lambda: _("undo"),
    "redo": lambda: _("redo"),
    "reset": lambda: _("reset"),
    "quiz": lambda: _("quiz"),
    "check": lambda: _("check"),
    "on layout": lambda: _("{tile} is already on the layout."),
    "not held": lambda: _("{tile} is not in the hand."),
    "does not play": lambda: _("{tile} does not play: no open point shows {shows} (open values: {values})."),
    "selected lead": lambda: _("{tile} selected: click the centre point (or 'place') to lead it."),
    "pick first then click": lambda: _("Pick a tile from the hand first, then click where it goes."),
    "pick first": lambda: _("Pick a tile from the hand first."),
    "choose where": lambda: _("Choose where it goes in the list (or click a point on the board)."),
    "not in hand": lambda: _("{tile} is not in the hand"),
    "nothing to undo": lambda: _("Nothing to undo: the layout is empty."),
    "took back": lambda: _("Took {tile} back."),
    "nothing to redo": lambda: _("Nothing to redo."),
    "back to start": lambda: _("Back to the start."),
    "rules now": lambda: _("Rules: {game}."),
    "quiz on": lambda: _("Quiz on: the count is hidden."),
    "quiz off": lambda: _("Quiz off: the count is shown."),
    "count right": lambda: _("Right: {equation} → {points}."),
    "count wrong": lambda: _("Not quite: {answer} is not the count. Look at each free end again."),
    "hand click": lambda: _("Hand: {tiles} · click one"),
    "hand shown": lambda: _("Hand: {tiles}"),
    "lead it": lambda: _("lead it"),
    # the comparison and the settlement of hands typed in
    "placements": lambda: _("placements"),
    "rule set": lambda: _("rule set"),
    "none yet": lambda: _("none yet"),
    "refused tile": lambda: _("refused {tile}"),
    "spinners total": lambda: _("spinners: {spinners} · total {total}"),
    "(spinner)": lambda: _("(spinner)"),
    "count cell": lambda: _("count {count} → {points}"),
    "lead": lambda: _("lead"),
    "shown as": lambda: _("; points are shown as raw/5"),
    "placement": lambda: _("placement"),
    "settled ways": lambda: _("The same final hands settled {n} ways"),
    "players": lambda: _("players"),
    "tiles left": lambda: _("tiles left, e.g. 6|6 0|1"),
    "went out": lambda: _("went out"),
    "partnerships box": lambda: _("partnerships (4 players: seats 0+2, 1+3)"),
    "hands left": lambda: _("The hands left when the round ended"),
    "nobody went out": lambda: _("nobody: the round was blocked"),
    "settle refused": lambda: _("refused: {why} (the settlements below are the last that could be made)"),
    "settled blocked": lambda: _("settled: blocked"),
    "settled out": lambda: _("settled: seat {seat} went out"),
    "(shown points)": lambda: _("(shown points)"),
    "changes": lambda: _("changes: {changes}"),
    # what a tile needs
    "shows double": lambda: _("a {low}"),
    "shows": lambda: _("a {low} or a {high}"),
    # the count panel
    "panel empty": lambda: _("The layout is empty: any tile may lead, and the lead is counted too."),
    "panel line game": lambda: _(
        "In {game} placing scores nothing: {ends}. A round is scored at its end, by the pips left in the hands."  # noqa: E501
    ),
    "panel quiz": lambda: _("Quiz: add up the counted ends yourself, then check your answer."),
    "terminal double": lambda: _("a terminal double counts both halves"),
    "free end": lambda: _("its free {slot} end"),
    "scores nothing": lambda: _("{kind}: it scores nothing"),
    "it scores": lambda: _("{kind}: it scores {sums}"),
    "tile": lambda: _("tile"),
    "adds": lambda: _("adds"),
    # the answer button
    "show answer": lambda: _("Show the answer"),
    "hide answer": lambda: _("Hide the answer"),
    # the comparison of rule sets
    "compare none": lambda: _("a comparison needs at least one preset to play the placements under"),
    "compare step": lambda: _("the step is a number of placements from 0 to {n}, not {k}"),
    # the counting drill
    "drill line game": lambda: _("{game} scores nothing while placing: there is nothing to count"),
    "par": lambda: _("par is a number of seconds above 0, not {value}"),
    "it scores box": lambda: _("it scores"),
    "claim": lambda: _("claim"),
    "next layout": lambda: _("next layout"),
    "your opponent": lambda: _("your opponent"),
    "the count after": lambda: _("The count: {equation}, after {tile}."),
    "over par": lambda: _("{took} s, over the par of {par} s."),
    "took": lambda: _("{took} s."),
    "drill question": lambda: _("how many points ({unit}) does the last tile score?"),
    "drill claimed": lambda: _("This layout is claimed already: ask for the next one."),
    "drill tally": lambda: _(
        "Claims: {right} right of {n}, {short} short (muggins for your opponent), {over} too high, "
        "{slow} over {par} s"
    ),
    # the replayer
    "players seed": lambda: _("{players} players, seed {seed}"),
    "round": lambda: _("Round {n}."),
    "round action": lambda: _("Round {n}, action {i}."),
    "review missed": lambda: _("scored {scored}; {move} would have scored {best} ({why})"),
    "review best": lambda: _("scored {scored}, the most it could"),
    "review of": lambda: _("Review of seat {seat}: {verdict}."),
    "step": lambda: _("step"),
    "first": lambda: _("first"),
    "back": lambda: _("back"),
    "forward": lambda: _("forward"),
    "last": lambda: _("last"),
}


# -- the game table -----------------------------------------------------------------------


def table(key: str, **facts: object) -> str:
    """A label, button or message of the game table, by ``key``."""
    make = _TABLE[key]
    text = make(int(facts.get("n", 1))) if key in _TABLE_PLURAL else make()  # type: ignore[call-overload]
    return text.format(**facts)


def settled_line(lines: Sequence[str]) -> str:
    """The line of a settlement that says who won the round and what it is paid (its last)."""
    return lines[-1] if lines else ""


def table_wins_with(who: str, seats: int, score_: str) -> str:
    """``Seat 0 (you) wins with 61``."""
    return _n("{who} wins with {score}", "{who} win with {score}", seats).format(who=who, score=score_)


#: the messages whose words depend on a number ``n``
_TABLE_PLURAL = {"click green", "boneyard n", "out of play n"}

_TABLE: dict[str, Callable[..., str]] = {
    "humans": lambda: _("humans must name one seat or more, each once, not {value}"),
    "muggins arg": lambda: _("muggins must be True or False, not {value}"),
    "muggins line game": lambda: _("muggins claims placement points, and {game} scores none while placing"),
    "partnerships": lambda: _("partnerships (4 players)"),
    "seed": lambda: _("seed"),
    "muggins": lambda: _("muggins"),
    "nothing": lambda: _("nothing"),
    "Muggins!": lambda: _("Muggins!"),
    "let it go": lambda: _("let it go"),
    "unknown bot": lambda: _("unknown bot {bot}; known: {known}"),
    "show my hand": lambda: _("show my hand"),
    "new game": lambda: _("new game"),
    "draw": lambda: _("draw"),
    "pass": lambda: _("pass"),
    "next (bot)": lambda: _("next (bot)"),
    "bots play": lambda: _("bots play"),
    "hint": lambda: _("hint"),
    "paper tally": lambda: _("paper tally"),
    "auto": lambda: _("bots move by themselves"),
    "save to": lambda: _("save to"),
    "save record": lambda: _("save record"),
    "review this game": lambda: _("review this game"),
    "you are": lambda: _("You are seat {seat}"),
    "people play": lambda: _("People play seats {seats}"),
    "new game log": lambda: _("New game of {game}, {players} players, seed {seed}. {you}."),
    "too few players": lambda: _("Seat {seat} is played by a person: choose at least {n} players."),
    "no hand waits": lambda: _("Nobody's hand is waiting to be shown."),
    "over, new game": lambda: _("The game is over: {winner}. Press 'new game' to play again."),
    "bot's turn": lambda: _("It is seat {seat}'s turn ({bot}): press 'next'."),
    "pass the screen": lambda: _("Seat {seat}'s turn: pass the screen; seat {seat} presses 'show my hand'."),
    "not in your hand": lambda: _("{tile} is not in your hand."),
    "drawn plays": lambda: _("you drew {drawn}, which plays: it must be placed at once, not {tile}"),
    "cannot lead": lambda: _("{tile} cannot lead"),
    "nothing plays, draw": lambda: _("nothing in your hand plays, so draw (the button below)"),
    "nothing plays, pass": lambda: _("nothing in your hand plays, so pass (the button below)"),
    "does not play": lambda: _("{tile} does not play: no open point shows {shows}"),
    "goes only": lambda: _("{tile} selected: it goes only on {at} — click it."),
    "click green": lambda n: _n(
        "{tile} selected: click the green point.", "{tile} selected: click one of the {n} green points.", n
    ),
    "pick first": lambda: _("Pick a tile of your hand first."),
    "nothing to claim": lambda: _("There is nothing to claim now: a claim follows your placement."),
    "a person": lambda: _("a person"),
    "nothing to call": lambda: _("No claim fell short just now: there is nothing to call."),
    "drew, plays": lambda: _("You drew {tile}: it plays, so place it now (it is selected)."),
    "drew, draw again": lambda: _("You drew {tile}: it does not play. Draw again."),
    "drew, pass": lambda: _("You drew {tile}: it does not play. Pass."),
    "now claim": lambda: _("{action}; now claim its points."),
    "game over": lambda: _("The game is over: {winner}."),
    "your turn": lambda: _("It is your turn."),
    "a person's turn": lambda: _("It is seat {seat}'s turn, played by a person."),
    "you": lambda: _("you"),
    "press muggins": lambda: _("Press Muggins! to take them, or let it go."),
    "hint text": lambda: _("Hint: {text}."),
    "ends the game": lambda: _("Round {n} ends the game: {who} reached the target."),
    "round leads": lambda: _("Round {n}: seat {seat} leads ({why})."),
    "claim how many": lambda: _(
        "Muggins: how many points does your {tile} score? Type it and press claim (or 'nothing')."
    ),
    "your call": lambda: _("Your call: Muggins! or let it go."),
    "your turn, draw": lambda: _("Your turn: nothing of yours plays, so draw."),
    "your turn, pass": lambda: _("Your turn: nothing of yours plays and the boneyard is empty, so pass."),
    "your turn, lead": lambda: _("Your turn: pick a tile to lead."),
    "your turn, pick": lambda: _("Your turn: pick a tile."),
    "bot to move": lambda: _("Seat {seat} ({bot}) is to move: press 'next'."),
    "not over": lambda: _("not over"),
    "(you)": lambda: _("(you)"),
    "review later": lambda: _("The review comes when the game is over."),
    "reviewed": lambda: _("Your game, reviewed: see below the table."),
    "replay misses": lambda: _("Your biggest misses, to play again: find the better move."),
    "next miss": lambda: _("next miss"),
    "cannot save": lambda: _("Cannot save to {path}: {error}."),
    "saved": lambda: _("Saved the game record to {path}."),
    "hidden hand": lambda: _(
        "Seat {seat}'s turn: pass the screen, then press 'show my hand' ({tiles} hidden)"
    ),
    "your hand": lambda: _("Your hand (seat {seat}): {tiles}"),
    "hand": lambda: _("Hand (seat {seat}): {tiles}"),
    "your turn short": lambda: _("your turn"),
    "boneyard n": lambda n: _n("boneyard {n} tile", "boneyard {n} tiles", n),
    "out of play n": lambda n: _n("{n} tile out of play", "{n} tiles out of play", n),
    "scoreboard": lambda: _("{game}: target {target} {unit} · round {n}"),
    "must lead title": lambda: _("Empty layout: seat {seat} must lead {tile}"),
    "your claims": lambda: _("muggins: your claims {right} right, {short} short, {over} too high"),
}


# -- bots -----------------------------------------------------------------------------------


def bot(key: str, **facts: object) -> str:
    """A bot's hint or a refusal of a bot's settings, by ``key``."""
    return _BOT[key]().format(**facts)


_BOT = {
    "miss": lambda: _("miss is a rate from 0 to 1 (0.3: three claims in ten missed), not {value}"),
    "needs a view": lambda: _("explain_choice needs a seat's view (game.view()), not {value}"),
    "would draw": lambda: _("{bot} would draw"),
    "would pass": lambda: _("{bot} would pass"),
    "would claim": lambda: _("{bot} would claim"),
    "would muggins": lambda: _("{bot} would call muggins"),
    "would let-go": lambda: _("{bot} would let it go"),
    "would lead": lambda: _("{bot} would lead {tile} for {points} (count {count})"),
    "would play": lambda: _("{bot} would play {tile} on {at} for {points} (count {count})"),
    "not a bot": lambda: _("{value} is not a bot: give a name ({known}) or an object with choose(view)"),
    "miss rate": lambda: _("only the random and greedy bots can be given a miss rate, not {value}"),
    "max rounds": lambda: _("max_rounds must be a whole number, at least 1, not {value}"),
    "playouts": lambda: _("playouts must be a whole number, 0 or more, not {value}"),
    "ms": lambda: _("ms must be a number of milliseconds per move, 0 or more, not {value}"),
    "policy": lambda: _("policy must be 'greedy' or 'random' (how playouts play), not {value}"),
}


# -- the rules in sentences (the rule catalogue, the rules cards) --------------------------


def rule_text(rule_id: str) -> str:
    """A rule of the catalogue (:mod:`dominolab.catalogue`) in a sentence."""
    return _RULES[rule_id]()


def section(name: str) -> str:
    """A section of the rules page, by its English heading (the catalogue's id of it)."""
    make = _SECTIONS.get(name)
    return make() if make is not None else name


_SECTIONS = {
    "The tiles and the layout": lambda: _("The tiles and the layout"),
    "Spinners": lambda: _("Spinners"),
    "The count and what scores": lambda: _("The count and what scores"),
    "Rounding to five": lambda: _("Rounding to five"),
    "A round": lambda: _("A round"),
    "Settling a round": lambda: _("Settling a round"),
    "The end of a game": lambda: _("The end of a game"),
    "Keeping score on paper": lambda: _("Keeping score on paper"),
    "The Draw and Block games": lambda: _("The Draw and Block games"),
    "Muggins": lambda: _("Muggins"),
    "Fives and Threes": lambda: _("Fives and Threes"),
}

_RULES = {
    "tiles.set": lambda: _("A double-six set has 28 tiles, every pair a|b with 0 ≤ a ≤ b ≤ 6."),
    "layout.match": lambda: _("A tile plays on an open point that shows one of its halves."),
    "layout.notation": lambda: _("A placement is written tile@tile:slot."),
    "layout.sides": lambda: _("At four players in partnership, seats 0+2 and 1+3 are one side."),
    "spinner.every-double": lambda: _("Every double is a spinner."),
    "spinner.first-double": lambda: _("Only the round's first double is the spinner."),
    "spinner.after-sides": lambda: _("A spinner's branches open once both line slots are taken."),
    "spinner.at-once": lambda: _("A spinner's branches are open as soon as it is placed."),
    "count.ends": lambda: _("After every placement, add up the free halves of the ends."),
    "count.terminal-double": lambda: _(
        "A double at an end (crosswise, a line slot free) counts both halves."
    ),
    "count.internal-double": lambda: _("A double with both line slots taken counts nothing."),
    "count.multiple-of-5": lambda: _("Only a positive multiple of 5 scores, for the side that placed."),
    "count.shown-points": lambda: _("Scores are shown as the raw count divided by 5."),
    "count.last-tile": lambda: _("A hand's last tile is counted and scores before the round is settled."),
    "round5": lambda: _(
        "Tiles left in hand are counted in pips and rounded to the nearest 5 (1–2 down, 3–4 up)."
    ),
    "deal": lambda: _("Each preset deals its own number of tiles; the rest is the boneyard."),
    "lead.lot": lambda: _("A lot picks the first leader, who may lead any tile."),
    "lead.dominos-cc": lambda: _(
        "The highest double leads every round, else the heaviest tile (3|6 before 4|5)."
    ),
    "lead.next": lambda: _("The seat that played its last tile leads next; after a block, a new lot."),
    "turn.must-play": lambda: _("A player who can play must play."),
    "turn.draw": lambda: _("Otherwise draw one tile at a time; a drawn tile that plays is placed at once."),
    "turn.pass": lambda: _("With the boneyard empty and nothing that plays, pass."),
    "end.domino": lambda: _("A round ends when a player places the last tile of the hand."),
    "end.blocked": lambda: _("A round is blocked when the boneyard is empty and nobody can play."),
    "blocked.five-up": lambda: _("A blocked round has no winner."),
    "blocked.all-fives": lambda: _(
        "The lowest total wins a blocked round (partners add up; a tie at 2 or 4 players pays nothing)."
    ),
    "blocked.dominos-cc": lambda: _("The lowest total wins a blocked round, then fewer tiles."),
    "settle.five-up": lambda: _("Every seat loses round5(its own pips) / 5; scores can go below 0."),
    "settle.all-fives": lambda: _("The winner receives round5 of all opponents' pips pooled."),
    "settle.split": lambda: _("At 3 players, two seats tied for the lowest split round5 of the third hand."),
    "settle.dominos-cc": lambda: _("The winner receives round5 of each rival, each rounded apart."),
    "end.five-up": lambda: _(
        "The target is checked only after a round is settled; a tie at the top plays on."
    ),
    "end.instant": lambda: _("The game ends the instant a side reaches the target."),
    "tally": lambda: _("On paper, one stroke per 5 raw points; ten strokes make an X of 50."),
    "line.lead": lambda: _("The highest double leads, else the heaviest tile; the domino's seat leads next."),
    "line.settle": lambda: _("The domino's seat takes its opponents' pips, unrounded."),
    "muggins": lambda: _(
        "With muggins, the placer claims its points; a short claim lets the next seat take them."
    ),
    "f3.count": lambda: _(
        "A multiple of 3 scores count ÷ 3, a multiple of 5 scores count ÷ 5, both when both (15 → 8)."
    ),
    "f3.knock": lambda: _(
        "Nobody draws: the tiles not dealt are out of play, and a player who cannot play knocks."
    ),
    "f3.going-out": lambda: _(
        "Going out scores 1 point with the last tile; at four, the round goes on until both partners are out."
    ),
    "f3.blocked": lambda: _("A blocked round ends with nothing more scored: the hands left are not counted."),
    "f3.lead-left": lambda: _(
        "The lead passes to the left: each round is led by the seat after the last round's leader."
    ),
    "f3.exact": lambda: _(
        "Exactly 61: a score that would pass the target is disregarded whole, the going-out point with it."
    ),
    "f3.cribbage": lambda: _(
        "On paper, the score is pegged on a cribbage board: two streets of 30 holes and the game hole."
    ),
}


# -- a game's settings, in a rules card's table ---------------------------------------------


def yes_no(flag: bool) -> str:
    """``yes`` or ``no``."""
    return _SETTING_VALUES["yes" if flag else "no"]()


def setting(label: str, value: str) -> tuple[str, str]:
    """A row of :func:`dominolab.catalogue.settings` (English labels and values, the rules
    page's own) in the language in use."""
    name = _SETTING_LABELS.get(label)
    said = _SETTING_VALUES.get(value)
    if said is not None:
        shown = said()
    elif value.startswith("multiples of "):
        shown = _("multiples of {rest}").format(
            rest=value.removeprefix("multiples of ").replace(" or ", _(" or "))
        )
    else:
        shown = value  # a number, or numbers for 2 / 3 / 4 players
    return (name() if name is not None else label), shown


_SETTING_LABELS = {
    "players": lambda: _("players"),
    "tiles dealt (2 / 3 / 4 players)": lambda: _("tiles dealt (2 / 3 / 4 players)"),
    "partnerships at 4 players": lambda: _("partnerships at 4 players"),
    "spinners": lambda: _("spinners"),
    "a spinner's branches open": lambda: _("a spinner's branches open"),
    "placements score": lambda: _("placements score"),
    "a player who cannot play draws": lambda: _("a player who cannot play draws"),
    "counts that score": lambda: _("counts that score"),
    "score unit": lambda: _("score unit"),
    "a point for going out": lambda: _("a point for going out"),
    "at 4 in partnership the round ends": lambda: _("at 4 in partnership the round ends"),
    "target (2 / 3 / 4 players)": lambda: _("target (2 / 3 / 4 players)"),
    "target checked": lambda: _("target checked"),
    "a score past the target": lambda: _("a score past the target"),
    "first leader": lambda: _("first leader"),
    "the last tile's seat leads next": lambda: _("the last tile's seat leads next"),
    "the lead passes to the left": lambda: _("the lead passes to the left"),
    "round settlement": lambda: _("round settlement"),
    "blocked round won by": lambda: _("blocked round won by"),
    "three-player split": lambda: _("three-player split"),
}

_SETTING_VALUES = {
    "yes": lambda: _("yes"),
    "no": lambda: _("no"),
    "none": lambda: _("none"),
    "nobody": lambda: _("nobody"),
    "no spinner": lambda: _("no spinner"),
    "after both line slots": lambda: _("after both line slots"),
    "at once": lambda: _("at once"),
    "after the round": lambda: _("after the round"),
    "instantly": lambda: _("instantly"),
    "counts": lambda: _("counts"),
    "disregarded": lambda: _("disregarded"),
    "every double": lambda: _("every double"),
    "first double": lambda: _("first double"),
    "highest double": lambda: _("highest double"),
    "lot": lambda: _("lot"),
    "lowest total": lambda: _("lowest total"),
    "lowest, then fewer tiles": lambda: _("lowest, then fewer tiles"),
    "deduct each": lambda: _("deduct each"),
    "each rival": lambda: _("each rival"),
    "opponents pips": lambda: _("opponents pips"),
    "pooled": lambda: _("pooled"),
    "points": lambda: _("points"),
    "raw": lambda: _("raw"),
    "shown (raw / 5)": lambda: _("shown (raw / 5)"),
    "when both partners are out": lambda: _("when both partners are out"),
    "when one seat is out": lambda: _("when one seat is out"),
}


# -- the teacher's kit (dominolab handouts) --------------------------------------------------


def handout(key: str, **facts: object) -> str:
    """A sentence of the printed handouts, by ``key``."""
    return _HANDOUT[key]().format(**facts)


_HANDOUT = {
    "levels 1": lambda: _("first steps"),
    "levels 2": lambda: _("longer layouts"),
    "levels 3": lambda: _("close calls"),
    "card title": lambda: _("{game}: the rules on one page"),
    "card sub": lambda: _("The rules on one page · {spinners}."),
    "card foot picture": lambda: _("The count after the last tile: the numbers are what each end adds."),
    "card foot": lambda: _("dominolab · the whole rules page: docs/RULES.md · a fresh kit: make handouts"),
    "unit shown": lambda: _("shown points (raw ÷ 5)"),
    "unit points": lambda: _("points"),
    "sheet title": lambda: _("{game}: score sheet"),
    "sheet head": lambda: _("Score sheet · {game}"),
    "sheet sub": lambda: _(
        "Game to {target} {unit} (2 / 3 / 4 players), checked {checked}. Scores in {unit}"
    ),
    "below zero": lambda: _("; they may go below zero"),
    "cribbage head": lambda: _("Keeping score on paper: a cribbage board"),
    "cribbage text": lambda: _(
        "Each side moves its peg one hole per point: along the first street, back along the second, "
        "and into the game hole, {target}. A score that would take a side past {target} is not pegged at all."
    ),
    "paper head": lambda: _("Keeping score on paper"),
    "paper text shown": lambda: _(
        "One stroke for every shown point; ten strokes make one house: a large X, then a small x in each "
        "of its four spaces = 10 shown points."
    ),
    "paper text raw": lambda: _(
        "One stroke for every 5 points; ten strokes make one house: a large X, then a small x in each "
        "of its four spaces = 50 points."
    ),
    "player or side": lambda: _("player or side {n}: ____________"),
    "this round": lambda: _("this round"),
    "total": lambda: _("total"),
    "rounds": lambda: _("Rounds"),
    "round": lambda: _("round"),
    "tally box": lambda: _("tally, player or side {n}"),
    "tally title shown": lambda: _("{n} shown points"),
    "tally title": lambda: _("{n} points"),
    "difficulty": lambda: _("difficulty must be 1, 2 or 3, not {value}"),
    "seed": lambda: _("seed must be a whole number ≥ 0, not {value}"),
    "puzzles title": lambda: _("scoring puzzles, level {level}, seed {seed}"),
    "puzzles head": lambda: _("Scoring puzzles · level {level}: {name}"),
    "puzzles sub": lambda: _(
        "{game} · set {seed}. Each layout shows what every end adds and its count. Which tile of the "
        "hand, placed where, scores the most? Write the tile and the tile it joins, like {example}."
    ),
    "example": lambda: _("2|6 on the 6 of 6|6"),
    "puzzle n": lambda: _("Puzzle {n}"),
    "hand": lambda: _("Hand:"),
    "answer line": lambda: _("Best: ____________________ points: ____"),
    "on the": lambda: _("{tile} on the {value} of {other}"),
    "key head": lambda: _("Answer key · level {level}, set {seed}"),
    "key sub": lambda: _(
        "The best placement in the sheet's words, then as dominolab writes it (tile@tile:slot, the "
        "slot the tile joins), what it scores and why."
    ),
    "deep title": lambda: _("puzzles several moves deep, set {seed}"),
    "deep head": lambda: _("Puzzles several moves deep"),
    "deep sub": lambda: _(
        "{game} · set {seed}. Every hand is shown and nothing is left to draw; you are to move. Play to "
        "the end of the round so that you finish furthest ahead of your rival (your points minus "
        "theirs, the settlement included), your rival answering each move with its best. Beware: "
        "the move that scores most now is never the best first move here."
    ),
    "you hold": lambda: _("You hold:"),
    "rival holds": lambda: _("Your rival holds:"),
    "deep answer line": lambda: _("Your moves: ____________________________ ahead by: ____"),
    "deep key head": lambda: _("Answer key · several moves deep, set {seed}"),
    "deep key sub": lambda: _(
        "Your moves of a best line (tile@tile:slot, the slot the tile joins; your rival answers each "
        "with its best), and how far ahead of your rival they leave you at the round's end."
    ),
    "your best line": lambda: _("your best line"),
    "ahead by": lambda: _("ahead by"),
    "puzzle": lambda: _("puzzle"),
    "best placement": lambda: _("best placement"),
    "written": lambda: _("written"),
    "points": lambda: _("points"),
    "why": lambda: _("why"),
    "no chromium": lambda: _(
        "printing the handouts needs Chromium: install Debian's package (apt-get install chromium) "
        "or set DOMINOLAB_CHROMIUM to a Chromium or Chrome binary"
    ),
    "no handout": lambda: _("no handout named {names}; the kit: {kit}"),
    "no playwright": lambda: _('printing the handouts needs Playwright: pip install "dominolab[handouts]"'),
}
