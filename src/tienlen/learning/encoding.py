"""Stable integer encodings of cards and actions, for programs that learn or store games.

Everything here is plain ``int`` and ``list[int]``: no array library is needed, and any can read it.

**Cards.** A card set is a 52-bit ``int`` whose bit ``i`` is the card of index ``i = rank * 4 + suit``
(3♠ = 0, 3♣ = 1, … 2♥ = 51), or the same as a list of 52 zeros and ones (``bits[i]``).

**Actions.** An action is the mask of the cards it plays; a pass (declining an out-of-turn chop
included) is ``0``. Within one view every legal action has a different mask, so the mask names the
action: :func:`legal_action_masks` lists them and :func:`action_from_mask` turns one back into the
:class:`~tienlen.Action` (refusing, with the reason, a mask that is not legal).

**Observations**, a player's view as a list of ints made of these, are the observation codec's
(:mod:`tienlen.learning.observation`). The names of it 0.2.0 offered here (``SLOTS``, the
``OBSERVATION_`` constants, ``Observation``, ``encode_observation``, ``decode_observation``,
``split_observation``) can still be imported from here.

>>> from tienlen import parse_cards
>>> cards_to_mask(parse_cards("3s 3c"))
3
>>> mask_to_bits(0b101)[:4]
[1, 0, 1, 0]
>>> bits_to_cards(mask_to_bits(0b101))
parse_cards('3♠ 3♦')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tienlen._base.checks import check_type
from tienlen._base.input import shown
from tienlen.errors import IllegalPlay, InvalidCombo
from tienlen.game.actions import Action
from tienlen.game.beating import explain
from tienlen.game.cards import FULL_MASK, Card, Cards, cards_of, format_cards, mask_of
from tienlen.game.combos import classify
from tienlen.game.views import PlayerView
from tienlen.learning._cardbits import bits_to_mask, card_bits, check_mask

# The observation codec moved to tienlen.learning.observation in 0.3.0; 0.2.0 offered its names
# here (tienlen.encoding.Observation …), so they are imported here for that path (documented there).
from tienlen.learning.observation import (  # noqa: F401
    OBSERVATION_FIELDS,
    OBSERVATION_LENGTH,
    OBSERVATION_OFFSETS,
    SLOTS,
    Observation,
    decode_observation,
    encode_observation,
    split_observation,
)

__all__ = [
    "cards_to_mask",
    "mask_to_cards",
    "mask_to_bits",
    "bits_to_mask",
    "cards_to_bits",
    "bits_to_cards",
    "action_to_mask",
    "legal_action_masks",
    "action_from_mask",
]


# ---------------------------------------------------------------------------- cards


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of some cards. Raises :class:`~tienlen.InvalidCards` on a repeat or a non-card."""
    return mask_of(cards)


def mask_to_cards(mask: int) -> Cards:
    """The cards of a mask, ascending. Raises :class:`~tienlen.InvalidCards` if it is not a card mask."""
    return cards_of(check_mask(mask))


def mask_to_bits(mask: int) -> list[int]:
    """A mask as 52 zeros and ones, ``bits[i]`` for the card of index ``i``."""
    return list(card_bits(check_mask(mask)))


def cards_to_bits(cards: Iterable[Card]) -> list[int]:
    """Cards as 52 zeros and ones."""
    return mask_to_bits(mask_of(cards))


def bits_to_cards(bits: Sequence[int]) -> Cards:
    """The cards of 52 zeros and ones, ascending."""
    return cards_of(bits_to_mask(bits))


# ---------------------------------------------------------------------------- actions


def action_to_mask(action: Action) -> int:
    """The mask of an action's cards: ``0`` for a pass (or a forfeit)."""
    check_type(action, Action, "action", "an Action")
    return action.mask


def legal_action_masks(view: PlayerView) -> list[int]:
    """The masks of ``view.legal_actions``, in the same order (a pass is ``0``)."""
    check_type(view, PlayerView, "view", "a PlayerView")
    return [action.mask for action in view.legal_actions]


def action_from_mask(view: PlayerView, mask: int) -> Action:
    """The legal action of ``view`` whose mask is ``mask`` (``0`` = pass or decline).

    Raises :class:`~tienlen.IllegalPlay` naming the seat and saying why when no legal action has
    that mask (not a mask, cards not held, not a combination, cannot beat the table, must lead …).
    """
    check_type(view, PlayerView, "view", "a PlayerView")
    for action in view.legal_actions:
        if action.mask == mask and not isinstance(mask, bool):
            return action
    raise _refusal(view, mask)


def _refusal(view: PlayerView, mask: object) -> IllegalPlay:
    seat = view.seat
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask <= FULL_MASK:
        return IllegalPlay.of("not-an-action-mask", seat=seat, mask=shown(mask))
    if view.is_over:
        return IllegalPlay.of("seat-cannot-act-round-over", seat=seat)
    if not view.legal_actions:
        return IllegalPlay.of("seat-has-nothing-to-do", seat=seat, to_act=view.to_act)
    if mask == 0:
        return IllegalPlay.of("must-lead", actor=seat)
    missing = mask & ~view.hand_mask
    if missing:
        return IllegalPlay.of("seat-does-not-hold", seat=seat, cards=format_cards(missing))
    try:
        combo = classify(mask, view.rules)
    except InvalidCombo as error:
        return IllegalPlay.of("seat-refused", seat=seat, reason=error)
    if not view.my_turn:
        return IllegalPlay.of("only-listed-chops-now", seat=seat, combo=combo)
    reason = explain(combo, view.table, view.rules, passed=seat in view.passed)
    if reason is not None:
        return IllegalPlay.of("cannot-play", actor=seat, combo=combo, reason=reason)
    if view.table is None:
        return IllegalPlay.of(
            "first-play-must-hold", actor=seat, combo=combo, cards=format_cards(view.hand_mask & -view.hand_mask)
        )
    return IllegalPlay.of("not-among-legal-actions", actor=seat, combo=combo)
