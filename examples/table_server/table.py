"""One card table: seats, tokens, bots, rounds and the messages each seat is sent.

A :class:`Table` knows nothing of the network. Each method takes what a seat sent and returns
the messages to deliver, as ``(seat, message)`` pairs; the server sends them. All the rules come
from :mod:`tienlen`: moves are read with :meth:`tienlen.Round.parse_action`, refused with the
library's reason, and every seat is sent only its own :class:`tienlen.PlayerView`.

A table never searches itself: a search bot's decision or a hint is handed out as a
:class:`Search`, which :func:`think` works out anywhere (the server sends it to a worker process),
and whose result is given back to :meth:`Table.searched`. At most one search per table is out at a
time.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tienlen import Action, Match, PlayerView, Round, RuleSet, Settlement, TienLenError
from tienlen.errors import LANGUAGES
from tienlen.money.settle import unit_for
from tienlen.players.agents import Agent, GreedyAgent
from tienlen.players.search import HINT_LEVEL, LEVELS, Hint, SearchAgent, SeatPicture, hint, read_table

Message = dict[str, Any]
Outbox = list[tuple[int, Message]]
Position = tuple[int, int]
"""Where a table is: the rounds it has finished, and the actions of the round in play."""


@dataclass(frozen=True, eq=False)
class Search:
    """A search a table waits on: the decision of the search bot ``agent`` at ``seat``, or, with
    ``hint``, the actions open to ``seat`` ranked by :func:`tienlen.players.search.hint` at ``agent``'s
    level and seed. It holds only what the search reads (the seat's view, never the hidden
    hands) and pickles, so :func:`think` can work it out in another process. Two searches are the
    same only if they are the same object: the table knows its own."""

    seat: int
    view: PlayerView
    agent: SearchAgent
    position: Position
    hint: bool = False


PICTURE_DRAWS = 32
"""The draws of the hidden cards behind a hint's picture of the other seats (about 50 ms here)."""

Hinted = tuple[tuple[Hint, ...], tuple[SeatPicture, ...]]
"""A hint's result: the ranked actions, and what the search infers of each other seat."""


def think(search: Search) -> Action | Hinted:
    """Work out ``search``: the bot's action, or the ranked hints with the picture of the other
    seats (:func:`tienlen.players.search.read_table`). A plain function of its argument, so a
    process pool (under any start method, ``spawn`` included) can run it."""
    if search.hint:
        agent = search.agent
        return hint(search.view, level=agent.level, seed=agent.seed, seconds=agent.seconds), read_table(
            search.view, draws=PICTURE_DRAWS, seed=agent.seed
        )
    return search.agent.act(search.view)


