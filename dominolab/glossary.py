"""The Spanish terms of the sources beside the English ones dominolab uses.

>>> from dominolab.glossary import GLOSSARY
>>> GLOSSARY[0][:2]
('ficha', 'tile')
"""

from __future__ import annotations

__all__ = ["GLOSSARY", "TERMS", "glossary_markdown", "terms_markdown"]

#: (Spanish, English, what it means here)
GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("ficha", "tile", "one of the 28 pieces of a double-six set, written low half first: 1|4"),
    ("juego de doble seis", "double-six set", "every pair a|b with 0 ≤ a ≤ b ≤ 6: 28 tiles"),
    ("doble", "double", "a tile with equal halves, placed crosswise (transversalmente)"),
    ("mano", "hand", "the tiles a player holds, kept private"),
    ("jugador", "seat", "one player's place at the table (dl.language('es') says 'jugador 0')"),
    ("bando", "side", "who scores: a player, or a partnership (pareja)"),
    ("repartir", "to deal", "give each player their tiles at the start of a round"),
    ("montón de robo / pozo", "boneyard", "the undealt tiles, face down, drawn one at a time"),
    ("robar", "to draw", "take one tile from the boneyard when nothing plays"),
    ("pasar (el turno)", "to pass", "allowed only when nothing plays and the boneyard is empty"),
    (
        "abrir / apertura / salida",
        "to lead / the lead",
        "the first tile of a round; it scores like any other",
    ),
    ("sorteo neutral", "neutral lot", "a fair random draw of who leads"),
    ("sentido horario", "clockwise", "the order of turns: seat + 1"),
    ("disposición", "layout", "the tree of placed tiles on the table"),
    ("extremo de valor bajo / alto", "low / high end", "the two slots of a non-double"),
    ("línea A / línea B", "line-a / line-b", "the two in-line slots of a double"),
    ("doble de ramificación", "spinner", "a double that also opens two branches"),
    (
        "rama A / rama B",
        "branch-a / branch-b",
        "the spinner's side slots: open once both line slots are taken (five-up, all-fives),"
        " at once (dominos-cc)",
    ),
    ("punto de continuación legal", "open point", "a free slot where a tile may be placed now"),
    ("doble terminal", "terminal double", "a double with a free line slot: it counts both halves"),
    ("doble interno", "internal double", "a double with both line slots taken: it counts nothing"),
    ("suma de los extremos", "count / end sum", "the sum of every counted end after a placement"),
    ("aportación", "contribution", "what one tile adds to the count"),
    ("múltiplo positivo de cinco", "positive multiple of five", "the only counts that score"),
    ("puntos brutos", "raw points", "points as counted in pips"),
    ("puntos mostrados", "shown points", "five-up's unit: raw points divided by five"),
    ("redondear", "to round", "round5: to the nearest multiple of five, 1–2 down, 3–4 up"),
    ("liquidación", "settlement", "the end-of-round account of the tiles left in hand"),
    ("dominó / última ficha", "domino", "a player plays their last tile and ends the round"),
    ("tranca / ronda bloqueada", "blocked round", "the boneyard is empty and nobody can play"),
    ("pareja", "partnership", "at four players, seats 0+2 and 1+3 share one score"),
    ("cantar (los puntos)", "to claim", "muggins: say what the tile just placed scores"),
    ("ficha de salida / abrir con", "the lead / to lead with", "the first tile placed in a round"),
    (
        "entrar (una ficha)",
        "to play (a tile fits)",
        "a tile 'entra' when an open point shows one of its halves",
    ),
    ("objetivo", "target", "the score that wins the game"),
    ("trazo", "stroke", "one mark of the paper tally: 5 raw points"),
    # fives-and-threes, the British pub game: the seeds do not name it; the Spanish is ours
    (
        "múltiplo de tres o de cinco",
        "threes and fives",
        "fives-and-threes: a count scores count ÷ 3 and count ÷ 5",
    ),
    (
        "fichas fuera de juego",
        "out of play",
        "the tiles not dealt in a game without drawing (block, fives-and-threes)",
    ),
    ("tocar / pasar", "to knock", "to pass when no tile plays and nobody draws (fives-and-threes)"),
    (
        "salir / dominar",
        "to go out (chip out)",
        "play the last tile of the hand: 1 point in fives-and-threes",
    ),
    (
        "tablero de cribbage",
        "cribbage board",
        "the pegboard of fives-and-threes: two streets of 30 holes and 61",
    ),
)


def glossary_markdown() -> str:
    """The glossary as a Markdown table."""
    rows = ["| Spanish | English | meaning |", "|---|---|---|"]
    rows += [f"| *{es}* | **{en}** | {what} |" for es, en, what in GLOSSARY]
    return "\n".join(rows)


#: The project's own words: one word for each thing, used by the lessons, the widgets, the
#: command line and the docs — (the word, what it means, the words it replaces)
TERMS: tuple[tuple[str, str, str], ...] = (
    ("count", "the ends added up after a placement: what may score", "sum, end sum, total"),
    ("seat", "one player's place at the table, 0 to 3; play goes to seat + 1", "player number"),
    ("side", "who scores: a seat, or two partners together (Seats 0+2)", "team, 'side 0'"),
    ("open point", "a free slot where a tile may go now (the 5 of 2|5)", "open end, continuation"),
    ("end", "a tile's free half, or a double at an end: what the count adds up", "tip"),
    ("ring", "on a picture, an open point that counts nothing now", "hollow dot"),
    (
        "game",
        "one of the games dominolab plays, as a learner names it (five-up, Fives and Threes)",
        "variant",
    ),
    ("preset", "a game as the code names it: dl.preset('five-up'), one entry of dl.REGISTRY", "variant"),
    ("rules", "a game's settings (dl.Rules); a rule set is a game's rules, custom ones too", "config"),
    ("seed", "the number that fixes a shuffle, so a game can be dealt again", "—"),
    ("source text", "one of the three Spanish texts the rules restate (not the seed)", "seed"),
    ("muggins", "the call that takes the points a claim missed; a switch of any fives game", "the game"),
    ("dominos-cc", "All Fives as played on the Dominos.cc website (which also calls it Muggins)", "Muggins"),
    ("shown points", "five-up's unit: raw points divided by five", "—"),
    ("going out", "playing the last tile of the hand (chipping out, in the pub game)", "domino (as a verb)"),
)


def terms_markdown() -> str:
    """The project's own words as a Markdown table.

    >>> terms_markdown().splitlines()[2]
    '| **count** | the ends added up after a placement: what may score | sum, end sum, total |'
    """
    rows = ["| word | what it means here | not |", "|---|---|---|"]
    rows += [f"| **{w}** | {what} | {other} |" for w, what, other in TERMS]
    return "\n".join(rows)
