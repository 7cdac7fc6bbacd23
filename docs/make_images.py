"""Draw one picture per preset (and the seed's worked layout) into docs/images/.

Run:  .venv/bin/python docs/make_images.py   (needs kaleido: pip install -e ".[docs]")
The same positions are drawn in tutorial 3, so the pictures match what a learner sees.
"""

from __future__ import annotations

import pathlib

import dominolab as dl
from dominolab.examples import example_board

OUT = pathlib.Path(__file__).parent / "images"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    pictures = {
        "seed-all-fives.png": dl.draw(example_board("seed"), scale=46),
        # one per fives game of the registry: its example layout
        **{
            f"{name}.png": dl.draw(example_board(name), scale=40 if name == "five-up" else 46)
            for name in dl.FIVES_GAMES
        },
        "highlight-dark.png": dl.draw(example_board("spinner-open"), highlight="3|6", theme="dark", scale=50),
        "tally-135.png": dl.draw_tally(135),
        "cribbage-45.png": dl.draw_tally(45, "fives-and-threes"),
        "hand.png": dl.draw_hand(["1|4", "6|6", "0|3", "2|5"], selected="6|6", playable=["1|4", "6|6"]),
    }
    for name, fig in pictures.items():
        fig.write_image(OUT / name, scale=1.5)
        print(OUT / name)


if __name__ == "__main__":
    main()
