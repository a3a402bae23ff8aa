"""Cards: notation in every accepted spelling, game order, and refusals that name the bad token."""

from __future__ import annotations

import pickle

import pytest
from builders import refused_quickly, spelt
from hypothesis import given, strategies as st

from tienlen import (
    DECK,
    HOUSE,
    Card,
    IllegalPlay,
    InvalidCards,
    InvalidRecord,
    Rank,
    Round,
    Suit,
    format_cards,
    parse_cards,
)
from tienlen.game._words import ACTIONS, RANKS, SUITS, plain, spellings
from tienlen.game.cards import cards_of, mask_of, to_mask

TEN_OF_HEARTS = Card.of(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10♥", "10h", "10H", "Th", "T♥", "tH", "10 ♥", "10♡", "10 cơ", "10 co"])
def test_ten_of_hearts_is_written_many_ways(text: str) -> None:
    assert Card.parse(text) is TEN_OF_HEARTS


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("2♦", Rank.TWO, Suit.DIAMONDS),
        ("2d", Rank.TWO, Suit.DIAMONDS),
        ("2D", Rank.TWO, Suit.DIAMONDS),
        ("3 bích", Rank.THREE, Suit.SPADES),
        ("3 bich", Rank.THREE, Suit.SPADES),
        ("5 chuồn", Rank.FIVE, Suit.CLUBS),
        ("5 nhép", Rank.FIVE, Suit.CLUBS),
        ("5 nhep", Rank.FIVE, Suit.CLUBS),
        ("K rô", Rank.KING, Suit.DIAMONDS),
        ("K ro", Rank.KING, Suit.DIAMONDS),
        ("2 cơ", Rank.TWO, Suit.HEARTS),
        ("As", Rank.ACE, Suit.SPADES),
        ("a♠", Rank.ACE, Suit.SPADES),
        ("Jc", Rank.JACK, Suit.CLUBS),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
    ],
)
def test_vietnamese_and_ascii_suit_words_parse(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["3♠ 4♣ 5♦", "3s4c5d", "3S,4C,5D", "5d, 3s 4c", "3 bích 4 nhép 5 rô", "3s; 4c;5d"])
def test_card_lists_parse_in_any_separator_and_come_out_sorted(text: str) -> None:
    assert format_cards(parse_cards(text)) == "3♠ 4♣ 5♦"


def test_three_of_spades_is_lowest_and_two_of_hearts_highest() -> None:
    assert min(DECK) is Card.parse("3♠") is DECK[0]
    assert max(DECK) is Card.parse("2♥") is DECK[51]
    assert sorted(DECK, key=lambda c: c.index) == list(DECK)


def test_cards_order_by_rank_then_suit() -> None:
    assert Card.parse("3♥") < Card.parse("4♠")
    assert Card.parse("A♥") < Card.parse("2♠")
    assert Card.parse("7♠") < Card.parse("7♣") < Card.parse("7♦") < Card.parse("7♥")
    assert [str(c) for c in DECK[:5]] == ["3♠", "3♣", "3♦", "3♥", "4♠"]


def test_card_index_is_rank_times_four_plus_suit() -> None:
    for card in DECK:
        assert card.index == card.rank * 4 + card.suit
        assert card.mask == 1 << card.index
        assert Card(card.index) is card is Card.of(card.rank, card.suit)


def test_red_suits_are_diamonds_and_hearts() -> None:
    assert [s.is_red for s in Suit] == [False, False, True, True]
    assert Card.parse("2♦").is_red and not Card.parse("2♣").is_red


def test_card_text_and_repr_round_trip() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card
        assert pickle.loads(pickle.dumps(card)) is card


@given(st.sets(st.sampled_from(DECK)))
def test_parse_cards_inverts_format_cards(cards: set[Card]) -> None:
    ordered = tuple(sorted(cards))
    assert parse_cards(format_cards(ordered)) == ordered
    assert parse_cards(format_cards(mask_of(ordered))) == ordered
    assert cards_of(to_mask(format_cards(ordered))) == ordered


