"""A player's view holds their own cards and what the table has seen, nothing more; its actions are
exactly the round's actions for that seat."""

from __future__ import annotations

import pickle

import attrs
import pytest
from builders import iwin_round
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tienlen import HOUSE, IWIN, PROFILES, Action, IllegalPlay, Round, RuleSet
from tienlen._base.cache import stats
from tienlen.game import views
from tienlen.game.events import Chop, Event, Froze, Passed, Played
from tienlen.game.views import PlayerView, public_events
from tienlen.players.agents import GreedyAgent
from tienlen.strategies import rounds

RULES = list(PROFILES.values())
IDS = list(PROFILES)
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def shown_cards(view: PlayerView) -> int:
    """Every card the view shows anywhere except in the seat's own hand field."""
    mask = view.played_mask | (view.table.mask if view.table is not None else 0)
    for event in view.history:
        if isinstance(event, Played):
            mask |= event.combo.mask
        elif isinstance(event, Chop):
            mask |= event.by.mask | event.chopped_combo.mask
        elif isinstance(event, Froze):
            mask |= sum(card.mask for card in event.cards)
    for action in view.legal_actions:
        mask |= action.mask
    return mask


def played_mask(round_: Round) -> int:
    return sum(round_.dealt) & ~sum(round_.hand_masks)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@SOME
@given(data=st.data())
def test_a_view_shows_no_card_of_another_hand(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules, forfeits=data.draw(st.booleans())))
    played = played_mask(round_)
    undealt = ((1 << 52) - 1) & ~sum(round_.dealt)
    for seat in range(round_.players):
        view = round_.view(seat)
        assert view.hand_mask == round_.hand_masks[seat]
        assert view.hand == round_.hands[seat]
        assert view.card_counts == tuple(m.bit_count() for m in round_.hand_masks)
        assert view.played_mask == played
        shown = shown_cards(view)
        # Besides its own hand, a view shows played cards only (its own frozen hand aside).
        assert shown & ~played & ~round_.hand_masks[seat] == 0
        assert shown & undealt == 0
        for other in range(round_.players):
            if other != seat:
                assert shown & round_.hand_masks[other] == 0, f"seat {seat} sees cards of seat {other}"
        # The history is the round's, with the other seats' frozen hands (and whether they could
        # have played when they passed) hidden.
        assert len(view.history) == len(round_.events)
        for seen, event in zip(view.history, round_.events, strict=True):
            if isinstance(event, Froze) and event.seat != seat:
                assert seen == Froze(seat=event.seat, cards=())
            elif isinstance(event, Passed) and event.seat != seat:
                assert seen == Passed(seat=event.seat, could_play=None)
            else:
                assert seen == event


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@SOME
@given(data=st.data())
def test_a_view_offers_the_rounds_actions_for_its_seat(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules))
    interrupts = round_.legal_interrupts()
    for seat in range(round_.players):
        view = round_.view(seat)
        assert view.to_act == round_.to_act and view.is_over == round_.is_over
        assert view.table == round_.trick.table and view.table_seat == round_.trick.last_seat
        assert view.passed == round_.trick.passed and view.trick_number == round_.trick.number
        assert (view.finished, view.frozen, view.forfeited) == (round_.finished, round_.frozen, round_.forfeited)
        if round_.to_act == seat:
            assert view.my_turn
            assert view.legal_actions == round_.legal_actions()
        else:
            assert not view.my_turn
            mine = tuple(a for a in interrupts if a.seat == seat)
            assert view.legal_actions == (mine + (Action(kind="pass", seat=seat),) if mine else ())
        for action in view.legal_actions:  # every offered action is accepted by the round
            if action.kind != "pass" or round_.to_act == seat:
                round_.apply(action)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@SOME
