"""The resolved rules of one variant: a frozen, typed record the engine reads.

Each option is a string enum whose values are exactly what a variant file writes. The YAML
groups rules by the stage of the game they govern (deck, deal, bidding, play, scoring,
game_end); the dataclasses here mirror that grouping field for field, so `rules.play.first_lead`
in Python is `rules: play: first_lead:` in a file.
"""

from dataclasses import dataclass, field, fields, replace
from enum import Enum, StrEnum
from typing import Any, get_type_hints


class DeckKind(StrEnum):
    STANDARD_52 = "standard-52"
    """All 52 cards, no jokers; aces high, spades always trump."""
    JOKERS_54 = "jokers-54"
    """The 52 cards plus a big joker (`BJ`) and a little joker (`LJ`); which cards come out
    to make the deal even is `deck.removed`, where the jokers rank is `deck.top_trumps`."""
    MEGA_65 = "mega-65"
    """The 52 cards and 13 mega cards (Graham Spades' pack for five): a mega card is a second
    printing of a card, ranked just above it and below the next rank (`7S+` beats `7S` and loses
    to `8S`). The mega cards are the lowest ranks first, twos up, each rank in the order spades,
    hearts, diamonds, clubs, and no mega ace: 2S+ to 4C+, then 5S+."""
    MEGA_78 = "mega-78"
    """The 52 cards and 26 mega cards (Graham Spades' pack for six): the mega twos to sevens,
    then 8S+ and 8H+."""
    MEGA_91 = "mega-91"
    """The 52 cards and 39 mega cards (Graham Spades' pack for seven): the mega twos to tens,
    then JS+, JH+ and JD+."""
    MEGA_104 = "mega-104"
    """The 52 cards and a mega card for each (Graham Spades' pack for eight), aces too."""


class Sides(StrEnum):
    PARTNERSHIPS = "partnerships"
    """Partners sit opposite and score together: North-South against East-West at four; at six
    or eight every player partners the one opposite (`N-S`, `NE-SW`, `E-W`, `SE-NW`)."""
    INDIVIDUAL = "individual"
    """Every player scores alone ("cutthroat"): each seat is its own side."""
    PARTNERSHIPS_AND_SPOILER = "partnerships-and-spoiler"
    """Five players: North alone (the spoiler), North-east with South-west and South-east with
    North-west, each pair sitting opposite across South's empty place."""


class FirstDealer(StrEnum):
    RANDOM = "random"
    """The first dealer is chosen at random (a seed picks the seat)."""
    HIGH_CARD = "high-card"
    """Each player draws a card; the highest deals first."""


class DealerRotation(StrEnum):
    CLOCKWISE = "clockwise"
    """The deal passes one seat to the left (clockwise) after every hand."""


class Kitty(StrEnum):
    NONE = "none"
    """No kitty: the cards in play deal out evenly, each player the same number."""
    DEALER_TAKES_TWO = "dealer-takes-two"
    """The whole pack is dealt, two cards more than deal out evenly; the dealer takes those two
    as well and, before the bidding, lays two cards of the hand aside face down, out of play."""


class RedealBy(StrEnum):
    RULE = "rule"
    """A deal the rules throw in (`redeal_spades_below`, `redeal_no_face_card`) is thrown in
    at once, whatever its players would like."""
    HOLDER = "holder"
    """The holder of each hand that would throw the deal in chooses, in turn from the dealer's
    left, whether to call the redeal; the first call throws it in, and if none calls the hand is
    bid and played as dealt."""


class FirstBidder(StrEnum):
    LEFT_OF_DEALER = "left-of-dealer"
    """The player on the dealer's left bids first; the dealer bids last."""
    DEALER = "dealer"
    """The dealer bids first."""


class NilBid(StrEnum):
    ALLOWED = "allowed"
    """A player may bid nil: to take no tricks at all, scored on its own."""
    NOT_ALLOWED = "not-allowed"
    """Nil may not be bid; every bid is a number of tricks."""


class BlindNil(StrEnum):
    NOT_ALLOWED = "not-allowed"
    """Nobody may bid nil before looking at their cards."""
    ALLOWED = "allowed"
    """A player may bid blind nil (`blind-nil`), subject to `bidding.blind_nil_trailing_by`."""


class ExchangeOrder(StrEnum):
    PARTNER_FIRST = "partner-first"
    """After a blind nil, the partner passes cards to the blind nil bidder, who then passes
    the same number back."""
    BIDDER_FIRST = "bidder-first"
    """After a blind nil, the blind nil bidder passes cards to the partner first, who then
    passes the same number back."""


