"""Rule presets (RULES.md: Per preset) and the settings object."""

import pytest

import dominolab as dl
from dominolab import InvalidRules, UnknownVariant


def test_the_three_presets_are_listed_and_found_by_name():
    assert dl.VARIANTS == ("five-up", "all-fives", "dominos-cc")
    for name in dl.VARIANTS:
        assert dl.variant(name).name == name


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownVariant, match="five-up, all-fives, dominos-cc, fives-and-threes, draw, block"):
        dl.preset("chess")


def test_the_registry_holds_every_preset_once_the_fives_games_then_the_line_games():
    assert dl.PRESETS == tuple(dl.REGISTRY) == dl.FIVES_GAMES + dl.LINE_GAMES
    assert dl.FIVES_GAMES == dl.VARIANTS + ("fives-and-threes",)
    assert dl.LINE_GAMES == ("draw", "block")
    for name, entry in dl.REGISTRY.items():
        assert dl.preset(name) is entry.rules and entry.rules.name == name == entry.rules.preset
        assert (entry.family is dl.Family.FIVES) == entry.rules.placement_scoring
        assert entry.sources and entry.summary and entry.title
        board = dl.Board(entry.rules)
        board.play_all(entry.example)  # the example is a legal layout of its own game
    assert dl.variant is dl.preset  # the older name


@pytest.mark.parametrize(
    ("spelling", "name"),
    [
        ("Five Up", "five-up"),
        ("5 up", "five-up"),
        ("five_up", "five-up"),
        ("Punta de Cinco", "all-fives"),
        ("punta de 5", "all-fives"),
        ("  ALL FIVES ", "all-fives"),
        ("All Fives on Dominos.cc", "dominos-cc"),
        ("dominos.cc", "dominos-cc"),
        ("Fives and Threes", "fives-and-threes"),
        ("fives & threes", "fives-and-threes"),
        ("5s and 3s", "fives-and-threes"),
        ("draw game", "draw"),
        ("Block Game", "block"),
    ],
)
def test_one_alias_table_reads_the_learners_and_the_sources_names(spelling, name):
    assert dl.preset(spelling).name == name
    assert dl.read_preset(spelling) == name


def test_no_name_of_a_game_means_a_switch():
    """'muggins' is the switch every fives game takes, not the dominos-cc game."""
    with pytest.raises(UnknownVariant, match="muggins is a switch"):
        dl.preset("muggins")
    assert dl.read_preset("muggins") is None
    assert dl.preset("all-fives").replace(muggins=True).muggins is True


@pytest.mark.parametrize(
    ("name", "sizes"),
    [("five-up", (5, 5, 5)), ("all-fives", (9, 7, 5)), ("dominos-cc", (7, 6, 5))],
)
def test_tiles_dealt_per_player_count(name, sizes):
    r = dl.variant(name)
    assert tuple(r.hand_size(p) for p in (2, 3, 4)) == sizes


@pytest.mark.parametrize(
    ("name", "targets"),
    [("five-up", (61, 61, 61)), ("all-fives", (250, 200, 200)), ("dominos-cc", (150, 150, 150))],
)
def test_targets_in_the_score_unit(name, targets):
    r = dl.variant(name)
    assert tuple(r.target(p) for p in (2, 3, 4)) == targets


def test_five_up_scores_in_shown_points_of_five_raw_and_its_target_is_305_raw():
    r = dl.variant("five-up")
    assert r.unit == "shown" and r.score_divisor == 5
    assert r.target(2) * r.score_divisor == 305
    assert r.points(15) == 3
    assert dl.variant("all-fives").unit == dl.variant("dominos-cc").unit == "raw"


