"""Check a few plays under every rule profile and print the verdicts.

Run it from a checkout with ``python examples/check_plays.py``. For each play it prints, profile
by profile, ``yes`` when the play may go on the table, or ``no`` and the reason a player would
read. Then it lists what one hand may answer a single 2 with under each profile.
"""

from __future__ import annotations

from tienlen import PROFILES, InvalidCombo, RuleSet, classify, explain, format_cards, legal_plays, parse_cards

# (what is being checked, the cards played, the cards on the table)
CHECKS: tuple[tuple[str, str, str], ...] = (
    ("a quad on a single 2", "6♠ 6♣ 6♦ 6♥", "2♥"),
    ("a quad on a pair of 2s", "6♠ 6♣ 6♦ 6♥", "2♦ 2♥"),
    ("a quad on a single ace", "6♠ 6♣ 6♦ 6♥", "A♥"),
    ("three consecutive pairs on a single 2", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", "2♥"),
    ("four consecutive pairs on a quad", "9♠ 9♣ 10♠ 10♣ J♠ J♣ Q♠ Q♣", "6♠ 6♣ 6♦ 6♥"),
    ("a higher triple in other suits", "8♣ 8♦ 8♥", "7♠ 7♦ 7♥"),
    ("a straight topped by a 2", "Q♠ K♣ A♦ 2♠", "J♥ Q♥ K♥ A♥"),
)

HAND = "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 9♦ 9♥ 9♠ 9♣ K♥ 2♥"
TABLE = "2♦"


def verdict(play: str, table: str, rules: RuleSet) -> str:
    """``yes``, or ``no`` with the reason, for ``play`` on ``table`` under ``rules``."""
    try:
        reason = explain(classify(play, rules), classify(table, rules), rules)
    except InvalidCombo as error:  # the cards are no combination under these rules
        return f"no: {error}"
    return "yes" if reason is None else f"no: {reason}"


def main() -> int:
    width = max(len(name) for name in PROFILES)
    for what, play, table in CHECKS:
        print(f"{what}: {play} on {table}")
        for name, rules in PROFILES.items():
            print(f"  {name:<{width}}  {verdict(play, table, rules)}")
        print()
    hand = parse_cards(HAND)
    print(f"answers to {TABLE} from the hand {format_cards(hand)}:")
    for name, rules in PROFILES.items():
        plays = legal_plays(hand, classify(TABLE, rules), rules)
        print(f"  {name:<{width}}  {', '.join(str(p) for p in plays) or 'nothing (pass)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
