"""Is the shuffle fair? Many deals, tested against what chance gives: each card's seat, pairs
of cards in one hand, each hand's suit lengths, the first leader's hand, repeated deals.

    spadespec shuffle-test --variant standard --deals 20000 --seed 7
    spadespec shuffle-test --variant standard --from deals.jsonl

The deals come from any iterable of `Dealt` (`deals.py`): the reference engine's own shuffle,
a file of deals, and later an engine that deals or audited records; `check_shuffle`
(`verdict.py`) tests them.
"""
