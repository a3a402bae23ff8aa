"""Embed `Round` in a game loop: your own players choose, the library validates and keeps score.

Here seat 0 is a "human" stand-in that always leads its lowest single and passes otherwise,
and the other seats are bundled bots. Every action goes through `Round.apply`, which refuses
anything illegal with a reason and leaves the round untouched.
"""

from __future__ import annotations

from tienlen import HOUSE, Action, IllegalPlay, Round
from tienlen.game.views import PlayerView
from tienlen.money.settle import settle
from tienlen.players.agents import GreedyAgent


def human(view: PlayerView) -> Action:
    """A stand-in for a person at a screen: lowest single when free to lead, else pass when allowed."""
    if view.table is None:
        return min(
            (a for a in view.legal_actions if a.combo is not None), key=lambda a: (a.combo.length if a.combo else 0, a.mask)
        )
    return next(a for a in view.legal_actions if a.kind == "pass")


def main() -> None:
    round_ = Round.deal(HOUSE, players=4, seed=2024)
    bots = {seat: GreedyAgent(seed=seat) for seat in (1, 2, 3)}
    try:  # an illegal move is refused with a reason; the round value is unchanged
        round_.pass_()
    except IllegalPlay as error:
        print(f"refused: {error}")
    while not round_.is_over:
        seat = round_.to_act
        assert seat is not None
        view = round_.view(seat)
        action = human(view) if seat == 0 else bots[seat].act(view)
        round_ = round_.apply(action)
    result = round_.result
    print("finishing order:", " > ".join(f"seat {s}" for s in result.placements) or "instant win")
    print("net chips in a 1,000 room:", settle(result, HOUSE, unit=1000).net)


if __name__ == "__main__":
    main()