@given(data=st.data())
def test_a_view_does_not_change_when_hidden_cards_change_hands(rules: RuleSet, data: st.DataObject) -> None:
    """Deal the other seats' unplayed cards differently and replay the same actions: the view is the same."""
    round_ = data.draw(rounds(rules, forfeits=data.draw(st.booleans())))
    assume(not round_.instant_winners)
    seat = data.draw(st.integers(0, round_.players - 1))
    lowest = sum(round_.dealt) & -sum(round_.dealt)  # decides who leads: keep it where it is
    others = [s for s in range(round_.players) if s != seat]
    pool = [1 << i for i in range(52) if (sum(round_.hand_masks[s] for s in others) & ~lowest) >> i & 1]
    shuffled = iter(data.draw(st.permutations(pool)))
    dealt = list(round_.dealt)
    for other in others:
        keep = dealt[other] & ~(round_.hand_masks[other] & ~lowest)
        dealt[other] = keep + sum(next(shuffled) for _ in range((round_.hand_masks[other] & ~lowest).bit_count()))
    other_deal = Round.from_hands(dealt, rules, first_round=round_.first_round, leader=round_.named_leader, dealer=round_.dealer)
    assume(not other_deal.instant_winners)
    for action in round_.actions:
        other_deal = other_deal.apply(action)
    assert round_.view(seat) == other_deal.view(seat)


def test_whether_another_seat_could_have_played_is_hidden() -> None:
    round_ = Round.from_hands(["5♠ 9♥", "6♠ 7♦", "3♥ 4♥", "3♦ 4♦"], IWIN, first_round=False, leader=0)
    round_ = round_.play("5♠").pass_()  # seat 1 passes while holding 6♠ and 7♦
    assert round_.events[-1] == Passed(seat=1, could_play=True)
    assert round_.view(1).history[-1] == Passed(seat=1, could_play=True)
    assert round_.view(0).history[-1] == Passed(seat=1, could_play=None)


def test_frozen_hands_are_shown_to_their_owner_only() -> None:
    # Seat 0 goes out at once with 3♠: under house rules everyone else is frozen holding every card.
    hands = ["3♠", "4♠ 5♦ 2♥", "6♣ 6♦ 8♥", "9♠ J♣ K♦"]
    round_ = Round.from_hands(hands, HOUSE).play("3♠")
    assert round_.is_over and round_.frozen == (1, 2, 3)
    frozen = {e.seat: e.cards for e in round_.events if isinstance(e, Froze)}
    for seat in range(4):
        view = round_.view(seat)
        shown = {e.seat: e.cards for e in view.history if isinstance(e, Froze)}
        for other, cards in shown.items():
            assert cards == (frozen[other] if other == seat else ())
        assert shown_cards(view) & ~view.played_mask & ~view.hand_mask == 0
    assert all(not e.cards for e in public_events(round_.events, None) if isinstance(e, Froze))
    assert public_events(round_.events, 2) == round_.view(2).history


def test_a_seat_with_nothing_to_do_has_no_actions() -> None:
    round_ = Round.deal(HOUSE, seed=7)
    waiting = [s for s in range(4) if s != round_.to_act]
    assert all(round_.view(s).legal_actions == () for s in waiting)
    assert round_.view(round_.to_act or 0).legal_actions == round_.legal_actions()


