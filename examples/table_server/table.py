"""One card table: seats, tokens, bots, rounds and the messages each seat is sent.

A :class:`Table` knows nothing of the network. Each method takes what a seat sent and returns
the messages to deliver, as ``(seat, message)`` pairs; the server sends them. All the rules come
from :mod:`tienlen`: moves are read with :meth:`tienlen.Round.parse_action`, refused with the
library's reason, and every seat is sent only its own :class:`tienlen.PlayerView`.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from typing import Any

from tienlen import Action, GreedyAgent, Match, PlayerView, Round, RuleSet, TienLenError
from tienlen.agents import Agent
from tienlen.search import LEVELS, SearchAgent, hint
from tienlen.settle import unit_for

Message = dict[str, Any]
Outbox = list[tuple[int, Message]]


class ProtocolError(Exception):
    """A message that does not follow the protocol; the sender gets an ``error`` frame."""


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
    without an agreed number of rounds is played as matches of ``kept`` rounds.
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
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise ProtocolError(f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {players}")
        if not 1 <= humans <= players:
            raise ProtocolError(f"humans must be from 1 to {players}, not {humans}")
        if not 0 <= level <= max(LEVELS):
            raise ProtocolError(f"level must be 0 (greedy bots) or a search level from 1 to {max(LEVELS)}, not {level}")
        self.rules = rules
        self.players = players
        self.humans = humans
        self.unit = unit_for(rules, unit)
        self.seeds = seeds
        self.kept = kept
        self.tokens: dict[str, int] = {}
        # Level 0: the greedy bot; 1 to 5: the search player of that level.
        self.bots: dict[int, Agent] = {
            seat: SearchAgent(level=level, seed=seeds()) if level else GreedyAgent(seed=seeds())
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
        self.hints: dict[int, tuple[tuple[int, int], Message]] = {}
        """The last hint sent to each seat, with the position it was for (rounds played, actions)."""

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
                raise ProtocolError("unknown token: this seat is not yours (join without a token to take a free seat)")
            seat = self.tokens[token]
            return seat, token, [(seat, self._welcome(seat, token))] + self._catch_up(seat)
        if len(self.tokens) >= self.humans:
            raise ProtocolError(f"the table is full: its {self.humans} human seats are taken")
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
    def act(self, seat: int, text: object) -> Outbox:
        """``seat`` sends an action as text. An illegal one is refused with the library's reason
        (to that seat only); a legal one is applied and every seat gets its new view."""
        if not isinstance(text, str):
            raise ProtocolError('an act message carries the action as text, e.g. {"type": "act", "text": "pass"}')
        round_ = self.round
        if round_ is None or round_.is_over:
            return [(seat, {"type": "refused", "text": text, "reason": "no round is being played; send next to deal"})]
        try:
            action = round_.parse_action(text, seat)
            if seat in self.offered and action.kind == "pass":
                self.offered.discard(seat)  # declines the chop offer; the last to decline lets play go on
                return self._advance(announce=not self.offered)
            if self.offered and action.kind != "interrupt":
                waiting = ", ".join(f"seat {s}" for s in sorted(self.offered))
                return [(seat, {"type": "refused", "text": text, "reason": f"wait: {waiting} may chop out of turn first"})]
            self.round = round_.apply(action)
        except TienLenError as error:
            return [(seat, {"type": "refused", "text": text, "reason": str(error)})]
        self.offered.clear()
        return self._advance(announce=True)

    def hint(self, seat: int) -> Outbox:
        """The actions open to ``seat`` ranked by the search player (:func:`tienlen.search.hint`),
        each with its estimated chance of going out first and expected money at this table's unit.

        A position is searched once per seat: asking again before anything is played sends the
        same hint, so a client cannot make the server search more than the game moves."""
        round_ = self.round
        if round_ is None or round_.is_over:
            return [(seat, {"type": "refused", "text": "hint", "reason": "no round is being played; send next to deal"})]
        position = (self.played, len(round_.actions))
        last = self.hints.get(seat)
        if last is None or last[0] != position:
            ranked = hint(round_.view(seat), seed=self.seeds())
            hints = [{"action": str(h.action), "win": round(h.win, 3), "money": round(h.money * self.unit)} for h in ranked]
            last = self.hints[seat] = (position, {"type": "hint", "hints": hints})
        return [(seat, last[1])]

    def next_round(self, seat: int) -> Outbox:
        """``seat`` is ready for the next round; it is dealt when every human seat is."""
        if self.round is None or not self.round.is_over:
            return [(seat, {"type": "refused", "text": "next", "reason": "the round is still being played"})]
        self.ready.add(seat)
        if len(self.ready) < self.humans:
            return []
        return self._deal()

    def waits_on_people(self) -> bool:
        """Whether the round in play waits for a person: one offered a chop, or the seat to act."""
        round_ = self.round
        return round_ is not None and not round_.is_over and (bool(self.offered) or round_.to_act not in self.bots)

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
            raise ProtocolError(f"this table plays {self.rules.name} with {self.players} players")
        self.round = round_
        self.ready.clear()
        self.offered.clear()
        self.asked = -1
        return self._advance(announce=True)

    def _advance(self, *, announce: bool) -> Outbox:
        """Let the bots act and offer chops until a human must answer or the round ends. Every
        human seat gets its view after each action; a view lists the seats that may still chop
        (``waiting``), and the seat to act waits for them."""
        out: Outbox = []
        while True:
            round_ = self.round
            assert round_ is not None
            if self.asked != len(round_.actions):
                self.asked = len(round_.actions)
                last = round_.trick.last_seat or 0
                offers = sorted({a.seat for a in round_.legal_interrupts()}, key=lambda s: (s - last) % self.players)
                chop = next((a for a in map(self._bot_choice, offers) if a is not None and a.kind == "interrupt"), None)
                if chop is not None:
                    self.offered = {chop.seat}  # shown as deciding, then the chop is made
                    out += self._views()
                    self.round, announce = round_.apply(chop), True
                    continue
                self.offered = {s for s in offers if s not in self.bots}
                announce = announce or bool(self.offered)
            if announce:
                out += self._views()
                announce = False
            if round_.is_over:
                return out + self._finish(round_)
            assert round_.to_act is not None
            if self.offered or round_.to_act not in self.bots:
                return out
            action = self._bot_choice(round_.to_act)
            assert action is not None
            self.round, announce = round_.apply(action), True

    def _views(self) -> Outbox:
        return [(seat, self._view_message(seat)) for seat in self.tokens.values()]

    def _bot_choice(self, seat: int) -> Action | None:
        assert self.round is not None
        bot = self.bots.get(seat)
        return None if bot is None else bot.act(self.round.view(seat))

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
                "totals": list(self.match.totals),
                "match_over": self.match.is_over,
                "record": record,
            }
            self.last_settlement[seat] = message
            out.append((seat, message))
        return out
