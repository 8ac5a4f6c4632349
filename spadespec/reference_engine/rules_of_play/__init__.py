"""The rules of bidding and play, one small function per option, kept in tables keyed by the
variant's value so a rule can be found by its name:

| rule (variant field)           | table                  | module   |
| ------------------------------ | ---------------------- | -------- |
| deal.dealer_rotation           | `DEALER_ROTATION`      | turns    |
| bidding.first_bidder           | `FIRST_BIDDER`         | turns    |
| play.first_leader              | `FIRST_LEADER`         | turns    |
| play.first_lead                | `FIRST_LEAD`           | leads    |
| play.spades_lead               | `SPADES_LEAD`          | leads    |
| play.spades_broken_by          | `SPADES_BROKEN_BY`     | leads    |
| following suit, trick winner   | `legal_follows`, `beaten_by`, `beats`, `trick_winner` | tricks |
| bidding.constraint             | `BID_CONSTRAINT`       | bids     |
| legal bids, refusals           | `legal_bids`, `bid_refusal` | bids   |

Turns walk round the variant's table (`spadespec.reference_engine.table`); following and winning ask
its pack (`spadespec.reference_engine.pack`); bids are judged with a `BidContext` (the bidder's
hand, spades, partner's bid and how far the side trails). A game looks each rule up once, when its
variant is resolved into a plan (`spadespec.reference_engine.plan`), and calls the function from
there (who beats whom it reads as the table `beaten_by` gives). It looks them up in a rulebook
(`spadespec.reference_engine.rulebook`), which holds read-only copies of these tables: the
standard rulebook's are these.
"""

from spadespec.reference_engine.rules_of_play.bids import (
    BID_CONSTRAINT,
    BidContext,
    bid_refusal,
    legal_bids,
)
from spadespec.reference_engine.rules_of_play.leads import (
    FIRST_LEAD,
    SPADES_BROKEN_BY,
    SPADES_LEAD,
    FirstLeadRule,
)
from spadespec.reference_engine.rules_of_play.tricks import (
    beaten_by,
    beats,
    legal_follows,
    trick_winner,
)
from spadespec.reference_engine.rules_of_play.turns import (
    DEALER_ROTATION,
    FIRST_BIDDER,
    FIRST_LEADER,
)

__all__ = [
    "BID_CONSTRAINT",
    "DEALER_ROTATION",
    "FIRST_BIDDER",
    "FIRST_LEAD",
    "FIRST_LEADER",
    "SPADES_BROKEN_BY",
    "SPADES_LEAD",
    "BidContext",
    "FirstLeadRule",
    "beaten_by",
    "beats",
    "bid_refusal",
    "legal_bids",
    "legal_follows",
    "trick_winner",
]
