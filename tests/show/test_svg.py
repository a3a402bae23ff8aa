"""Pictures: every SVG is a standalone XML document that shows the expected cards and counts,
names what it shows in its title, and never shows a card its viewer may not see."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from builders import settlement_document
from hypothesis import given, settings, strategies as st

from tienlen import HOUSE, IWIN, PAGAT, Card, Combo, Round, Settlement, format_cards, parse_cards
from tienlen.errors import InvalidArgument, InvalidCards, TienLenError
from tienlen.money.settle import settle
from tienlen.players.agents import GreedyAgent, play_round
from tienlen.show import svg

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    title = root.find(f"{NS}title")
    assert title is not None and title.text and root.get("aria-label") == title.text
    return root


def faces(root: ET.Element) -> list[str]:
    return [g.get("data-card", "") for g in root.iter(f"{NS}g") if g.get("class") == "card"]


def backs(root: ET.Element) -> int:
    return sum(1 for g in root.iter(f"{NS}g") if g.get("class") == "card back")


def title(root: ET.Element) -> str:
    return root.get("aria-label", "")


def test_a_card_is_its_face_and_says_which() -> None:
    root = parse(svg.card("10h", size=120))
    assert faces(root) == ["10♥"] and title(root) == "the card 10♥" and root.get("width") == "120"
    assert faces(parse(svg.card(Card.parse("2s")))) == ["2♠"]


def test_a_hand_in_a_row_or_fanned_shows_its_cards_with_the_selection_raised() -> None:
    for fan in (False, True):
        root = parse(svg.hand("2h 3s 7d 7h", selected="7d 7h", fan=fan))
        assert faces(root) == ["3♠", "7♦", "7♥", "2♥"]
        assert title(root) == "a hand of 4 cards: 3♠ 7♦ 7♥ 2♥; selected: 7♦ 7♥"
        raised = [r for r in root.iter(f"{NS}rect") if r.get("stroke") == "#e0a800"]
        assert len(raised) == 2


def test_an_empty_hand_is_drawn_as_an_outline() -> None:
    root = parse(svg.hand([]))
    assert faces(root) == [] and title(root) == "an empty hand"


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    root = parse(svg.hand("3s 4s 5s", size=300))
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    _, _, vw, vh = map(float, root.get("viewBox", "").split())
    assert width == 300 and height == pytest.approx(300 * vh / vw, rel=1e-4)


@pytest.mark.parametrize("size", [0, -5, 2.5, True, "300"])
def test_a_size_that_is_not_a_positive_whole_number_is_refused(size: object) -> None:
    with pytest.raises(InvalidArgument, match="positive whole number"):
        svg.hand("3s", size=size)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("draw", "match"),
    [
        (lambda: svg.hand("3♠ 4♠", title=1), "title must be text or None, not 1"),  # type: ignore[arg-type]
        (lambda: svg.hand("3♠ 4♠", fan=1), "fan must be True or False"),  # type: ignore[arg-type]
        (lambda: svg.position(Round.deal(HOUSE, seed=1), reveal="yes"), "reveal must be True or False"),  # type: ignore[arg-type]
        (lambda: svg.position("house"), "round_ must be a Round"),  # type: ignore[arg-type]
        (lambda: svg.card(5), "value must be a Card or card text"),  # type: ignore[arg-type]
        (lambda: svg.combo("3♠"), "value must be a Combo"),  # type: ignore[arg-type]
        (lambda: svg.trick(None), "value must be a Trick"),  # type: ignore[arg-type]
        (lambda: svg.view(Round.deal(HOUSE, seed=1)), "value must be a PlayerView"),  # type: ignore[arg-type]
        (lambda: svg.settlement({}), "value must be a Settlement"),  # type: ignore[arg-type]
    ],
)
def test_every_picture_refuses_an_argument_of_the_wrong_type(draw: Any, match: str) -> None:
    with pytest.raises(InvalidArgument, match=match):
        draw()


def test_selecting_a_card_not_in_the_hand_is_refused() -> None:
    with pytest.raises(InvalidCards, match="cannot raise 2♥: not in the hand 3♠"):
        svg.hand("3s", selected="2h")


def _chopped_trick_round() -> Round:
    """House, seed 2 (greedy and random bots): the first trick ends with a pair run chopping a 2."""
    from tienlen.players.agents import RandomAgent

    played = play_round(HOUSE, [GreedyAgent(), RandomAgent(2), GreedyAgent(), RandomAgent(3)], seed=2)
    position = Round.deal(HOUSE, seed=2)
    for action in played.actions:
        position = position.apply(action)
        if position.trick.chain:
            return position
    raise AssertionError("the recorded round has no chop")


def test_a_trick_shows_each_play_in_order_and_marks_the_chop() -> None:
    trick = _chopped_trick_round().trick
    root = parse(svg.trick(trick))
    expected = [str(c) for _, combo in trick.plays for c in combo.cards]
    assert faces(root) == expected
    chops = [g for g in root.iter(f"{NS}g") if g.get("class") == "marker chop"]
    assert len(chops) == len(trick.chain) == 1
    assert f"seat {trick.chain[0].chopper} chops with {trick.chain[0].by}" in title(root)


def test_a_trick_not_yet_led_says_who_leads() -> None:
    root = parse(svg.trick(Round.deal(HOUSE, seed=7).trick))
    assert faces(root) == [] and title(root) == "trick 1: no play yet"


def test_a_seat_sees_its_own_cards_and_only_counts_of_the_others() -> None:
    position = _chopped_trick_round()
    seat = 1
    root = parse(svg.position(position, seat=seat))
    own = [str(c) for c in position.hands[seat]]
    table = [str(c) for c in position.trick.table.cards] if position.trick.table else []
    assert sorted(faces(root)) == sorted(own + table)
    counts = {int(g.get("data-seat", -1)): int(g.get("data-count", -1)) for g in root.iter(f"{NS}g") if g.get("class") == "seat"}
    assert counts == {s: len(h) for s, h in enumerate(position.hands)}
    assert backs(root) == sum(len(h) for s, h in enumerate(position.hands) if s != seat)
    hidden = {str(c) for s, h in enumerate(position.hands) if s != seat for c in h} - set(table)
    text = svg.position(position, seat=seat)
    assert not any(f'data-card="{c}"' in text or f" {c}" in title(root) for c in hidden)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 40), seat=st.integers(0, 3))
def test_no_hidden_card_appears_anywhere_in_a_seat_s_picture(seed: int, plies: int, seat: int) -> None:
    position = Round.deal(IWIN, seed=seed)
    for _ in range(plies):
        if position.is_over:
            break
        position = position.apply(position.legal_actions()[0])
    text = svg.position(position, seat=seat)
    on_table = position.trick.table.mask if position.trick.table else 0
    for other, held in enumerate(position.hand_masks):
        if other != seat:
            for card in parse_cards(format_cards(held & ~on_table)):
                assert str(card) not in text  # no face, no title, no aria-label
    parse(text)


def test_an_observer_sees_every_hand_as_backs_and_reveal_shows_them_all() -> None:
    position = Round.deal(PAGAT, seed=3)
    observer = parse(svg.position(position))
    assert faces(observer) == [] and backs(observer) == 52
    assert title(observer).startswith("pagat round seen by an observer: trick 1: seat")
    revealed = parse(svg.position(position, reveal=True))
    assert sorted(faces(revealed)) == sorted(str(c) for h in position.hands for c in h)
    with pytest.raises(InvalidArgument, match="reveal shows every hand"):
        svg.position(position, seat=0, reveal=True)


def test_markers_show_who_acts_passed_went_out_and_was_frozen() -> None:
    over = play_round(HOUSE, [GreedyAgent()] * 4, seed=31)
    root = parse(svg.position(over, reveal=True))
    kinds = [g.get("class") for g in root.iter(f"{NS}g") if (g.get("class") or "").startswith("marker")]
    assert kinds.count("marker out") == len(over.finished)
    assert "round over: 1st seat" in title(root)
    start = Round.deal(HOUSE, seed=7)
    started = parse(svg.view(start.view(start.to_act or 0)))
    assert [g.get("class") for g in started.iter(f"{NS}g")].count("marker to-act") == 1
    passed = start.apply(start.legal_actions()[0])
    passed = passed.pass_()
    root = parse(svg.position(passed))
    assert "passed" in title(root)


def test_a_settlement_lists_every_transfer_and_each_net() -> None:
    over = play_round(HOUSE, [GreedyAgent()] * 4, seed=31)
    money = settle(over.result, HOUSE, unit=1000)
    root = parse(svg.settlement(money))
    rows = [g for g in root.iter(f"{NS}g") if g.get("class") == "transfer"]
    nets = ["".join(g.itertext()) for g in root.iter(f"{NS}g") if g.get("class") == "net"]
    assert len(rows) == len(money.transfers)
    assert nets == [f"seat {s} {v:+,}" for s, v in enumerate(money.net)]
    assert title(root).startswith("settlement in chips: 2 transfers; net seat 0 -4,000")


def test_values_draw_themselves_in_a_notebook() -> None:
    position = _chopped_trick_round()
    over = play_round(HOUSE, [GreedyAgent()] * 4, seed=31)
    for value in (Card.parse("Kd"), Combo.parse("7d 7h"), position.trick, position, position.view(2), settle(over.result, HOUSE)):
        parse(value._repr_svg_())


def test_short_reprs_say_what_they_are() -> None:
    over = play_round(HOUSE, [GreedyAgent()] * 4, seed=31)
    assert repr(over) == "<Round house: 4 players, over, cards left 1/0/0/0, 73 actions>"
    for value in (over, over.view(0), settle(over.result, IWIN, unit=1000), Round.deal(HOUSE, seed=1).view(3)):
        assert len(repr(value)) < 200 and repr(value).startswith(f"<{type(value).__name__} ")
    start = Round.deal(HOUSE, seed=7)
    detailed = str(start.view(3)).splitlines()  # str stays the detailed text
    assert detailed[0] == "house, seat 3 of 4, trick 1 (led by seat 3)"
    assert detailed[1] == f"hand: {format_cards(start.hand_masks[3])}"
    assert detailed[-1] == f"to act: seat 3 (you), {len(start.legal_actions())} legal actions"


def test_every_picture_error_is_a_library_error() -> None:
    with pytest.raises(TienLenError):
        svg.card("11x")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_table_size_places_each_seat_once(players: int) -> None:
    position = Round.deal(HOUSE, players=players, seed=4)
    root = parse(svg.position(position, seat=1))
    seats = sorted(int(g.get("data-seat", -1)) for g in root.iter(f"{NS}g") if g.get("class") == "seat")
    assert seats == list(range(players))
    assert backs(root) == 13 * (players - 1)


def test_a_forfeited_seat_is_marked() -> None:
    position = Round.deal(HOUSE, seed=7).forfeit(2)
    root = parse(svg.position(position))
    marked = [g for g in root.iter(f"{NS}g") if g.get("class") == "marker forfeited"]
    assert len(marked) == 1 and "seat 2: " in title(root) and "(forfeited" in title(root)


def test_control_characters_in_pictures_are_escaped() -> None:
    document = settlement_document()
    document["transfers"][0]["reason"] = "chop\x00\x1b[2J\x08<b>&"
    picture = svg.settlement(Settlement.from_dict(document))
    root = ET.fromstring(picture)  # well-formed XML
    text = "".join(root.itertext())
    assert "\\x00\\x1b[2J\\x08<b>&" in text and "\x1b" not in picture
