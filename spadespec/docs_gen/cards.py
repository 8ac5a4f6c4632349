"""Card and seat names as a rulebook writes them."""

from __future__ import annotations

RANK_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SEAT_NAMES = {
    "N": "North", "E": "East", "S": "South", "W": "West",
    "NE": "North-east", "SE": "South-east", "SW": "South-west", "NW": "North-west",
}  # fmt: skip
SIDE_NAMES = {
    "NS": "North–South",
    "EW": "East–West",
    "N-S": "North–South",
    "E-W": "East–West",
    "NE-SW": "North-east–South-west",
    "SE-NW": "South-east–North-west",
}


def side_name(side: str) -> str:
    """`NS` -> "North–South"; a player alone is their seat: `E` -> "East"."""
    return SIDE_NAMES.get(side) or SEAT_NAMES.get(side, side)


JOKER_NAMES = {"BJ": "the big joker", "LJ": "the little joker"}


def card_parts(card: str) -> tuple[str, str, str]:
    """A printed card's rank letter, suit letter and mark: `7S+` -> ("7", "S", "+"), the mark
    `+` for a mega card and "" for any other; accepts `10D` and lower case as well as `TD`."""
    text = card.strip().upper().replace("10", "T")
    plain = text.removesuffix("+")
    return plain[:-1], plain[-1], text[len(plain) :]


def card_name(card: str) -> str:
    """`2C` -> "the two of clubs", `BJ` -> "the big joker", `7S+` -> "the mega seven of
    spades"; accepts `10D` as well as `TD`."""
    text = card.strip().upper()
    if text in JOKER_NAMES:
        return JOKER_NAMES[text]
    rank, suit, mark = card_parts(text)
    mega = "mega " if mark else ""
    return f"the {mega}{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


def card_short(card: str) -> str:
    """`TD` -> "10♦", the way a card looks on a diagram (`7S+` -> "7♠+"); a joker stays `BJ` or
    `LJ`."""
    text = card.strip().upper()
    if text in JOKER_NAMES:
        return text
    rank, suit, mark = card_parts(text)
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit] + mark