class NilExchange(StrEnum):
    BLIND_ONLY = "blind-only"
    """Only a blind nil opens the exchange of `bidding.blind_nil_exchange` cards."""
    SEEN_TOO = "seen-too"
    """A nil bid with the cards seen opens the same exchange as a blind nil, in the same order
    (the nil bidder in the blind nil bidder's part); a side whose two players both bid nil,
    seen or blind, exchanges nothing."""


class BidConstraint(StrEnum):
    FREE = "free"
    """Any bid in the range (and nil, where allowed) may be made."""
    SUICIDE = "suicide"
    """Exactly one partner of each side bids nil: the second to bid must bid nil if the first
    did not, and may not if the first did."""
    MIRROR = "mirror"
    """Each player must bid the number of spades (trumps) they hold; holding none, nil."""
    WHIZ = "whiz"
    """Each player bids either nil or the number of spades (trumps) they hold."""


class FirstLeader(StrEnum):
    LEFT_OF_DEALER = "left-of-dealer"
    """The player on the dealer's left leads to the first trick."""
    DEALER = "dealer"
    """The dealer leads to the first trick."""
    HOLDER_OF_CARD = "holder-of-card"
    """Whoever holds the named first-lead card (usually the 2 of clubs) leads first."""


class FirstLead(StrEnum):
    ANY = "any"
    """The first lead follows the ordinary leading rules and nothing more."""
    NAMED_CARD = "named-card"
    """The first lead must be the named first-lead card."""
    LOWEST_CLUB = "lowest-club"
    """The first leader must lead their lowest club; with no club, any heart or diamond;
    a spade only from a hand of nothing but spades."""


class SpadesLead(StrEnum):
    AFTER_BROKEN = "after-broken"
    """Spades may not be led until broken, unless the leader holds nothing but spades."""
    ANY_TIME = "any-time"
    """Spades may be led at any time, broken or not."""


class SpadesBrokenBy(StrEnum):
    ANY_SPADE_PLAYED = "any-spade-played"
    """Spades are broken once any spade has been played to a trick, even one led by a player
    who held nothing else."""
    SPADE_ON_OTHER_SUIT = "spade-on-other-suit"
    """Spades are broken only when a spade is played to a trick led in another suit."""


class WhenVoid(StrEnum):
    ANY_CARD = "any-card"
    """A player with none of the suit led may play any card, a spade or not."""
    TRUMP = "trump"
    """A player with none of the suit led must play a spade if holding one (any spade)."""
    OVERTRUMP = "overtrump"
    """A player with none of the suit led must play a spade that takes the trick as it stands
    (any spade when none is in it, else one above the highest there) if holding one; holding
    only lower spades, or none, any card."""


class FirstTrick(StrEnum):
    ANY = "any"
    """The first trick is played like any other: follow suit if able, else any card."""
    LOWEST_OF_SUIT = "lowest-of-suit"
    """On the first trick a player holding the suit led must play their lowest card of it."""
    NO_SPADES = "no-spades"
    """No spade may be played to the first trick by a player who may play anything else: the
    leader leads, and a player void in the suit led discards, a card of another suit unless
    the hand holds nothing but spades (a spade led is still followed with a spade)."""
    LOWEST_AND_NO_SPADES = "lowest-and-no-spades"
    """Both: on the first trick a player holding the suit led plays their lowest card of it,
    and a player void in it (or the leader) plays a spade only from a hand of nothing else."""


class SetPenalty(StrEnum):
    PER_TRICK_BID = "per-trick-bid"
    """A set side loses the penalty for every trick it bid."""
    PER_TRICK_SHORT = "per-trick-short"
    """A set side loses the penalty only for each trick it fell short."""
    NOTHING = "nothing"
    """A set side scores nothing for the hand's contract: no points won, none lost."""


class NilTricks(StrEnum):
    COUNT = "count"
    """A nil bidder's tricks count toward the partnership's contract and its overtricks."""
    BAGS_ONLY = "bags-only"
    """A nil bidder's tricks do not help the partner's contract, but each one is a bag."""
    IGNORED = "ignored"
    """A nil bidder's tricks count for nothing beyond failing the nil."""
    OVERTRICKS = "overtricks"
    """A nil bidder's tricks are that player's own overtricks: a point and a bag each, whether
    or not the partner makes the contract, and no help toward it."""


class DoubleNilTricks(StrEnum):
    AS_SINGLE_NIL = "as-single-nil"
    """When both partners bid nil, each nil bidder's tricks count as `scoring.nil_tricks` says,
    just as a single nil's would."""
    IGNORED = "ignored"
    """When both partners bid nil, the tricks they take count for nothing: no overtrick, no
    bag; they only fail the nils."""


