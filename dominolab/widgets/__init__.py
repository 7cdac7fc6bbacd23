"""Interactive widgets (ipywidgets + plotly ``FigureWidget``): each opens in one line.

* :class:`Playground` — place tiles with the mouse and watch the count;
* :class:`VariantComparison` — one sequence of placements under every fives game;
* :class:`SettleHands` — typed-in hands settled under each game;
* :class:`MugginsDrill` — count fast, claim your points;
* :class:`GameTable` — a whole game against bots;
* :class:`Replayer` — step through a game record;
* :class:`AnswerOnBoard` — a puzzle or a challenge answered by clicks on the board
  (:func:`puzzles_on_board`: one puzzle after another; :func:`endless_puzzles`: rated puzzles
  at the learner's level, without end; :func:`puzzle_streak`: puzzles in a row against the
  clock; :func:`stage_on_board`: a stage; :func:`line_puzzles_on_board`: several moves deep).

Every rule comes from the engine.  A click that cannot do anything never raises
into the notebook: the widget says why in its message line and nothing changes.
The methods a click calls (``select``, ``click_point``, ``undo``, …) are public,
so a notebook or a test can drive a widget exactly as the front end does.

One module per widget family: :mod:`.figure` (the figure widget, the state its views draw,
several figures' states in one message (:func:`figures_together`),
plotly's module sent once per page; its front end in JavaScript, :mod:`.figure_js`),
:mod:`.base` (projector mode, the message line), :mod:`.views` (board and hand),
:mod:`.playground` (over :class:`dominolab.Sandbox`), :mod:`.comparison`, :mod:`.table` (over
:class:`dominolab.Table`, with its settings panel, :mod:`.table_setup`), :mod:`.drill`,
:mod:`.replayer`, :mod:`.answer_button`, :mod:`.onboard`.
"""

from __future__ import annotations

from .answer_button import AnswerButton, answer_button
from .comparison import BLOCKED, SettleHands, VariantComparison
from .drill import MugginsDrill
from .figure import (
    FigureBatch,
    FigureState,
    FigureWidget,
    PlotlyBundle,
    figure_batch,
    figures_together,
    plotly_bundle,
)
from .onboard import (
    AnswerOnBoard,
    StreakOnBoard,
    endless_puzzles,
    line_puzzles_on_board,
    puzzle_streak,
    puzzles_on_board,
    stage_on_board,
)
from .playground import Playground
from .replayer import Replayer
from .table import GameTable
from .views import BoardView, HandView

__all__ = [
    "BoardView",
    "HandView",
    "Playground",
    "VariantComparison",
    "SettleHands",
    "GameTable",
    "MugginsDrill",
    "Replayer",
    "AnswerButton",
    "answer_button",
    "AnswerOnBoard",
    "puzzles_on_board",
    "endless_puzzles",
    "puzzle_streak",
    "line_puzzles_on_board",
    "StreakOnBoard",
    "stage_on_board",
    "FigureWidget",
    "FigureState",
    "PlotlyBundle",
    "plotly_bundle",
    "FigureBatch",
    "figure_batch",
    "figures_together",
    "BLOCKED",
]