@given(st.sets(st.sampled_from(DECK), min_size=1), st.sampled_from(["", " ", ",", ", ", ";"]))
def test_parse_cards_reads_ascii_written_cards(cards: set[Card], sep: str) -> None:
    ascii_text = sep.join(str(c.rank.symbol).replace("10", "T") + "scdh"[c.suit] for c in cards)
    assert parse_cards(ascii_text) == tuple(sorted(cards))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("11h", "11h"),
        ("3x", "3x"),
        ("Zs", "Zs"),
        ("3s 4q", "4q"),
        ("hello", "hello"),
        ("1h", "1h"),
        ("3s ♥", "♥"),
        ("3", "3"),
        ("10", "10"),
        ("3 bíchx", "3 bíchx"),
    ],
)
def test_junk_unknown_rank_or_suit_raises_naming_the_token(text: str, token: str) -> None:
    with pytest.raises(InvalidCards, match=f"cannot read '{token}' as a card"):
        parse_cards(text)


def test_duplicate_card_raises_naming_the_card() -> None:
    with pytest.raises(InvalidCards, match="3♠ is written twice"):
        parse_cards("3s 4c 3♠")
    with pytest.raises(InvalidCards, match="appears twice"):
        mask_of([DECK[0], DECK[0]])


def test_one_card_parse_refuses_several_or_none() -> None:
    with pytest.raises(InvalidCards, match="is not one card"):
        Card.parse("3s 4c")
    with pytest.raises(InvalidCards, match="is not one card"):
        Card.parse("")


def test_card_index_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidCards, match="no card with index 52"):
        Card(52)


def test_invalid_cards_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_cards("nonsense")


def test_non_text_and_non_card_inputs_are_refused() -> None:
    with pytest.raises(InvalidCards, match="card text must be text"):
        parse_cards(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidCards, match="is not a Card"):
        mask_of(["3s"])  # type: ignore[list-item]
    with pytest.raises(InvalidCards, match="not a card mask"):
        to_mask(1 << 52)


@pytest.mark.parametrize("text", ["3ı", "3İ", "3bıch"])
def test_look_alike_letters_are_refused_as_cards_not_crashes(text: str) -> None:
    refused_quickly(lambda: parse_cards(text), InvalidCards, "cannot read")
    refused_quickly(lambda: Round.deal(HOUSE, seed=1).play(text), IllegalPlay, "cannot read")
    refused_quickly(lambda: Round.from_notation(f"house p2 d0 first | {text} / 4♠ |"), InvalidRecord, "cannot read")


def test_compatibility_letters_read_as_their_plain_form() -> None:
    """NFKC: the long s is an s, the Kelvin sign a K, full-width digits are digits (documented)."""
    assert parse_cards("3ſ \u212aH １０ｄ") == parse_cards("3s KH 10d")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Q♥\ufe0f", "Q♥"),  # a phone's emoji heart, with the variation selector
        ("Q\u2764\ufe0f", "Q♥"),  # the heavy heart emoji
        ("１０♠ Ｊ♣", "10♠ J♣"),  # full-width digits and letters
        ("10\u2661", "10♥"),  # the white heart suit
        ("q♥ jh TH", "Q♥ J♥ 10♥"),  # any case
        ("3 BÍCH, 4 Chuồn, 5 NHÉP, 6 rô, 7 CƠ", "3♠ 4♣ 5♣ 6♦ 7♥"),  # Vietnamese suit words in any case
        ("3 bi\u0301ch", "3♠"),  # a decomposed accent
        ("3\u200b♠ 4\u200d♠", "3♠ 4♠"),  # zero-width characters are dropped
    ],
)
def test_card_text_is_forgiving(text: str, cards: str) -> None:
    assert parse_cards(text) == parse_cards(cards)


@pytest.mark.parametrize("text", ["3♠ \u200bX\ufe0f", "3♠ Z\u202e", "3♠ \x1b[31mZ", "3♠ Z\x00"])
def test_card_errors_quote_the_visible_token_and_no_invisible_character(text: str) -> None:
    message = refused_quickly(lambda: parse_cards(text), InvalidCards)
    assert all(c.isprintable() for c in message) and "\ufe0f" not in message and "\u200b" not in message