class BagsCount(StrEnum):
    CONTRACT_MADE = "contract-made"
    """Bags are recorded only in a hand where the partnership made its contract."""
    ALWAYS = "always"
    """Bags are recorded whether or not the contract was made."""
    NEVER = "never"
    """Bags are switched off: overtricks score their points, but no bag is ever recorded."""


class BagCarry(StrEnum):
    EXCESS_CARRIES = "excess-carries"
    """When the penalty is paid, the threshold is taken off the count and the rest carries on."""
    RESET = "reset"
    """When the penalty is paid, the count goes back to zero, excess and all."""


class TargetRule(StrEnum):
    REACH = "reach"
    """The game ends when a side's total is at or above the target."""
    EXCEED = "exceed"
    """The game ends only when a side's total is strictly above the target."""


class BostonRule(StrEnum):
    ORDINARY = "ordinary"
    """A side that bids and takes every trick of the hand scores it like any other contract."""
    POINTS = "points"
    """A side that bids every trick ("Boston") scores `scoring.boston_points` if it takes them
    all, and loses that many if it does not."""
    WINS_GAME = "wins-game"
    """A side that bids every trick and takes them all wins the game at once; missing it is
    an ordinary set."""


class MoonRule(StrEnum):
    ORDINARY = "ordinary"
    """A side that takes every trick of the hand scores it like any other hand."""
    WINS_GAME = "wins-game"
    """A side that takes every trick of the hand ("shooting the moon"), whatever it bid, wins
    the game at once; the hand is not scored, so every side's total stays where it was."""
    WINS_GAME_IF_BID = "wins-game-if-bid"
    """A side that bids every trick of the hand and takes them all (a Boston made) wins the
    game at once, the hand not scored; taking every trick on a smaller bid scores as usual."""


class ContractMade(StrEnum):
    AT_LEAST = "at-least"
    """A side makes its contract with at least as many tricks as it bid; the rest are
    overtricks."""
    EXACTLY = "exactly"
    """A side makes its contract only with exactly as many tricks as it bid: a trick more sets it
    as a trick fewer does, so no contract has overtricks ("exactly the bid or nothing")."""


class TieRule(StrEnum):
    TIE = "tie"
    """Equal totals when the game ends are a drawn game."""
    PLAY_ANOTHER_HAND = "play-another-hand"
    """Equal totals when the game would end mean another hand is played."""


