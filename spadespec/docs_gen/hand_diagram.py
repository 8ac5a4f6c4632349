"""A hand drawn as a card player draws it: the hands round a compass, then the tricks."""

from __future__ import annotations

from html import escape

from spadespec.docs_gen.cards import JOKER_NAMES, SEAT_NAMES, SUIT_SYMBOLS, card_parts, card_short
from spadespec.docs_gen.hand_record import HandRecord

_SUIT_ROWS = ("S", "H", "D", "C")
_RANK_ORDER = "AKQJT98765432"
_RED = {"H", "D"}


def _rank(rank: str) -> str:
    return "10" if rank == "T" else rank


def card_html(card: str, strong: bool = False) -> str:
    """One card as rank and suit symbol, red for hearts and diamonds; a joker as `BJ`/`LJ`."""
    cls = "sp-card" + (" sp-won" if strong else "")
    if card in JOKER_NAMES:
        return f'<span class="{cls} sp-black" title="{escape(JOKER_NAMES[card])}">{card}</span>'
    colour = "sp-red" if card_parts(card)[1] in _RED else "sp-black"
    return f'<span class="{cls} {colour}" title="{escape(card)}">{card_short(card)}</span>'


def _suit_row(cards: list[str], suit: str, top_trumps: tuple[str, ...]) -> str:
    """A hand's cards of one suit as played, highest first: the top trumps head the spades, and
    a mega card (7+) comes just before its twin."""
    held = []  # (rank's place, 0 for a mega card or 1 for a plain one, as shown)
    for card in cards:
        if card in top_trumps or card in JOKER_NAMES:
            continue
        rank, printed_suit, mark = card_parts(card)
        if printed_suit == suit:
            held.append((_RANK_ORDER.index(rank), 0 if mark else 1, _rank(rank) + mark))
    shown = [text for *_, text in sorted(held)]
    if suit == "S":
        shown = [card_html(c) for c in top_trumps if c in cards] + shown
    colour = "sp-red" if suit in _RED else "sp-black"
    return (
        f'<div class="sp-suit"><span class="sp-sym {colour}">{SUIT_SYMBOLS[suit]}</span> '
        f"{' '.join(shown) or '—'}</div>"
    )


def _seat_html(hand: HandRecord, seat: str) -> str:
    cards = hand.dealt.get(seat, [])
    rows = [_suit_row(cards, suit, hand.top_trumps) for suit in _SUIT_ROWS]
    bid = hand.bids.get(seat)
    took = sum(1 for t in hand.tricks if t.winner == seat)
    facts = [SEAT_NAMES[seat] + (" (dealer)" if seat == hand.dealer else "")]
    if bid is not None:
        facts.append(f"bid {bid}")
    if hand.tricks:
        facts.append(f"took {took}")
    head = f'<div class="sp-seat-name">{escape(" · ".join(facts))}</div>'
    return f'<div class="sp-seat sp-{seat}">{head}{"".join(rows)}</div>'


_FIVE = ("NW", "N", "NE", "SW", "SE")
"""A five-seat table's seats in the diagram's reading order: North between the two northern
seats, the two southern ones below."""
_SEVEN = ("NW", "N", "NE", "W", "E", "SW", "SE")
"""A seven-seat table's, the same with West and East between the rows."""
_SIX = ("NW", "N", "NE", "SW", "SE", "S")
"""A six-seat table's: five's with South below."""
_EIGHT = ("NW", "N", "NE", "W", "E", "SW", "S", "SE")
"""An eight-seat table's: seven's with South between South-west and South-east."""


def deal_html(hand: HandRecord) -> str:
    """The hands as dealt, North at the top, as a CSS grid (West's place empty for three; at
    five, North between North-west and North-east, South-west and South-east below; at seven,
    West and East between those rows, South's place empty; at six, five's with South below; at
    eight, seven's with South between South-west and South-east)."""
    wider = any(seat in hand.seats for seat in _FIVE if len(seat) == 2)
    seven = wider and "E" in hand.seats
    if wider and "S" in hand.seats:  # six or eight: South below the compass
        eight = seven
        middle = "<span>W&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;E</span>" if eight else ""
        compass = (
            '<div class="sp-compass"><span>NW&nbsp;&nbsp;N&nbsp;&nbsp;NE</span>'
            f"{middle}<span>SW&nbsp;&nbsp;S&nbsp;&nbsp;SE</span></div>"
        )
        order: tuple[str, ...] = _EIGHT if eight else _SIX
        kind = "sp-deal sp-deal-eight" if eight else "sp-deal sp-deal-six"
    elif seven:
        compass = (
            '<div class="sp-compass"><span>NW&nbsp;&nbsp;N&nbsp;&nbsp;NE</span>'
            "<span>W&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;E</span>"
            "<span>SW&nbsp;&nbsp;&nbsp;&nbsp;SE</span></div>"
        )
        order = _SEVEN
        kind = "sp-deal sp-deal-seven"
    elif wider:
        compass = (
            '<div class="sp-compass"><span>NW&nbsp;&nbsp;N&nbsp;&nbsp;NE</span>'
            "<span>SW&nbsp;&nbsp;&nbsp;&nbsp;SE</span></div>"
        )
        order = _FIVE
        kind = "sp-deal sp-deal-five"
    else:
        compass = (
            '<div class="sp-compass"><span>N</span>'
            "<span>W&nbsp;&nbsp;&nbsp;E</span><span>S</span></div>"
        )
        order = ("N", "W", "E", "S")
        kind = "sp-deal"
    seats = "".join(_seat_html(hand, s) for s in order if s in hand.seats)
    label = f"the {len(hand.seats)} hands as dealt"
    # Card strings are no words to search for: the search index leaves the diagram out. (An
    # <aside>, since the theme's indexer forgets an excluded <div> once any <div> in it closes.)
    return (
        f'<aside class="{kind}" role="figure" aria-label="{label}" data-search-exclude>'
        f"{seats}{compass}</aside>"
    )


def tricks_html(hand: HandRecord) -> str:
    """The tricks as played: one row per trick, cards under their seat, the winner's card bold."""
    head = "".join(f"<th>{SEAT_NAMES[s]}</th>" for s in hand.seats)
    rows = []
    for number, trick in enumerate(hand.tricks, start=1):
        by_seat = dict(trick.cards)
        winning = by_seat[trick.winner]
        cells = "".join(
            "<td>"
            + card_html(by_seat[s], strong=(s == trick.winner))
            + ('<span class="sp-led" title="led">&#9664;</span>' if s == trick.leader else "")
            + "</td>"
            for s in hand.seats
        )
        rows.append(
            f"<tr><td>{number}</td>{cells}"
            f"<td>{SEAT_NAMES[trick.winner]} ({card_html(winning)})</td></tr>"
        )
    return (
        '<table class="sp-tricks" data-search-exclude><thead><tr><th>trick</th>'
        + head
        + "<th>won by</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def hand_figure(hand: HandRecord, caption: str) -> str:
    """The deal and the tricks together, as one block of HTML for a Markdown page."""
    parts = [
        f'<figure class="sp-hand">{deal_html(hand)}'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    ]
    if hand.tricks:
        parts.append(tricks_html(hand))
        parts.append(
            '<p class="sp-legend">&#9664; marks the card led; the winning card is bold.</p>'
        )
    return "\n\n".join(parts) + "\n"
