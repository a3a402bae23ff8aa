"""The actions of a round: :class:`Action` values, :func:`parse_action` to read one from text, and
:class:`LegalActions`, the lazy sequence of one position's legal in-turn actions.

Play actions are shared values, made once per seat and card mask and kept in a bounded table
(at most 16,384 of them, about 4 MB with their combos; it starts again empty when it is full).

>>> from tienlen import HOUSE, Round
>>> legal = Round.deal(HOUSE, seed=7).legal_actions()
>>> isinstance(legal, LegalActions), legal[0] in legal
(True, True)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import Any, Literal, overload

import attrs
from attrs.exceptions import FrozenInstanceError

from tienlen._base.cache import BoundedCache
from tienlen._base.codec import WireValue
from tienlen._base.fast import fast
from tienlen._base.input import MAX_ACTION_TEXT, check_text, is_whole, shown, without_invisible
from tienlen.errors import IllegalPlay, InvalidArgument, InvalidCards
from tienlen.game import _words
from tienlen.game.cards import parse_cards
from tienlen.game.combos import Combo, ComboKind, classify
from tienlen.game.moves import Group, combo_of
from tienlen.variants.rules import RuleSet

__all__ = ["Action", "parse_action", "LegalActions"]


@attrs.frozen(kw_only=True)
class Action(WireValue):
    """One thing a player may do: ``play`` a combination in turn, ``pass``, ``interrupt`` out of turn
    with a bomb where the rules allow it, or ``forfeit`` (leave the round).

    One built by hand is checked: a play or an interrupt has a :class:`~tienlen.Combo`, a pass or a
    forfeit has none, and the seat is a whole number from 0 to 99 (else :class:`~tienlen.IllegalPlay`).
    """

    kind: Literal["play", "pass", "interrupt", "forfeit"]
    seat: int
    combo: Combo | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind not in ("play", "pass", "interrupt", "forfeit"):
            raise IllegalPlay.of("unknown-action-kind", kind=shown(self.kind))
        if not is_whole(self.seat, 0, 99):
            raise IllegalPlay.of("action-seat-out-of-range", seat=shown(self.seat))
        if not isinstance(self.combo, Combo) if self.kind in ("play", "interrupt") else self.combo is not None:
            code = "action-needs-combo" if self.combo is None else "action-has-no-cards"
            raise IllegalPlay.of(code, action=self.kind, combo=shown(self.combo))

    @property
    def mask(self) -> int:
        """The card mask of the action (0 for a pass or a forfeit)."""
        return self.combo.mask if self.combo is not None else 0

    def __str__(self) -> str:
        return f"seat {self.seat} {self.kind}" + (f" {self.combo}" if self.combo is not None else "")


_VERBS: dict[str, Literal["play", "pass", "interrupt", "forfeit"]] = {
    "play": "play",
    "pass": "pass",
    "chop": "interrupt",
    "interrupt": "interrupt",
    "forfeit": "forfeit",
    **_words.spellings(_words.ACTIONS),
}
_PHRASE_STARTS = {verb.split()[0] for verb in _VERBS if " " in verb}  # "bỏ" of "bỏ lượt"
_SEAT_WORDS = {"seat", *_words.spellings({_words.SEAT: None})}  # "seat", "ghế", "ghe"


def parse_action(text: str, rules: RuleSet, *, seat: int | None = None, to_act: int | None = None) -> Action:
    """Read an action as a person or a client types it: ``pass``, ``3♠ 4♠ 5♠``, ``play 3s 4s 5s``,
    ``chop 6♠6♣6♦6♥`` (an out-of-turn interrupt), ``forfeit``, each optionally after ``seat N`` (or ``ghế N``),
    so that ``str(action)`` reads back. Cards may be written in any spelling :func:`~tienlen.parse_cards` reads,
    a rank and its suit standing apart as well (``A bích``, ``heo cơ``, ``A s``). The Vietnamese
    words ``bỏ``, ``bỏ lượt``, ``bỏ qua`` or ``qua`` pass, ``đánh`` plays, ``chặt`` or ``chặt ngang`` chops and ``bỏ cuộc``
    forfeits (with or without diacritics, in any case). Invisible characters (a zero-width space, a variation selector) are
    dropped from the whole text, words and cards alike, as card text drops them.

    The action is for ``seat`` when given (a ``seat N`` in the text must then agree), else for the
    seat the text names, else (a play or a pass) for ``to_act``. Only the words are read here:
    whether the action is legal now is for :meth:`~tienlen.Round.apply` to say.

    Raises :class:`~tienlen.IllegalPlay` naming a word it cannot read or a missing seat,
    :class:`~tienlen.InvalidCards` naming an unreadable card, and :class:`~tienlen.InvalidCombo`
    when the cards form no combination under ``rules``.

    >>> from tienlen import HOUSE
    >>> print(parse_action("play 3s 4s 5s", HOUSE, to_act=2))
    seat 2 play 3♠ 4♠ 5♠
    >>> parse_action("seat 1 pass", HOUSE)
    Action(kind='pass', seat=1, combo=None)
    >>> print(parse_action("bỏ lượt", HOUSE, to_act=3), parse_action("A bích", HOUSE, to_act=0), sep="; ")
    seat 3 pass; seat 0 play A♠
    """
    if not isinstance(text, str):
        raise IllegalPlay.of("action-not-text", type=type(text).__name__)
    check_text(text, "an action", MAX_ACTION_TEXT, IllegalPlay)  # before any splitting
    words = without_invisible(text).split()  # as card text is read: a zero-width space is no part of a word
    named = None
    if words and _folded(words[0]) in _SEAT_WORDS:
        if len(words) < 2 or not (words[1].isascii() and words[1].isdigit() and len(words[1]) <= 3):
            raise IllegalPlay.of("unreadable-seat", word=" ".join(words[1:2]), text=text)
        named, words = int(words[1]), words[2:]
        if seat is not None and named != seat:
            raise IllegalPlay.of("action-for-other-seat", text=text, named=named, seat=seat)
    if not words:
        raise IllegalPlay.of("no-action-given")
    kind, verb = _verb(words)
    said = " ".join(words[:verb])  # the action's word as written (``pass``, ``bỏ qua``)
    if kind is None:
        kind = "play"
        # A card may be written as a rank and a suit apart ("A bích", "heo cơ", "A s").
        if words[0].isalpha() and not (_is_card(words[0]) or _is_card(" ".join(words[:2]))):
            raise IllegalPlay.of("unreadable-action", words=words[0], text=text)
    words = words[verb:]
    who = seat if seat is not None else named if named is not None else to_act if kind in ("play", "pass") else None
    if who is None:
        raise IllegalPlay.of("seat-not-named", text=text.strip())
    if kind in ("pass", "forfeit"):
        if words:
            raise IllegalPlay.of("action-takes-no-cards", words=words[0], text=text, said=said)
        return Action(kind=kind, seat=who)
    if not words:
        raise IllegalPlay.of("action-names-no-cards", text=text.strip())
    return Action(kind=kind, seat=who, combo=classify(" ".join(words), rules))


def _verb(words: list[str]) -> tuple[Literal["play", "pass", "interrupt", "forfeit"] | None, int]:
    """The action the first words name (one word, or two such as ``bỏ lượt``) and how many words
    that takes; ``(None, 0)`` when they name none."""
    first = _folded(words[0])
    if len(words) > 1 and first in _PHRASE_STARTS:
        kind = _VERBS.get(f"{first} {_folded(words[1])}")
        if kind is not None:
            return kind, 2
    kind = _VERBS.get(first)
    return (None, 0) if kind is None else (kind, 1)


def says_pass(text: str) -> bool:
    """Whether ``text`` is a pass and nothing else: ``pass``, ``bỏ``, ``bỏ lượt``, ``bỏ qua`` or ``qua``, in any case."""
    words = without_invisible(text).split()
    return bool(words) and _verb(words) == ("pass", len(words))


def _folded(word: str) -> str:
    """A word as the verb table spells it: NFKC (so NFD ``bỏ`` is ``bỏ``), lower case."""
    return word.lower() if word.isascii() else unicodedata.normalize("NFKC", word).lower()


def _is_card(word: str) -> bool:
    try:
        return len(parse_cards(word)) > 0
    except InvalidCards:
        return False


class LegalActions(Sequence[Action]):
    """The legal in-turn actions of one seat, as a lazy, read-only sequence.

    Indexing builds the one :class:`Action` asked for; ``in`` looks the cards up; ``len`` counts.
    It compares equal to any sequence of the same actions, and ``str()`` lists them. It is
    immutable, hashable and picklable.
    """

    __slots__ = ("seat", "_groups", "_plays", "_can_pass", "_minted")
    seat: int
    _groups: tuple[Group, ...]  # the plays as the move generator gives them, never changed
    _plays: int  # how many plays
    _can_pass: bool
    _minted: dict[int, tuple[Action, int, int]]
    # id -> (action, group, position) of every action handed out (kept alive, so ids stay theirs);
    # the pass has group -1. handed_out re-reads the play at that place (a few reads, no search),
    # so an entry written from outside can only ever name an action that is legal here.

    def __new__(cls, seat: int, plays: Iterable[tuple[ComboKind, int]], *, can_pass: bool) -> LegalActions:
        return legal_actions_of(seat, tuple((kind, [mask]) for kind, mask in plays), can_pass)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple[Any, ...]:
        return (legal_actions_of, (self.seat, self._groups, self._can_pass))

    def __len__(self) -> int:
        return self._plays + self._can_pass

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if type(index) is not int:
            if isinstance(index, slice):
                return tuple(self[i] for i in range(len(self))[index])
            if not isinstance(index, int):
                raise InvalidArgument.of("legal-actions-are-indexed-by", index=shown(index))
            index = int(index)  # a bool
        count = self._plays + self._can_pass
        if not -count <= index < count:
            raise IndexError(f"there are {count} legal actions, no number {shown(index)}")
        if index < 0:
            index += count
        seat = self.seat
        for group, (kind, masks) in enumerate(self._groups):
            if index < len(masks):
                action = play_action(seat, kind, masks[index])
                self._minted[id(action)] = (action, group, index)
                return action
            index -= len(masks)
        action = PASSES[seat]
        self._minted[id(action)] = (action, -1, 0)
        return action

    def handed_out(self, action: object) -> bool:
        """Whether ``action`` is the very object this sequence handed out (so one of its actions):
        the proof that lets :meth:`Round.apply <tienlen.Round.apply>` skip checking it again."""
        try:  # what is read below may have been written from outside: a wrong shape is no proof
            held, group, position = self._minted[id(action)]
            if held is not action or type(action) is not Action:
                return False
            if action is PASSES[self.seat]:
                return self._can_pass
            kind, masks = self._groups[group]
            combo = action.combo
            return (
                action.kind == "play"
                and action.seat == self.seat
                and type(combo) is Combo
                and masks[position] == combo.mask
                and combo.kind is kind
            )
        except (KeyError, TypeError, ValueError, IndexError):
            return False

    def __iter__(self) -> Iterator[Action]:
        seat = self.seat
        minted = self._minted
        for group, (kind, masks) in enumerate(self._groups):
            for position, mask in enumerate(masks):
                action = play_action(seat, kind, mask)
                minted[id(action)] = (action, group, position)
                yield action
        if self._can_pass:
            action = PASSES[seat]
            minted[id(action)] = (action, -1, 0)
            yield action

    def masks(self) -> list[int]:
        """The card masks of the actions, in order (``0`` for the pass), without building any action."""
        out = [mask for _, masks in self._groups for mask in masks]
        if self._can_pass:
            out.append(0)
        return out

    def by_mask(self, mask: int) -> Action | None:
        """The action that plays the cards of ``mask`` (``0``: the pass), handed out as indexing
        hands it out; ``None`` when no action here has that mask."""
        if isinstance(mask, bool):
            return None
        if mask == 0:
            if not self._can_pass:
                return None
            action = PASSES[self.seat]
            self._minted[id(action)] = (action, -1, 0)
            return action
        for group, (kind, masks) in enumerate(self._groups):
            if mask in masks:
                position = masks.index(mask)
                action = play_action(self.seat, kind, masks[position])
                self._minted[id(action)] = (action, group, position)
                return action
        return None

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.seat != self.seat:
            return False
        if action.kind == "pass":
            return self._can_pass
        return action.kind == "play" and any(action.mask in masks for _, masks in self._groups)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[Action]) -> tuple[Action, ...]:
        return tuple(self) + tuple(other)

    def __radd__(self, other: Sequence[Action]) -> tuple[Action, ...]:
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"

    def __str__(self) -> str:
        return ", ".join("pass" if a.combo is None else str(a.combo) for a in self)


def legal_actions_of(seat: int, groups: tuple[Group, ...], can_pass: bool) -> LegalActions:
    """A :class:`LegalActions` of plays grouped by kind, as the move generator gives them (also
    rebuilds a pickled one)."""
    return _legal(seat, groups, sum(map(len, map(_MASKS, groups))), can_pass, {})


_MASKS = itemgetter(1)  # the masks of a group


@fast(LegalActions)
def _legal(
    seat: int, _groups: tuple[Group, ...], _plays: int, _can_pass: bool, _minted: dict[int, tuple[Action, int, int]]
) -> LegalActions:
    """A :class:`LegalActions` from its slots (one per position: the hot path)."""
    raise NotImplementedError  # fast() writes the body


@fast(Action)
def _play(kind: Literal["play", "pass", "interrupt", "forfeit"], seat: int, combo: Combo | None) -> Action:
    """An action the move generator found legal: it needs no checks."""
    raise NotImplementedError  # fast() writes the body


ACTIONS: BoundedCache[int, Action] = BoundedCache("play actions", limit=1 << 14, holds="actions")
"""The shared play actions, by card mask and seat (``mask | seat << 52``; about 4 MB with their
combos when full)."""
PASSES = tuple(Action(kind="pass", seat=seat) for seat in range(4))
"""The shared pass action of each seat."""


def play_action(seat: int, kind: ComboKind, mask: int) -> Action:
    """The shared in-turn play :class:`Action` of ``seat`` with the cards of ``mask``."""
    key = mask | seat << 52
    action = ACTIONS.get(key)
    if action is None:
        action = ACTIONS.put(key, _play("play", seat, combo_of(kind, mask)))
    return action
