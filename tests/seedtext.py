"""Read the worked positions of the all-fives seed text (002_…txt).

Each figure of the seed lists the tiles in placement order, the connections
(parent slot – child slot), the legal continuation points and the counted
contributions.  These helpers turn that Spanish text into data, so the seed's
own words are the test vector.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass

SEEDS = pathlib.Path(__file__).parent / "data" / "seeds"
ALL_FIVES_SEED = SEEDS / "002_5888927995087b79.txt"
DOMINOS_CC_SEED = SEEDS / "004_25421f5eaf4ec4d1.txt"
FIVE_UP_SEED = SEEDS / "000_6adf70678fa6a799.txt"


def seed_sentence(path: pathlib.Path, start: str) -> str:
    """The sentence of a seed text that begins with ``start`` (up to its full stop)."""
    text = path.read_text(encoding="utf-8")
    i = text.find(start)
    assert i >= 0, f"{path.name} no longer says {start!r}"
    return text[i : text.index(".", i) + 1]


SLOT_ES = {
    "extremo de valor bajo": "low",
    "extremo de valor alto": "high",
    "línea A": "line-a",
    "línea B": "line-b",
    "rama A": "branch-a",
    "rama B": "branch-b",
}

_TILE = r"\[(\d\|\d)\]"


@dataclass
class SeedPosition:
    placed: str
    equation: str
    total: int
    points: int
    tiles: list[str]
    spinners: list[str]
    connections: list[tuple[str, str, str, str]]  # parent, parent slot, child, child slot
    open_points: list[tuple[str, str, int]]
    contributions: list[tuple[str, int]]


def _tiles(text: str) -> list[str]:
    return re.findall(_TILE, text)


def positions(path: pathlib.Path = ALL_FIVES_SEED) -> list[SeedPosition]:
    out: list[SeedPosition] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^Colocada " + _TILE + r"$", line)
        if not m:
            continue
        detail = lines[i + 2]
        head = re.match(
            r"Aportaciones incluidas en la suma: (.*?) = (\d+)\. Puntos por la colocación: (\d+) "
            r"puntos brutos\. Fichas: (.*?)\. Dobles de ramificación: (.*?)\. Conexiones: (.*?)\. "
            r"Puntos de continuación legal: (.*?)\. Aportaciones incluidas en la suma: (.*?)\.$",
            detail,
        )
        assert head, f"seed line {i + 3} not understood: {detail[:80]}"
        eq, total, points, tiles, spinners, conns, opens, contribs = head.groups()
        connections = []
        if conns != "ninguno":
            for c in conns.split("; "):
                cm = re.match(_TILE + r" \((.*?)\) – " + _TILE + r" \((.*?)\)$", c)
                assert cm, c
                connections.append((cm.group(1), SLOT_ES[cm.group(2)], cm.group(3), SLOT_ES[cm.group(4)]))
        open_points = []
        for o in opens.split("; "):
            om = re.match(_TILE + r" \((.*?), (\d)\)$", o)
            assert om, o
            open_points.append((om.group(1), SLOT_ES[om.group(2)], int(om.group(3))))
        contributions = []
        for c in contribs.split("; "):
            cm2 = re.match(_TILE + r": (\d+)$", c)
            assert cm2, c
            contributions.append((cm2.group(1), int(cm2.group(2))))
        out.append(
            SeedPosition(
                placed=m.group(1),
                equation=f"{eq} = {total}",
                total=int(total),
                points=int(points),
                tiles=_tiles(tiles),
                spinners=_tiles(spinners),
                connections=connections,
                open_points=open_points,
                contributions=contributions,
            )
        )
    return out


def moves(pos: SeedPosition) -> list[tuple[str, tuple[str, str] | None]]:
    """The placements that build ``pos``, in the seed's order (lead first)."""
    parent_of = {child: (parent, slot) for parent, slot, child, _ in pos.connections}
    return [(t, parent_of.get(t)) for t in pos.tiles]
