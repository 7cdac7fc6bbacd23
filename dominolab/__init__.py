"""dominolab — an exact engine for the "fives" family of domino games.

>>> import dominolab as dl
>>> b = dl.Board(dl.preset("all-fives"))
>>> b.play("1|4").points
5
>>> dl.PRESETS
('five-up', 'all-fives', 'dominos-cc', 'fives-and-threes', 'draw', 'block')

The engine uses the standard library only; pictures and widgets load on first use.
"""

from __future__ import annotations

from . import muggins, words
from .board import SLOTS, Board, Contribution, CountedEnd, OpenPoint, Placement, parse_point
from .bots import (
    BOTS,
    DefensiveBot,
    ExpertBot,
    GreedyBot,
    Player,
    RandomBot,
    bot_action,
    bot_seed,
    explain_choice,
    make_bot,
    muggins_step,
    play_bots,
    play_game,
)
from .catalogue import RULE_CATALOGUE, catalogue_markdown, settings
from .comparison import Comparison
from .drill import Drill
from .endless import Endless
from .errors import (
    DominolabError,
    IllegalAction,
    IllegalPlacement,
    InvalidRecord,
    InvalidRules,
    MalformedTile,
    UnknownVariant,
)
from .examples import (
    example_board,
    find_round,
    find_round_with,
    lead_reason,
    must_draw_game,
    round_board,
    tell,
    walkthrough,
)
from .exercises import EXERCISES, exercise, progress_markdown
from .game import (
    Act,
    Action,
    ActionRecord,
    Deal,
    Game,
    GameEnd,
    GameOutcome,
    Lead,
    LeaderBy,
    RoundState,
    SeatView,
    Step,
    after_settlement,
    leader_by_tiles,
)
from .glossary import GLOSSARY, TERMS, glossary_markdown, terms_markdown
from .line_puzzles import (
    LINE_GOALS,
    LINE_LEVEL_RATINGS,
    LINE_THEMES,
    LineOnBoard,
    LinePuzzle,
    line_level_for,
    make_line_puzzle,
)
from .muggins import MUGGINS_RULES
from .onboard import OnBoard, Streak
from .presets import (
    ALL_FIVES,
    BLOCK_GAME,
    DOMINOS_CC,
    DRAW_GAME,
    FIVE_UP,
    FIVES_AND_THREES,
    FIVES_GAMES,
    LINE_GAMES,
    PRESETS,
    REGISTRY,
    VARIANTS,
    Family,
    Preset,
    preset,
    read_preset,
    variant,
)
from .progress import best_streak, learner_rating, puzzle_rating, record_attempt, reset_progress, was_rated
from .puzzles import LEVEL_RATINGS, THEMES, Puzzle, Ranked, best_placements, level_for, make_puzzle, themes
from .rating import Rating, expected_score, glicko2
from .record import (
    FORMAT,
    FORMAT_MUGGINS,
    EndRecord,
    GameRecord,
    ReplayStep,
    RoundRecord,
    StepView,
    check_records,
    dump_records,
    dumps_record,
    game_to_json,
    game_to_record,
    load_record,
    load_records,
    loads_records,
    narration,
    read_record,
    replay,
    rules_of,
    steps,
    validate_record,
)
from .review import Challenge, GameReview, TurnReview, review
from .rules import (
    BlockRule,
    LeaderRule,
    Rules,
    SettlementRule,
    SpinnerRule,
    Tally,
    TargetCheck,
)
from .sandbox import Sandbox
from .search import Endgame, Extreme, endgame, largest
from .settlement import EndReason, SeatCount, Settlement, format_score, round5, settle, tally_strokes
from .simulate import SimulationResult, simulate, wilson_interval
from .stages import STAGES, Goal, stage
from .table import BoardShown, HandShown, Said, Table
from .tiles import DOUBLE_SIX, Hand, Pictured, Tile, TileLike, hand, pip_total, tile, tiles
from .words import LANGUAGES, UnknownLanguage, language

__version__ = "0.1.0"

#: The engine: the rules and everything computed from them, in the standard library alone
#: (tested).  Roughly from the bottom up: errors and the seeded random helpers; tiles, rules
#: (with the muggins call) and the layout (board); settlement and whole games (game); records;
#: bots, searches, puzzles and simulation; the course's examples, exercises and glossary.
ENGINE: tuple[str, ...] = (
    "words",
    "errors",
    "rng",
    "tiles",
    "rules",
    "presets",
    "muggins",
    "board",
    "settlement",
    "game",
    "record",
    "bots",
    "search",
    "rating",
    "puzzles",
    "line_puzzles",
    "endless",
    "simulate",
    "examples",
    "answers",
    "review",
    "progress",
    "onboard",
    "stages",
    "sandbox",
    "table",
    "drill",
    "comparison",
    "exercises",
    "glossary",
    "catalogue",
)
#: What shows the engine: pictures (plotly), their geometry, charts, widgets, the command line,
#: and the Jupyter server extension that serves plotly's module to the widgets' pages.
FRONT: tuple[str, ...] = ("geometry", "picture", "charts", "widgets", "handouts", "cli", "server_extension")


# -- the edge: the engine draws nothing itself; its values get their pictures here --------------


def _paint(value: object, **options: object) -> object:
    from .picture import figure_of

    return figure_of(value, **options)


def _show(value: Pictured, text: str, include: object, exclude: object) -> dict[str, object]:
    """A value's rich display in a notebook: its picture with ``text`` as its text form, or the
    text alone without plotly."""
    try:
        from .picture import figure_bundle
    except ImportError:
        return {"text/plain": text}
    return figure_bundle(value.figure, text, include, exclude)


