"""Rule presets (RULES.md: Per preset) and the settings object."""

import pytest

import dominolab as dl
from dominolab import InvalidRules, UnknownVariant


def test_the_three_presets_are_listed_and_found_by_name():
    assert dl.VARIANTS == ("five-up", "all-fives", "dominos-cc")
    for name in dl.VARIANTS:
        assert dl.variant(name).name == name


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(UnknownVariant, match="five-up, all-fives, dominos-cc, draw, block"):
        dl.variant("chess")


def test_the_line_games_are_presets_beside_the_three_fives_games():
    assert dl.LINE_GAMES == ("draw", "block")
    assert dl.PRESETS == dl.VARIANTS + dl.LINE_GAMES
    for name in dl.PRESETS:
        assert dl.variant(name).name == name == dl.variant(name).preset


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