def test_iwin_offers_an_out_of_turn_chop_with_a_way_to_decline() -> None:
    round_ = Round.from_hands(["2♠ 5♣", "3♦ 4♦", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ K♥", "3♥ 4♥"], IWIN, first_round=False, leader=0).play(
        "2♠"
    )
    view = round_.view(2)
    assert not view.my_turn
    assert [a.kind for a in view.legal_actions] == ["interrupt", "pass"]
    assert view.legal_actions[0].combo is not None and str(view.legal_actions[0].combo) == "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"
    assert round_.view(3).legal_actions == ()


def redacted(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """``public_events`` by its definition, event by event, with nothing remembered."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, Froze) and e.seat != seat:
            e = Froze(seat=e.seat, cards=())
        elif isinstance(e, Passed) and e.seat != seat and e.could_play is not None:
            e = Passed(seat=e.seat, could_play=None)
        out.append(e)
    return tuple(out)


def test_an_in_turn_view_shares_the_rounds_legal_actions_and_is_the_same_value() -> None:
    round_ = Round.deal(HOUSE, seed=7)
    assert round_.to_act is not None
    view = round_.view(round_.to_act)
    assert view.legal_actions is round_.legal_actions()  # shared, not copied
    listed = attrs.evolve(view, legal_actions=tuple(view.legal_actions))
    assert listed == view and view == listed and hash(listed) == hash(view)
    assert PlayerView.from_json(view.to_json()) == view
    assert pickle.loads(pickle.dumps(view)) == view
    assert round_.apply(view.legal_actions[0]) == round_.apply(listed.legal_actions[0])
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.legal_actions = ()  # type: ignore[misc]


@pytest.mark.parametrize("rules", [IWIN, HOUSE], ids=["iwin", "house"])
def test_public_events_of_every_ply_and_seat_are_the_whole_history_redacted(rules: RuleSet) -> None:
    # Seats asked in turn and out of turn, two rounds interleaved, an equal history rebuilt from its
    # record, and a history shorter than the last one shown: each answer is the full redaction.
    greedy = GreedyAgent()
    rounds_ = [Round.deal(rules, seed=3), Round.deal(rules, seed=4)]
    checked = 0
    while not all(r.is_over for r in rounds_):
        for k, round_ in enumerate(rounds_):
            if round_.is_over:
                continue
            for seat in (None, *range(round_.players)):
                assert public_events(round_.events, seat) == redacted(round_.events, seat)
                assert public_events(round_.events[:-1], seat) == redacted(round_.events[:-1], seat)
                checked += 1
            rebuilt = Round.from_json(round_.to_json()).events
            assert public_events(rebuilt, 2) == redacted(round_.events, 2)
            rounds_[k] = round_.apply(greedy.act(round_.view(round_.to_act)))  # type: ignore[arg-type]
    assert checked > 100

    def memory() -> object:
        return stats(), {name: len(v) for name, v in vars(views).items() if isinstance(v, dict) and name[0] != "_"}

    before = memory()
    for seat in range(100):  # a documented function keeps nothing between calls, whatever it is asked
        public_events(rounds_[0].events, seat)
    assert memory() == before


def test_a_view_reads_only_its_own_seats_actions() -> None:
    view = iwin_round().view(2)
    assert view.parse_action("pass") == Action(kind="pass", seat=2)
    assert view.parse_action("chop 6♠6♣7♠7♣8♠8♣9♠9♣") in view.legal_actions
    with pytest.raises(IllegalPlay, match="is for seat 0, but this is seat 2"):
        view.parse_action("seat 0 pass")
    with pytest.raises(IllegalPlay, match="this is seat 2's view, not seat 1's"):
        view.parse_action("pass", seat=1)


def test_a_view_repr_shows_the_hand_as_card_text() -> None:
    """issue 43: the hand reads as cards (``4♣ 9♠ K♥``), with its size, the table and the turn."""
    r = Round.from_hands(["3♠ 7♦ 2♥", "4♣ 9♠ K♥"], HOUSE)
    assert repr(r.view(1)) == "<PlayerView seat 1 of 2, house: hand 4♣ 9♠ K♥ (3 cards), trick 1, table empty, seat 0 to act>"
    after = r.play("3♠")
    assert "hand 7♦ 2♥ (2 cards)" in repr(after.view(0))
    assert "table 3♠ by seat 0, seat 1 to act" in repr(after.view(0))
    one = Round.from_hands(["3♠", "4♣ 9♠"], HOUSE)
    assert "hand 3♠ (1 card)," in repr(one.view(0))
    assert "hand empty, " in repr(one.play("3♠").view(0))