class ProtocolError(Exception):
    """A message that does not follow the protocol; the sender gets an ``error`` frame with the
    reason, its ``code`` (the server's own, kebab-case, or the library's) and ``params``."""

    def __init__(self, reason: str, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.code, self.params = code, params or {}

    @classmethod
    def refusal(cls, error: TienLenError, prefix: str = "") -> ProtocolError:
        """The library's refusal ``error`` as a protocol error, with its code and parameters."""
        return cls(prefix + str(error), error.code, dict(error.params))

    def frame(self) -> Message:
        """The ``error`` frame that tells the sender."""
        return {"type": "error", "reason": str(self), "code": self.code, "params": self.params}


def refused(text: str, reason: str, code: str, params: dict[str, Any] | None = None) -> Message:
    """The ``refused`` frame: the ``text`` sent was not played, for ``reason`` (with its ``code`` and ``params``)."""
    return {"type": "refused", "text": text, "reason": reason, "code": code, "params": params or {}}


def secret_seed() -> int:
    """A seed drawn from the operating system's cryptographic randomness: nobody can choose it or
    compute it, so nobody can work out the hands it deals."""
    return secrets.randbits(64)


class Table:
    """A table of ``players`` seats under ``rules``: ``humans`` seats for clients, bots in the rest.

    Each round is dealt from a fresh seed drawn by ``seeds`` (the operating system's cryptographic
    randomness unless a test gives its own); no client chooses or sees it until the round is over,
    when the full record, seed included, is sent so the deal can be checked. The last ``kept``
    finished rounds are kept in :attr:`records` as ``(record JSON, settlement)`` pairs; a session
    without an agreed number of rounds is played as matches of ``kept`` rounds. ``seconds`` and
    ``hint_seconds`` are the time budgets of a search bot's decision and of a hint's search
    (``None``: none, the level's rollouts alone).
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        players: int = 4,
        humans: int = 1,
        unit: int = 1000,
        seeds: Callable[[], int] = secret_seed,
        kept: int = 20,
        level: int = 0,
        seconds: float | None = None,
        hint_seconds: float | None = None,
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise ProtocolError(
                f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {players}", "bad-option"
            )
        if not 1 <= humans <= players:
            raise ProtocolError(f"humans must be from 1 to {players}, not {humans}", "bad-option")
        if not 0 <= level <= max(LEVELS):
            raise ProtocolError(
                f"level must be 0 (greedy bots) or a search level from 1 to {max(LEVELS)}, not {level}", "bad-option"
            )
        self.rules = rules
        self.players = players
        self.humans = humans
        self.unit = unit_for(rules, unit)
        self.seeds = seeds
        self.kept = kept
        self.hint_seconds = hint_seconds
        self.tokens: dict[str, int] = {}
        # Level 0: the greedy bot; 1 to 5: the search player of that level.
        self.bots: dict[int, Agent] = {
            seat: SearchAgent(level=level, seed=seeds(), seconds=seconds) if level else GreedyAgent(seed=seeds())
            for seat in range(humans, players)
        }
        self.played = 0  # rounds finished at this table
        self.match = self._new_match()
        self.round: Round | None = None
        self.offered: set[int] = set()  # human seats asked whether they chop out of turn
        self.asked = -1  # the number of actions of the round when chops were last offered
        self.ready: set[int] = set()
        self.records: deque[tuple[str, Message]] = deque(maxlen=kept)
        self.last_settlement: dict[int, Message] = {}
        self.langs: dict[int, str] = {}  # the language each seat reads the library's reasons in
        self.hints: dict[int, tuple[Position, Message]] = {}
        """The last hint sent to each seat, with the position it was for."""
        self.decided: tuple[Round | None, dict[int, Action]] = (None, {})
        """The bots' choices made in the round as it is (that round, and each choice by seat)."""
        self.wanted: Search | None = None
        """The search the table waits on: a search bot's decision (the round waits for it), or a
        hint asked for. It is dropped when the round moves on."""
        self.running: Search | None = None
        """The search handed out by :meth:`start_search` whose result has not come back."""

    def _new_match(self) -> Match:
        rounds = self.rules.match_rounds or (10 if self.rules.currency == "points" else self.kept)
        return Match.start(self.rules, players=self.players, unit=self.unit, rounds=rounds)

    # ------------------------------------------------------------------ seats
    def join(self, token: str | None) -> tuple[int, str, Outbox]:
        """Seat a client: its old seat for a known ``token``, else the next free human seat.

        Returns the seat, its token and the messages to send. Raises :class:`ProtocolError`
        for an unknown token or a full table.
        """
        if token is not None:
            if token not in self.tokens:
                raise ProtocolError(
                    "unknown token: this seat is not yours (join without a token to take a free seat)", "unknown-token"
                )
            seat = self.tokens[token]
            return seat, token, [(seat, self._welcome(seat, token))] + self._catch_up(seat)
        if len(self.tokens) >= self.humans:
            raise ProtocolError(f"the table is full: its {self.humans} human seats are taken", "table-full")
        seat = len(self.tokens)
        token = secrets.token_urlsafe(16)
        self.tokens[token] = seat
        out: Outbox = [(seat, self._welcome(seat, token))]
        if len(self.tokens) == self.humans:
            out += self._deal()
        else:
            out += [(s, {"type": "waiting", "joined": len(self.tokens), "humans": self.humans}) for s in self.tokens.values()]
        return seat, token, out

    def _welcome(self, seat: int, token: str) -> Message:
        names = ["you" if s == seat else "bot" if s in self.bots else "player" for s in range(self.players)]
        return {
            "type": "welcome",
            "seat": seat,
            "token": token,
            "players": self.players,
            "seats": names,
            "rules": self.rules.name,
        }

    def _catch_up(self, seat: int) -> Outbox:
        if self.round is None:
            return [(seat, {"type": "waiting", "joined": len(self.tokens), "humans": self.humans})]
        if self.round.is_over:
            return [(seat, self.last_settlement[seat])]
        return [(seat, self._view_message(seat))]

    # ------------------------------------------------------------------ messages from a seat
    def set_lang(self, seat: int, lang: object) -> Outbox:
        """``seat`` reads the library's reasons and the settlement in ``lang`` from now on (``en`` or
        ``vi``); the settlement of a round that is over is sent again, written in ``lang``."""
        if lang not in LANGUAGES:
            raise ProtocolError(f"lang must be one of {', '.join(LANGUAGES)}", "bad-lang")
        changed, self.langs[seat] = self.langs.get(seat, "en") != lang, str(lang)
        out: Outbox = [(seat, {"type": "lang", "lang": lang})]
        if changed and seat in self.last_settlement and self.round is not None and self.round.is_over:
            # the settlement on the seat's screen, written again in its new language
            self.last_settlement[seat].update(_written(self.round, self.match.settlements[-1], str(lang)))
            out.append((seat, self.last_settlement[seat]))
        return out

    def act(self, seat: int, text: object) -> Outbox:
        """``seat`` sends an action as text. An illegal one is refused with the library's reason
        (to that seat only); a legal one is applied and every seat gets its new view."""
        if not isinstance(text, str):
            raise ProtocolError('an act message carries the action as text, e.g. {"type": "act", "text": "pass"}', "no-text")
        round_ = self.round
        if round_ is None or round_.is_over:
            return [(seat, refused(text, "no round is being played; send next to deal", "no-round"))]
        try:
            action = round_.parse_action(text, seat)
            if seat in self.offered and action.kind == "pass":
                self.offered.discard(seat)  # declines the chop offer; the last to decline lets play go on
                return self._advance(announce=not self.offered)
            if self.offered and action.kind != "interrupt":
                waiting = ", ".join(f"seat {s}" for s in sorted(self.offered))
                reason = f"wait: {waiting} may chop out of turn first"
                return [(seat, refused(text, reason, "chops-offered", {"seats": sorted(self.offered)}))]
            self.round = round_.apply(action)
        except TienLenError as error:
            return [(seat, refused(text, error.text(self.langs.get(seat, "en")), error.code, dict(error.params)))]
        self.offered.clear()
        return self._advance(announce=True)

    def hint(self, seat: int) -> Outbox:
        """Ask for the actions open to ``seat`` ranked by the search player
        (:func:`tienlen.players.search.hint`), each with its estimated chance of going out first and
        expected money at this table's unit. The search becomes :attr:`wanted`, and the hint is
        sent when :meth:`searched` gets its result, if the round has not moved on by then.

        A position is searched once per seat: asking again before anything is played sends the
        same hint, so a client cannot make the server search more than the game moves. A seat
        with no action open gets an empty hint at once, and one asking while the table waits on
        another search is refused (``searching``): it asks again when that search is done."""
        round_ = self.round
        if round_ is None or round_.is_over:
            return [(seat, refused("hint", "no round is being played; send next to deal", "no-round"))]
        position = self._position()
        last = self.hints.get(seat)
        if last is not None and last[0] == position:
            return [(seat, last[1])]
        view = round_.view(seat)
        if not view.legal_actions:
            return self._hinted(seat, position, ((), ()))
        if self.wanted is not None or self.running is not None:
            return [(seat, refused("hint", "the table is searching; ask again when it has answered", "searching"))]
        agent = SearchAgent(level=HINT_LEVEL, seed=self.seeds(), seconds=self.hint_seconds)
        self.wanted = Search(seat, view, agent, position, hint=True)
        return []

    def _hinted(self, seat: int, position: Position, result: Hinted) -> Outbox:
        ranked, pictures = result
        hints = [
            {"action": str(h.action), "win": round(h.win, 3), "money": round(h.money * self.unit), "worlds": h.worlds}
            for h in ranked
        ]
        seats = [{"seat": p.seat, "plays_like": p.plays_like, "twos": round(p.twos, 2)} for p in pictures]
        message: Message = {"type": "hint", "hints": hints, "seats": seats}
        self.hints[seat] = (position, message)
        return [(seat, message)]

    # ------------------------------------------------------------------ searches
    def start_search(self) -> Search | None:
        """The search to run now: :attr:`wanted`, unless a search is already out (then ``None``,
        and the wanted one is started when the result of that one comes back)."""
        if self.running is not None or self.wanted is None:
            return None
        self.running = self.wanted
        return self.running

    def searched(self, search: Search, result: Action | Hinted | None) -> Outbox:
        """Take the result of ``search`` (what :func:`think` made of it; ``None`` if the search
        failed: a bot then plays the bundled greedy bot's choice, a hint is refused with
        ``hint-failed``). A result the table no longer waits on (the round moved on) is dropped."""
        if search is self.running:
            self.running = None
        if search is not self.wanted:
            return []
        self.wanted = None
        if search.hint:
            if not isinstance(result, tuple):
                return [(search.seat, refused("hint", "the hint could not be worked out; ask again", "hint-failed"))]
            return self._hinted(search.seat, search.position, result)
        action = result if isinstance(result, Action) else GreedyAgent().act(search.view)
        self.decided[1][search.seat] = action
        return self._advance(announce=False)

    def next_round(self, seat: int) -> Outbox:
        """``seat`` is ready for the next round; it is dealt when every human seat is."""
        if self.round is None or not self.round.is_over:
            return [(seat, refused("next", "the round is still being played", "round-in-play"))]
        self.ready.add(seat)
        if len(self.ready) < self.humans:
            return []
        return self._deal()

    def waits_on_people(self) -> bool:
        """Whether the round in play waits for a person: one offered a chop, or the seat to act
        (and not a search bot weighing a chop)."""
        round_ = self.round
        if round_ is None or round_.is_over:
            return False
        return bool(self.offered - self.bots.keys()) or (not self.offered and round_.to_act not in self.bots)

    def awaited(self) -> tuple[int, int, frozenset[int]] | None:
        """What the table waits on people for (the position and the seats offered a chop), or
        ``None`` when it waits on nobody: the turn timer runs while this stays the same."""
        if not self.waits_on_people():
            return None
        return (*self._position(), frozenset(self.offered))

    def time_out(self) -> Outbox:
        """The people the table waits on took too long: pending chop offers are declined, and a
        person to act in turn has the bundled bot's choice played for it."""
        round_ = self.round
        if round_ is None or not self.waits_on_people():
            return []
        if self.offered:
            self.offered.clear()
            return self._advance(announce=True)
        seat = round_.to_act
        assert seat is not None
        action = GreedyAgent().act(round_.view(seat))
        self.round = round_.apply(action)
        return [(seat, {"type": "timed_out", "text": str(action)})] + self._advance(announce=True)

    # ------------------------------------------------------------------ the round
    def _deal(self) -> Outbox:
        if self.match.is_over:
            self.match = self._new_match()
        return self.start_round(
            Round.deal(
                self.rules,
                players=self.players,
                seed=self.seeds(),
                first_round=self.match.played == 0,
                leader=self.match.leader,
                dealer=self.played % self.players,
            )
        )

    def start_round(self, round_: Round) -> Outbox:
        """Play ``round_`` at this table: the next deal, or a position set up with
        :meth:`tienlen.Round.from_hands` (a puzzle, a lesson, a test)."""
        if round_.rules != self.rules or round_.players != self.players:
            raise ProtocolError(f"this table plays {self.rules.name} with {self.players} players", "other-table")
        self.round = round_
        self.ready.clear()
        self.offered.clear()
        self.asked = -1
        return self._advance(announce=True)

    def _advance(self, *, announce: bool) -> Outbox:
        """Let the bots act and offer chops until a human must answer, a search bot must decide
        (its search is then :attr:`wanted`) or the round ends. Every human seat gets its view
        after each action; a view lists the seats that may still chop (``waiting``, a search bot
        weighing a chop among them), and the seat to act waits for them."""
        out: Outbox = []
        self.wanted = None  # whatever was wanted was for the round as it was
        while True:
            round_ = self.round
            assert round_ is not None
            if self.asked != len(round_.actions):
                last = round_.trick.last_seat or 0
                offers = sorted({a.seat for a in round_.legal_interrupts()}, key=lambda s: (s - last) % self.players)
                chop = None
                for seat in (s for s in offers if s in self.bots):
                    choice = self._bot_choice(seat)
                    if choice is None:  # a search bot weighs a chop: shown as deciding, the seat to act waits
                        if announce or self.offered != {seat}:
                            self.offered = {seat}
                            out += self._views()
                        return out
                    if choice.kind == "interrupt":
                        chop = choice
                        break
                self.asked = len(round_.actions)
                if chop is not None:
                    self.offered = {chop.seat}  # shown as deciding, then the chop is made
                    out += self._views()
                    self.round, announce = round_.apply(chop), True
                    continue
                before, self.offered = self.offered, {s for s in offers if s not in self.bots}
                announce = announce or self.offered != before
            if announce:
                out += self._views()
                announce = False
            if round_.is_over:
                return out + self._finish(round_)
            assert round_.to_act is not None
            if self.offered or round_.to_act not in self.bots:
                return out
            action = self._bot_choice(round_.to_act)
            if action is None:  # a search bot to act: the round waits on its search
                return out
            self.round, announce = round_.apply(action), True

    def _views(self) -> Outbox:
        return [(seat, self._view_message(seat)) for seat in self.tokens.values()]

    def _bot_choice(self, seat: int) -> Action | None:
        """The choice of the bot at ``seat`` in the round as it is: a greedy bot's at once, a
        search bot's once :meth:`searched` has given it (until then ``None``, its search wanted)."""
        round_ = self.round
        assert round_ is not None
        if self.decided[0] is not round_:
            self.decided = (round_, {})
        choices = self.decided[1]
        if seat not in choices:
            bot = self.bots[seat]
            if isinstance(bot, SearchAgent):
                self.wanted = Search(seat, round_.view(seat), bot, self._position())
                return None
            choices[seat] = bot.act(round_.view(seat))
        return choices[seat]

    def _position(self) -> Position:
        assert self.round is not None
        return self.played, len(self.round.actions)

    def _view_message(self, seat: int) -> Message:
        assert self.round is not None
        view: PlayerView = self.round.view(seat)
        return {
            "type": "view",
            "round": self.played + 1,
            "offer": seat in self.offered and seat not in self.bots,
            "waiting": sorted(self.offered),
            "view": view.to_dict(),
        }

    def _finish(self, round_: Round) -> Outbox:
        result = round_.result
        self.match = self.match.record(result)
        money = self.match.settlements[-1]
        self.played += 1
        self.records.append((round_.to_json(), money.to_dict()))
        out: Outbox = []
        record = round_.to_dict()  # the seed and every hand, now that they can no longer help anyone
        for seat in self.tokens.values():
            message: Message = {
                "type": "settlement",
                "round": self.played,
                "result": result.to_dict(),
                "settlement": money.to_dict(),
                **_written(round_, money, self.langs.get(seat, "en")),
                "totals": list(self.match.totals),
                "match_over": self.match.is_over,
                "record": record,
            }
            self.last_settlement[seat] = message
            out.append((seat, message))
        return out


def _written(round_: Round, money: Settlement, lang: str) -> Message:
    """What a settlement message writes out in the seat's language: ``lines``, the settlement in
    words (a line per transfer, then the net), and ``instant_wins``, each instant win of the round."""
    return {"lines": money.text(lang).splitlines(), "instant_wins": [w.text(lang) for w in round_.result.instant_winners]}