Pictured.painter = _paint
Pictured.shower = _show

_LAZY = {
    "draw": "picture",
    "draw_hand": "picture",
    "draw_tally": "picture",
    "draw_cribbage": "picture",
    "draw_seats": "picture",
    "figure_dict": "picture",
    "Playground": "widgets",
    "VariantComparison": "widgets",
    "SettleHands": "widgets",
    "projector": "picture",
    "display_options": "picture",
    "GameTable": "widgets",
    "MugginsDrill": "widgets",
    "Replayer": "widgets",
    "answer_button": "widgets",
    "AnswerButton": "widgets",
    "AnswerOnBoard": "widgets",
    "puzzles_on_board": "widgets",
    "stage_on_board": "widgets",
    "endless_puzzles": "widgets",
    "puzzle_streak": "widgets",
    "line_puzzles_on_board": "widgets",
    "StreakOnBoard": "widgets",
    "rules_card": "handouts",
}


def __getattr__(name: str) -> object:
    """Pictures and widgets load on first use, so ``import dominolab`` stays light."""
    if name == "charts":
        import importlib

        return importlib.import_module(".charts", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dominolab' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = [
    "Comparison",
    "Drill",
    "Sandbox",
    "Table",
    "Said",
    "BoardShown",
    "HandShown",
    "LANGUAGES",
    "UnknownLanguage",
    "language",
    "words",
    "RULE_CATALOGUE",
    "catalogue_markdown",
    "settings",
    "ENGINE",
    "FRONT",
    "Act",
    "Action",
    "ActionRecord",
    "BOTS",
    "FORMAT",
    "FORMAT_MUGGINS",
    "MUGGINS_RULES",
    "muggins",
    "muggins_step",
    "Game",
    "Deal",
    "Lead",
    "LeaderBy",
    "EndReason",
    "Step",
    "GameOutcome",
    "GameEnd",
    "GreedyBot",
    "Player",
    "RandomBot",
    "ReplayStep",
    "GameRecord",
    "RoundRecord",
    "EndRecord",
    "read_record",
    "StepView",
    "steps",
    "narration",
    "load_record",
    "RoundState",
    "SeatCount",
    "SeatView",
    "Settlement",
    "check_records",
    "dump_records",
    "dumps_record",
    "explain_choice",
    "format_score",
    "game_to_json",
    "game_to_record",
    "leader_by_tiles",
    "after_settlement",
    "load_records",
    "loads_records",
    "make_bot",
    "play_game",
    "play_bots",
    "bot_action",
    "bot_seed",
    "replay",
    "rules_of",
    "settle",
    "exercise",
    "Endgame",
    "endgame",
    "largest",
    "Extreme",
    "example_board",
    "find_round",
    "find_round_with",
    "walkthrough",
    "tell",
    "lead_reason",
    "round_board",
    "must_draw_game",
    "GLOSSARY",
    "glossary_markdown",
    "terms_markdown",
    "TERMS",
    "EXERCISES",
    "progress_markdown",
    "reset_progress",
    "best_placements",
    "make_puzzle",
    "THEMES",
    "LEVEL_RATINGS",
    "level_for",
    "Rating",
    "glicko2",
    "expected_score",
    "learner_rating",
    "puzzle_rating",
    "record_attempt",
    "was_rated",
    "best_streak",
    "Streak",
    "Endless",
    "LinePuzzle",
    "LINE_GOALS",
    "LINE_THEMES",
    "LineOnBoard",
    "make_line_puzzle",
    "LINE_LEVEL_RATINGS",
    "line_level_for",
    "themes",
    "review",
    "GameReview",
    "TurnReview",
    "Challenge",
    "OnBoard",
    "STAGES",
    "Goal",
    "stage",
    "Puzzle",
    "DefensiveBot",
    "ExpertBot",
    "Ranked",
    "tally_strokes",
    "simulate",
    "SimulationResult",
    "wilson_interval",
    "validate_record",
    "ALL_FIVES",
    "DOMINOS_CC",
    "DOUBLE_SIX",
    "FIVE_UP",
    "SLOTS",
    "VARIANTS",
    "LINE_GAMES",
    "PRESETS",
    "DRAW_GAME",
    "BLOCK_GAME",
    "FIVES_AND_THREES",
    "FIVES_GAMES",
    "REGISTRY",
    "Family",
    "Preset",
    "preset",
    "read_preset",
    "Tally",
    "BlockRule",
    "Board",
    "Contribution",
    "CountedEnd",
    "DominolabError",
    "IllegalAction",
    "IllegalPlacement",
    "InvalidRecord",
    "InvalidRules",
    "LeaderRule",
    "MalformedTile",
    "OpenPoint",
    "Placement",
    "Rules",
    "SettlementRule",
    "SpinnerRule",
    "TargetCheck",
    "Tile",
    "Hand",
    "hand",
    "TileLike",
    "UnknownVariant",
    "parse_point",
    "pip_total",
    "round5",
    "tile",
    "tiles",
    "variant",
]
# the pictures and widgets too, though they load on first use: `from dominolab import *` and
# JupyterLab's tab completion (which reads __dir__) offer every public name
__all__ += sorted(_LAZY)


def __dir__() -> list[str]:
    """The module's names with the lazily loaded ones: ``dl.Pl<Tab>`` offers ``Playground``."""
    return sorted(set(globals()) | set(_LAZY) | {"charts"})