def test_cards_are_immutable_and_shared() -> None:
    with pytest.raises(AttributeError):
        DECK[0].rank = Rank.TWO
    with pytest.raises(AttributeError):
        del DECK[0].suit
    assert str(DECK[0]) == "3♠" and Card.parse("3♠") is DECK[0]


# ---------------------------------------------------------------------------- Vietnamese words
@pytest.mark.parametrize(("word", "rank"), list(RANKS.items()))
def test_every_rank_word_reads_in_every_spelling(word: str, rank: int) -> None:
    for form in spelt(word):
        for text, suit in ((f"{form} ♥", Suit.HEARTS), (f"{form}♠", Suit.SPADES), (f"{form} d", Suit.DIAMONDS)):
            assert Card.parse(text) is Card.of(rank, suit), text


@pytest.mark.parametrize(("word", "suit"), list(SUITS.items()))
def test_every_suit_word_reads_in_every_spelling(word: str, suit: int) -> None:
    for form in spelt(word):
        for text, rank in ((f"3 {form}", Rank.THREE), (f"10{form}", Rank.TEN), (f"Q {form}", Rank.QUEEN)):
            assert Card.parse(text) is Card.of(rank, suit), text


def test_the_words_of_the_table_are_told_apart_without_their_diacritics() -> None:
    for table in (RANKS, SUITS, ACTIONS):
        assert len({plain(word) for word in table}) == len(table)
    assert not set(spellings(RANKS)) & set(spellings(SUITS))
    for word in spellings(ACTIONS):  # an action word is never a card, so "qua" cannot be read as Q
        with pytest.raises(InvalidCards):
            parse_cards(word)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 co", "3♥"),  # cơ without its mark is hearts; the letter c is clubs
        ("3c", "3♣"),
        ("3 ro", "3♦"),
        ("tam ro", "8♦"),  # tám (8), not T (10)
        ("T ro", "10♦"),
        ("at s", "A♠"),
        ("ba bich", "3♠"),
        ("3sba co", "3♠ 3♥"),  # a letter suit may run on into the next card, a word too
        ("heo♥ xì♠", "A♠ 2♥"),
    ],
)
def test_words_that_look_like_letters_read_by_the_longest_spelling(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("bad", "bad"),  # not ba (3) and d: a rank word does not run on into a letter
        ("heoco", "heoco"),
        ("heo", "heo"),
        ("bích", "bích"),
        ("bôi cơ", "bôi"),  # some diacritics and not others
        ("3s heo 4c", "heo"),
        ("bỏ", "bỏ"),
    ],
)
def test_vietnamese_junk_is_refused_naming_the_token(text: str, token: str) -> None:
    with pytest.raises(InvalidCards, match=f"cannot read '{token}' as a card"):
        parse_cards(text)


def vietnamese_name(card: Card) -> st.SearchStrategy[str]:
    """How a Vietnamese player may write ``card``: a rank word or the rank's number, a suit word."""
    ranks = [w for w, r in RANKS.items() if r == card.rank] + ([card.rank.symbol] if card.rank <= Rank.TEN else [])
    suits = [w for w, s in SUITS.items() if s == card.suit]
    return st.tuples(st.sampled_from(ranks), st.sampled_from(suits)).flatmap(
        lambda pair: st.tuples(*(st.sampled_from(spelt(word)) for word in pair)).map(" ".join)
    )


@given(st.sampled_from(DECK).flatmap(lambda card: st.tuples(st.just(card), vietnamese_name(card))))
def test_every_cards_vietnamese_name_reads_back_to_the_card(named: tuple[Card, str]) -> None:
    card, name = named
    assert Card.parse(name) is card


@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True).flatmap(
        lambda cards: st.tuples(st.just(cards), st.tuples(*map(vietnamese_name, cards)))
    ),
    st.sampled_from([" ", ", ", "; ", "  "]),
)
def test_a_hand_in_vietnamese_reads_back(hand: tuple[list[Card], tuple[str, ...]], sep: str) -> None:
    cards, names = hand
    assert parse_cards(sep.join(names)) == tuple(sorted(cards))