def test_spinner_rules_per_preset():
    assert dl.variant("five-up").spinners is dl.SpinnerRule.EVERY_DOUBLE
    assert dl.variant("all-fives").spinners is dl.SpinnerRule.FIRST_DOUBLE
    assert dl.variant("dominos-cc").spinners is dl.SpinnerRule.FIRST_DOUBLE
    # both line slots before a branch in the Pagat games; dominos-cc opens its branches at once
    assert dl.variant("five-up").spinner_sides_first and dl.variant("all-fives").spinner_sides_first
    assert not dl.variant("dominos-cc").spinner_sides_first


def test_partnerships_at_four_players_except_dominos_cc():
    assert dl.variant("five-up").sides(4) == ((0, 2), (1, 3))
    assert dl.variant("all-fives").sides(4) == ((0, 2), (1, 3))
    assert dl.variant("dominos-cc").sides(4) == ((0,), (1,), (2,), (3,))
    assert dl.variant("dominos-cc").sides(4, partnerships=True) == ((0, 2), (1, 3))
    assert dl.variant("all-fives").sides(3) == ((0,), (1,), (2,))


def test_rules_are_immutable_and_replace_makes_a_custom_copy():
    r = dl.variant("all-fives")
    with pytest.raises(AttributeError):
        r.score_divisor = 5
    c = r.replace(spinner_sides_first=False)
    assert c.name == "all-fives (custom)" and not c.spinner_sides_first and r.spinner_sides_first
    assert c != r


def test_replace_refuses_unknown_or_bad_settings():
    r = dl.variant("all-fives")
    with pytest.raises(InvalidRules, match="unknown rule setting"):
        r.replace(colour="red")
    with pytest.raises(InvalidRules, match="spinners must be one of"):
        r.replace(spinners="sometimes")
    with pytest.raises(InvalidRules, match="hand size"):
        r.replace(hand_sizes=((2, 15), (3, 7), (4, 5)))


def test_players_outside_two_to_four_are_refused():
    with pytest.raises(InvalidRules, match="2 to 4 players"):
        dl.variant("five-up").hand_size(5)


def test_rules_round_trip_through_a_dict():
    for name in dl.VARIANTS:
        r = dl.variant(name)
        assert dl.Rules.from_dict(r.to_dict()) is r
    c = dl.variant("five-up").replace(spinner_sides_first=False)
    assert dl.Rules.from_dict(c.to_dict()) == c


def test_per_player_settings_may_be_given_as_a_mapping_and_stay_hashable():
    c = dl.variant("all-fives").replace(targets={4: 300, 2: 300, 3: 300})
    assert c.targets == ((2, 300), (3, 300), (4, 300)) and c.target(2) == 300
    assert hash(c) == hash(dl.variant("all-fives").replace(targets=((2, 300), (3, 300), (4, 300))))
    for bad in ({2: 2.5, 3: 7, 4: 5}, "nine", {2: "9", 3: 7, 4: 5}):
        with pytest.raises(InvalidRules, match="targets must map player counts to whole numbers"):
            dl.variant("all-fives").replace(targets=bad)


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("score_divisor", True),  # True == 1: it used to pass as "raw"
        ("score_divisor", 5.0),
        ("min_players", "2"),
        ("max_players", None),
        ("partnerships", "yes"),
        ("spinner_sides_first", 1),
        ("three_player_split", None),
        ("name", 7),
        ("hand_sizes", {2: 9.5, 3: 7, 4: 5}),
        ("targets", {2: True, 3: 200, 4: 200}),
    ],
)
def test_a_setting_of_the_wrong_type_is_refused_by_name(setting, value):
    # rules read from a record must not pass a wrong type on to the engine (or crash on it)
    with pytest.raises(InvalidRules, match=setting):
        dl.variant("all-fives").replace(**{setting: value})


def test_rules_from_a_record_dict_refuse_a_fractional_hand_size():
    data = dl.variant("all-fives").to_dict() | {"name": "mine", "hand_sizes": {"2": 9.5, "3": 7, "4": 5}}
    with pytest.raises(InvalidRules, match="hand_sizes"):
        dl.Rules.from_dict(data)