@dataclass(frozen=True, slots=True)
class DeckRules:
    """The pack of cards in play."""

    cards: DeckKind
    removed: tuple[str, ...]
    """Cards taken out before the deal so it comes out even (e.g. `2C 2D` with jokers, `2C`
    for three players), written rank then suit."""
    top_trumps: tuple[str, ...]
    """Cards ranked above the ace of spades, highest first (e.g. `BJ LJ 2D 2S`); each counts
    as a spade for following suit, leading and breaking spades."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """The table: how many play, and who scores with whom."""

    players: int
    """2 to 8. Two players sit N and S, facing each other, and draw their hands from a
    stock, half the pack going out of play; three sit N, E, S (South's left is North); four sit
    N, E, S, W; five sit N, NE, SE, SW, NW (`table.SEATINGS`), each alone or as two pairs and a
    spoiler; six sit N, NE, SE, S, SW, NW as three pairs; seven sit N, NE, E, SE, SW, W, NW as
    three pairs and a spoiler; eight sit at every point of the compass as four pairs."""
    sides: Sides


@dataclass(frozen=True, slots=True)
class DealRules:
    """Who deals, and how the deal moves round the table."""

    first_dealer: FirstDealer
    dealer_rotation: DealerRotation
    kitty: Kitty
    redeal_spades_below: int | None
    """A deal in which any hand holds fewer than this many spades (a top trump counting as a
    spade) is thrown in before anyone bids, unscored, and the same dealer deals again (1: a hand
    with no spades); null: every deal is played."""
    redeal_no_face_card: bool
    """A deal in which any hand holds no jack, queen or king is thrown in like one short of
    spades (`redeal_spades_below`)."""
    redeal_by: RedealBy
    """Whether such a deal is thrown in at once or at its deficient holders' choice."""


@dataclass(frozen=True, slots=True)
class BiddingRules:
    """The auction: who bids first and which bids exist."""

    first_bidder: FirstBidder
    min_bid: int
    max_bid: int
    nil: NilBid
    blind_nil: BlindNil
    blind_nil_trailing_by: int | None
    """Blind nil only by a player whose side trails the leading other side by at least this
    many points when the hand is dealt; null: at any time."""
    blind_nil_exchange: int
    """Cards passed each way between a blind nil bidder and the partner, 0 to 4."""
    blind_nil_exchange_order: ExchangeOrder
    nil_exchange: NilExchange
    blind_bid_min: int | None
    """The least blind numeric bid: a player may bid this many tricks or more, up to
    `max_bid`, before looking at the cards (`blind-N`); null: no blind numeric bids."""
    blind_bid_trailing_by: int | None
    """Blind numeric bids only by a player whose side trails the leading other side by at least
    this many points when the hand is dealt; null: at any time."""
    team_minimum: int | None
    """The least a partnership may bid in all (its numeric bids added); null: no minimum."""
    team_maximum: int | None
    """The most a partnership may bid in all (its numeric bids added, a nil as nothing); null:
    no cap beyond each player's own highest bid."""
    constraint: BidConstraint
    dealer_hook: bool
    """The dealer's hook: the last player to bid may not bring every player's numeric bids
    together (a nil as nothing) to the tricks in a hand, so that somebody is set; false: no
    such limit."""
    table_minimum: int | None
    """The least every player's numeric bids together (a nil as nothing) may come to: the last
    player to bid must bring them there; null: no such limit."""
    table_maximum: int | None
    """The most every player's numeric bids together (a nil as nothing) may come to: no bid
    may take them past it, whoever makes it; null: no such limit."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """Playing the tricks: the first lead, leading spades, and what a follower must play."""

    first_leader: FirstLeader
    first_lead: FirstLead
    first_lead_card: str | None
    spades_lead: SpadesLead
    spades_broken_by: SpadesBrokenBy
    must_head: bool
    """A player following suit must beat the card now taking the trick if holding a card of the
    suit led that does (must head the trick); false: any card of the suit led."""
    when_void: WhenVoid
    first_trick: FirstTrick


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """Scoring a hand: contracts, sets, nil and bags."""

    points_per_bid_trick: int
    overtrick_points: int
    set_penalty: SetPenalty
    set_points_per_trick: int
    nil_bonus: int | None
    nil_penalty: int | None
    nil_tricks: NilTricks
    double_nil_tricks: DoubleNilTricks
    blind_nil_bonus: int | None
    blind_nil_penalty: int | None
    blind_bid_multiplier: int
    """What a side's contract points are multiplied by, made or set, when a partner bid a
    number blind (2: a blind 7 made scores 140, set loses 140)."""
    spoiler_multiplier: int
    """At a table of two partnerships and a spoiler, what the spoiler's contract points (made or
    set, after any blind bid's multiplier), a made nil's bonus and a big-bid bonus count as; the
    extra is the sheet's `spoiler_points`. Overtricks, a failed nil and bag penalties count once."""
    bags_count: BagsCount
    bag_threshold: int
    bag_penalty: int
    bag_points_cancelled: bool
    """When the bag penalty is paid, the points the cleared bags scored are taken back too
    (10 bags at a point each: -110 in all)."""
    bag_carry: BagCarry
    bonus_bid_tricks: int | None
    """A contract of exactly this many tricks ("ten for two hundred") scores
    `bonus_bid_made` instead of the usual points when made and loses `bonus_bid_set` when
    set; null: no such bid."""
    bonus_bid_made: int | None
    bonus_bid_set: int | None
    exact_total_points: int | None
    """Where partners must bid an exact total (the team minimum equal to the team maximum), a
    made contract scores plus this figure and a set one minus it, in place of the points by
    the trick; null: such a contract scores by the trick."""
    big_bid_tricks: int | None
    """The least side contract that earns the big-bid bonus when made (e.g. 10 for "ten or
    more"); null: no such bonus. Moot while `big_bid_bonus` is null."""
    big_bid_bonus: int | None
    """Points a side adds on top of its ordinary score when it bids at least `big_bid_tricks`
    and makes it, a separate item of the hand's sheet (`bonus_points`); nothing when it is set;
    null: no big-bid bonus."""
    boston: BostonRule
    boston_points: int | None
    moon: MoonRule
    contract_made: ContractMade


@dataclass(frozen=True, slots=True)
class GameEndRules:
    """When the game ends and who wins."""

    target: int | None
    """null: no total ends the game (a fixed number of hands does, or with `hands` null too,
    nothing does: a score pad kept until the players stop)."""
    hands: int | None
    """The game ends after this many hands, highest total winning; null: play to the target
    (or, with no target either, for as long as the players like)."""
    target_rule: TargetRule
    losing_floor: int | None
    tie: TieRule


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule the engine needs to play one variant, with all options applied."""

    deck: DeckRules
    table: TableRules
    deal: DealRules
    bidding: BiddingRules
    play: PlayRules
    scoring: ScoringRules
    game_end: GameEndRules


# Section name in a variant file -> the dataclass that holds it.
SECTIONS: dict[str, type[Any]] = {
    "deck": DeckRules,
    "table": TableRules,
    "deal": DealRules,
    "bidding": BiddingRules,
    "play": PlayRules,
    "scoring": ScoringRules,
    "game_end": GameEndRules,
}


def rule_paths() -> list[str]:
    """Every rule as `section.field`, in the order a rulebook reads them."""
    return [f"{name}.{f.name}" for name, cls in SECTIONS.items() for f in fields(cls)]


def enum_rules() -> dict[str, type[Enum]]:
    """Every rule that is a choice between named options, with its enum."""
    out: dict[str, type[Enum]] = {}
    for section, cls in SECTIONS.items():
        for name, kind in get_type_hints(cls).items():
            if isinstance(kind, type) and issubclass(kind, Enum):
                out[f"{section}.{name}"] = kind
    return out


def rule_at(rules: Rules, path: str) -> Any:
    """The value of the rule at `section.field` in `rules`, as this model holds it."""
    section, name = path.split(".")
    return getattr(getattr(rules, section), name)


def with_rule(rules: Rules, path: str, value: Any) -> Rules:
    """`rules` with the one rule at `section.field` set to `value`, every other as it was."""
    section, name = path.split(".")
    return replace(rules, **{section: replace(getattr(rules, section), **{name: value})})


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a source document states a rule: its key in the variant's `sources`, and section."""

    source: str
    section: str
    file: str
    """The source's seed file, or the address of a published ruleset that has no seed file."""
    says: str | None = None
    """What the cited passage states of the rule, in the project's own words (a paraphrase,
    never the source's sentences); None where the file gives none."""


@dataclass(frozen=True, slots=True)
class Interpretation:
    """A choice made where the sources are silent or ambiguous."""

    question: str
    choice: str
    why: str
    alternative: str
    source: str | None = None
    section: str | None = None
    # What the published page this rests on says but could not be read to confirm.
    could_not_check: str | None = None
    as_in: str | None = None
    """The ruleset whose interpretation this is, where a file names the section of its own
    source that is silent too (`silent:`) and plays the interpretation it extends."""


@dataclass(frozen=True, slots=True)
class Provenance:
    """Why a resolved rule has its value.

    `origin` is `file` (the variant itself), `parent` (inherited, `variant` names which),
    `option` (chosen at the table, `option` names which) or `option-default` (the option's
    default, nothing chosen).
    """

    origin: str
    variant: str
    citations: tuple[Citation, ...] = ()
    interpretation: Interpretation | None = None
    option: str | None = None
    note: str | None = None
    moot: str | None = None
    """Where the file writes the rule `moot: true`: what `axes.yaml` says of the rule when the
    ruleset's other rules make it mean nothing, in place of a citation."""


@dataclass(frozen=True, slots=True)
class TableOption:
    """A named choice the table makes before play, e.g. the target score."""

    name: str
    rule: str
    choices: tuple[Any, ...]
    default: Any
    description: str
    citations: tuple[Citation, ...] = ()
    variant: str = ""
    """The id of the variant file that declares the option."""


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """A rule document a variant follows, as its `sources` list declares it."""

    key: str
    file: str
    """The seed file's name; empty for a published ruleset known only by its `url`."""
    title: str
    url: str | None = None
    variant: str = ""
    """The id of the variant file that declares the source."""
    publisher: str = ""
    """Who publishes it, as the document names them; empty when it names none."""
    edition: str = ""
    """The edition, revision or date the document gives itself; empty when it gives none."""
    about: str = ""
    """What the document is and covers, in the project's words."""


@dataclass(frozen=True, slots=True)
class ResolvedVariant:
    """A variant with `extends` followed and options applied: what the engine plays."""

    id: str
    title: str
    revision: int
    summary: str
    lineage: tuple[str, ...]
    rules: Rules
    provenance: dict[str, Provenance] = field(hash=False, compare=False)
    options: tuple[TableOption, ...]
    chosen: dict[str, Any] = field(hash=False, compare=False)
    sources: tuple[SourceDocument, ...] = ()
    """Every source declared by the variant or a parent, the root's first."""
    file: str | None = None
    """The variant file that was loaded."""
