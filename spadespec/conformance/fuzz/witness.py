"""`spadespec diff`: the rules on which two variants differ, each shown by a witness hand.

A witness is a setup, a deal and a log after which something a player can see differs under
the two rulesets: whose turn it is, the legal actions, who took the trick, the hand's score
sheet, the totals, the bags, the game's status. It is found by search: hands are played by
bots from starting positions that suit the rule (a table of builders keyed by rule path), and
each log is replayed under both rulesets side by side until the first point where they part.

The search first changes only the rule in question (the first ruleset with that one rule as
in the second), so the witness shows that rule and not another; the witness is then replayed
under both variants with the reference engine. Where the two variants cannot both replay any
log that reaches the rule (the bidding order differs, say, before the first lead can show), the
witness is checked with that one rule changed and says so. Where one rule's value cannot stand
in the other ruleset on its own (the jokers ranked in a pack without jokers), the witness uses
the part of it the pack can hold (the 2D promoted, say) and says so. Where the two variants
cannot deal the same cards at all (a three-player table, a pack with jokers), the witness is a
deal one of them plays and the other refuses (the `illegal` observable, the deal as the probe).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from spadespec.conformance.engines.observables import (
    choices,
    legal_shown,
    status,
    turn,
    turn_shown,
)
from spadespec.conformance.fuzz.games import GreedyBot, lopsided_deal
from spadespec.conformance.fuzz.observe import hand_sheet, required_items
from spadespec.conformance.suite.tags import rule_value, value_text
from spadespec.reference_engine.actions import Action, Deal, action_from_json
from spadespec.reference_engine.bots import make_bot
from spadespec.reference_engine.bots.view import legal_bids
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.deal import deal_from_seed
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.rules_of_play import FIRST_BIDDER, FIRST_LEADER
from spadespec.reference_engine.seats import parse_seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.model import (
    SECTIONS,
    Rules,
    rule_at,
    rule_paths,
    with_rule,
)

TRIES = 200
"""Hands tried per rule before giving up."""

Seen = dict[tuple[int, str], Any]
"""A timeline: what is seen along a log, keyed (actions before it, observable)."""


def differing_rules(a: Rules, b: Rules) -> list[str]:
    """Every rule path whose resolved value differs, in rulebook order."""
    return [path for path in rule_paths() if rule_value(a, path) != rule_value(b, path)]


# --- what a witness is looked for with ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Builder:
    """How to look for a witness of one rule: the bots' style and where the hand starts."""

    style: str = "mixed"
    """`mixed` (random and sensible), `nil` (nil bid often), `greedy` (low bids, high cards),
    `blind` (blind nil whenever allowed), `bonus` and `boston` (one side bids the bonus
    contract, or every trick, and plays its highest cards)."""
    aim: str | None = None
    """Totals chosen after the hand so that it ends on an edge: `target`, `level`, `floor`."""
    bags: bool = False
    """Start with bags close to the threshold."""
    trail: bool = False
    """Start with one side far enough behind to bid blind nil."""
    last_hand: bool = False
    """Start at the last hand of a game of a fixed number of hands."""


BUILDERS: dict[str, Builder] = {
    # Lopsided deals leave a hand with nothing but spades early, to lead one unbroken.
    "play.spades_broken_by": Builder(style="greedy"),
    "scoring.nil_bonus": Builder(style="nil"),
    "scoring.nil_penalty": Builder(style="nil"),
    "scoring.nil_tricks": Builder(style="nil"),
    "scoring.double_nil_tricks": Builder(style="nil"),
    "scoring.bags_count": Builder(style="nil"),
    "scoring.bag_threshold": Builder(style="greedy", bags=True),
    "scoring.bag_penalty": Builder(style="greedy", bags=True),
    "scoring.bag_carry": Builder(style="greedy", bags=True),
    "scoring.overtrick_points": Builder(style="greedy"),
    "game_end.target": Builder(aim="target"),
    "game_end.target_rule": Builder(aim="target"),
    "game_end.tie": Builder(aim="level"),
    "game_end.losing_floor": Builder(aim="floor"),
    "game_end.hands": Builder(last_hand=True),
    "bidding.blind_nil": Builder(style="blind", trail=True),
    "bidding.blind_nil_trailing_by": Builder(style="blind", trail=True),
    "bidding.blind_nil_exchange": Builder(style="blind", trail=True),
    "bidding.blind_nil_exchange_order": Builder(style="blind", trail=True),
    "scoring.blind_nil_bonus": Builder(style="blind", trail=True),
    "scoring.blind_nil_penalty": Builder(style="blind", trail=True),
    "scoring.bag_points_cancelled": Builder(style="greedy", bags=True),
    "scoring.bonus_bid_tricks": Builder(style="bonus"),
    "scoring.bonus_bid_made": Builder(style="bonus"),
    "scoring.bonus_bid_set": Builder(style="bonus"),
    "scoring.big_bid_tricks": Builder(style="bonus"),
    "scoring.big_bid_bonus": Builder(style="bonus"),
    "scoring.boston": Builder(style="boston"),
    "scoring.boston_points": Builder(style="boston"),
    "scoring.moon": Builder(style="boston"),
}
"""Rule path -> builder; any rule not listed is looked for with the default builder."""


class _NilBot:
    """Bids nil half the time and otherwise plays at random."""

    name = "nil"

    def __init__(self, seed: int) -> None:
        self.inner = make_bot("random", seed)
        self.rng = random.Random(seed)

    def choose_bid(self, game: Game, seat: Any) -> Any:
        bids = legal_bids(game)
        if "nil" in bids and self.rng.random() < 0.5:
            return "nil"
        return self.inner.choose_bid(game, seat)

    def choose_play(self, game: Game, seat: Any) -> int:
        return self.inner.choose_play(game, seat)


class _BlindBot(_NilBot):
    """Bids blind nil whenever it may, and otherwise as the nil bot does."""

    name = "blind"

    def choose_bid(self, game: Game, seat: Any) -> Any:
        if "blind-nil" in legal_bids(game) and self.rng.random() < 0.8:
            return "blind-nil"
        return super().choose_bid(game, seat)

    def choose_pass(self, game: Game, seat: Any) -> Any:
        return self.rng.choice(game.legal_passes())


class _ContractBot(GreedyBot):
    """Bids so that its side's contract comes to a set number of tricks (the bonus bid, the
    least big bid, or every trick for a Boston), and plays its highest card."""

    name = "contract"

    def __init__(self, style: str) -> None:
        self.style = style

    def choose_bid(self, game: Game, seat: Any) -> Any:
        rules = game.rules
        table = table_of(rules)
        wanted = (
            table.cards_per_hand
            if self.style == "boston"
            else rules.scoring.bonus_bid_tricks
            or rules.scoring.big_bid_tricks
            or table.cards_per_hand - 3
        )
        partner = table.partner[seat]
        bid = game.bids.get(partner) if partner is not None else None
        choice = wanted - bid if isinstance(bid, int) else (wanted + 1) // 2
        if partner is None:
            choice = wanted
        allowed = legal_bids(game)
        return choice if choice in allowed else super().choose_bid(game, seat)


def _bots(style: str, rng: random.Random) -> list[Any]:
    if style == "nil":
        return [_NilBot(rng.getrandbits(32)) for _ in range(4)]
    if style == "blind":
        return [_BlindBot(rng.getrandbits(32)) for _ in range(4)]
    if style in ("bonus", "boston"):
        strong = rng.randrange(2)
        return [
            _ContractBot(style) if seat & 1 == strong else make_bot("random", rng.getrandbits(32))
            for seat in range(4)
        ]
    if style == "greedy":
        strong = rng.randrange(2)
        return [
            GreedyBot() if seat & 1 == strong else make_bot("random", rng.getrandbits(32))
            for seat in range(4)
        ]
    return [make_bot(rng.choice(("random", "sensible")), rng.getrandbits(32)) for _ in range(4)]


def shared_table(rulesets: list[Rules]) -> bool:
    """Whether the rulesets seat the same players, score the same sides and deal the same
    cards, so that one setup and log can be replayed under each."""
    first = rulesets[0]
    table, cards = table_of(first), pack_of(first).cards
    return all(
        table_of(r).seats == table.seats
        and table_of(r).sides == table.sides
        and pack_of(r).cards == cards
        for r in rulesets[1:]
    )


def _hand_log(
    rulesets: list[Rules], builder: Builder, rng: random.Random
) -> tuple[dict[str, Any], list[dict[str, Any]], list[Action], list[Seen] | None]:
    """One hand played under every ruleset at once: each action is one all of them allow, and
    the hand stops early where they disagree on whose turn it is. Its setup, its log, the
    log's actions as the engine holds them, and each ruleset's timeline of the log as it was
    played (None where the setup was changed afterwards, so that only a replay tells)."""
    first = rulesets[0]
    table, pack = table_of(first), pack_of(first)
    bags = first.scoring.bag_threshold - 1 - rng.randrange(3) if builder.bags else 0
    plain = pack.standard and table.players == 4
    deal = (
        list(lopsided_deal(rng))
        if builder.style in ("greedy", "bonus", "boston") and plain
        else list(deal_from_seed(rng.getrandbits(64), pack, table))
    )
    dealer = _agreeing_dealer(rulesets, deal, rng)
    setup: dict[str, Any] = {"dealer": dealer}
    if all(table_of(r).sides == table.sides for r in rulesets):
        scores = dict.fromkeys(table.sides, 0)
        if builder.trail:
            # One side behind the rest by about the margin blind nil asks for, either side of it.
            behind = rng.choice(table.sides)
            margin = max(r.bidding.blind_nil_trailing_by or 0 for r in rulesets)
            ahead = max(10, margin + rng.randrange(-20, 60, 10))
            scores = {side: 0 if side == behind else ahead for side in table.sides}
        setup["scores"] = scores
        setup["bags"] = dict.fromkeys(table.sides, max(0, bags))
    if builder.last_hand:
        setup["hands_played"] = max((r.game_end.hands or 1) for r in rulesets) - 1
    games = [Game.replay(r, setup, []) for r in rulesets]
    seen: list[Seen] = [{} for _ in games]
    refused: set[int] = set()
    bots = _bots(builder.style, rng)
    for game, notes in zip(games, seen, strict=True):
        _taken(_observed(notes, 0, game, partial(game.deal, deal)))
    lead = games[0]
    while lead.phase in (Phase.BID, Phase.PASS, Phase.PLAY):
        now = turn(lead)
        if any(turn(g) != now for g in games):
            break
        seat = lead.to_act
        assert seat is not None
        if lead.phase is Phase.PASS:
            # Any pass will do, so long as every ruleset takes it.
            choose = getattr(bots[seat], "choose_pass", None)
            record = choose(lead, seat) if choose else rng.choice(lead.legal_passes())
            index, passed = len(lead.log), record.to_json()
            parted = not all(g.can(record) for g in games)
            for number, (game, notes) in enumerate(zip(games, seen, strict=True)):
                refusal = _observed(notes, index, game, partial(game.apply, record), passed)
                if refusal is not None and parted and number:
                    refused.add(number)  # the rulesets part here: one takes this pass, one not
                else:
                    _taken(refusal)
            if parted:
                break
            continue
        # What every ruleset allows, compared as the engine holds it (a bitmask of cards, the
        # bids); a choice a ruleset does not allow is replaced by one drawn from their text.
        choice: Any
        if lead.phase is Phase.BID:
            common_bids = set(lead.legal_bids()).intersection(*(g.legal_bids() for g in games[1:]))
            if not common_bids:
                break
            choice = bots[seat].choose_bid(lead, seat)
            if choice not in common_bids:
                choice = rng.choice(sorted(map(str, common_bids)))
                choice = int(choice) if choice.isdigit() else choice
        else:
            common_cards = _card_mask(lead)
            for game in games[1:]:
                common_cards &= _card_mask(game)
            if not common_cards:
                break
            choice = bots[seat].choose_play(lead, seat)
            if not common_cards >> choice & 1:
                choice = parse_card(rng.choice(sorted(legal_shown(common_cards))))
        index = len(lead.log)
        for game, notes in zip(games, seen, strict=True):
            act = game.bid if game.phase is Phase.BID else game.play
            _taken(_observed(notes, index, game, partial(act, seat, choice)))
    for number, (game, notes) in enumerate(zip(games, seen, strict=True)):
        if number not in refused:
            _observed_end(notes, len(lead.log), game)
    log, actions = [action.to_json() for action in lead.log], list(lead.log)
    if builder.aim and lead.hand_results and "scores" in setup:
        setup["scores"] = _aimed(first, builder.aim, lead, rng)
        return setup, log, actions, None
    return setup, log, actions, seen


def _card_mask(game: Game) -> int:
    """The cards the player to act may play or pass, as the engine's bitmask."""
    held = choices(game)
    assert isinstance(held, int), "asked for cards in the bidding"
    return held


def _taken(refusal: IllegalActionError | None) -> None:
    """An action every ruleset was to take was refused: the hand cannot be played."""
    if refusal is not None:
        raise refusal


def _agreeing_dealer(rulesets: list[Rules], deal: list[int], rng: random.Random) -> str:
    """A dealer for whom every ruleset has the same first bidder and first leader, so that one
    log can be replayed under all of them; any dealer if there is none."""
    seats = [seat.name for seat in table_of(rulesets[0]).seats]
    rng.shuffle(seats)
    for name in seats:
        dealer = parse_seat(name)
        firsts = set()
        for rules in rulesets:
            card = rules.play.first_lead_card
            try:
                table = table_of(rules)
                firsts.add((
                    FIRST_BIDDER[rules.bidding.first_bidder](table, dealer),
                    FIRST_LEADER[rules.play.first_leader](
                        table, dealer, deal, None if card is None else parse_card(card)
                    ),
                ))  # fmt: skip
            except (TypeError, ValueError):
                firsts.add(None)  # type: ignore[arg-type]
        if len(firsts) == 1:
            return name
    return seats[0]


def _aimed(rules: Rules, aim: str, game: Game, rng: random.Random) -> dict[str, int]:
    """Totals to start from so that the hand ends on the edge the builder aims at."""
    sides = table_of(rules).sides
    points = {side: game.hand_results[0].sides[side].hand_points for side in sides}
    end = rules.game_end
    target = end.target if end.target is not None else 300
    side = rng.choice(sides)
    if aim == "level":
        level = target + rng.randrange(0, 30)
        return {s: level - points[s] for s in points}
    edge = target
    if aim == "floor":
        edge = end.losing_floor if end.losing_floor is not None else -200
    return {s: edge + rng.randrange(-10, 11) - points[s] if s == side else 0 for s in sides}


# --- replaying one log under several rulesets -----------------------------------------------


def timeline(
    rules: Rules,
    setup: dict[str, Any],
    log: list[dict[str, Any]],
    actions: list[Action] | None = None,
) -> dict[tuple[int, str], Any]:
    """Everything seen along the log under `rules`, keyed (actions before it, observable):
    whose turn and the legal actions before each action, the trick winners after each trick,
    the score sheet, totals, bags and status after each hand. It stops where `rules` refuse
    an action of the log. `actions` are the log's entries as the engine holds them; whose turn
    it is and the legal actions are kept in the engine's form too (`turn`, `choices`), which
    compares as the protocol's does: `seen_at` gives a point's value as the protocol shows it.
    Without `actions`, the log's entries are read."""
    if actions is None:
        actions = [action_from_json(entry) for entry in log]
    game = Game.replay(rules, setup, [])
    seen: Seen = {}
    for index, entry in enumerate(log):
        passed = entry if entry["action"] == "pass" else None
        if _observed(seen, index, game, partial(game.apply, actions[index]), passed):
            return seen
    _observed_end(seen, len(log), game)
    return seen


def _observed(
    seen: Seen,
    index: int,
    game: Game,
    act: Callable[[], Any],
    passed: dict[str, Any] | None = None,
) -> IllegalActionError | None:
    """The log's action number `index` done to `game` (`act`), with what is seen before and
    after it noted in `seen`; the game's refusal, if it refuses the action. `passed`: the
    action as the log writes it, when it is a pass, whose refusal is seen too."""
    seen[(index, "to_act")] = turn(game)
    seen[(index, "legal")] = choices(game)
    # The trick count, not the trick records: those are built afresh each time asked for.
    tricks, hands = game.trick_number, len(game.hand_results)
    try:
        if passed is not None:
            # Every hand may be passed from, so what tells is how many cards may go.
            seen[(index, "illegal")] = {"action": passed, "reason": None}
        act()
    except IllegalActionError as exc:
        if passed is not None:
            seen[(index, "illegal")] = {"action": passed, "reason": str(exc.reason)}
        return exc
    if game.trick_number > tricks or len(game.hand_results) > hands:
        seen[(index + 1, "trick_winners")] = [[seat.name for seat in game.trick_winners]]
    if len(game.hand_results) > hands:
        for name, read in _END_READERS:
            seen[(index + 1, name)] = read(game)
    return None


def _observed_end(seen: Seen, index: int, game: Game) -> None:
    """At the end of a log the game took whole: whose turn and the legal actions, if the
    game goes on."""
    if game.phase in (Phase.BID, Phase.PASS, Phase.PLAY):
        seen[(index, "to_act")] = turn(game)
        seen[(index, "legal")] = choices(game)


def seen_at(seen: dict[tuple[int, str], Any], point: tuple[int, str]) -> Any:
    """The value a timeline holds at `point`, as the protocol shows it."""
    value = seen[point]
    if point[1] == "to_act":
        return turn_shown(value)
    if point[1] == "legal":
        return legal_shown(value)
    return value


_END_READERS: tuple[tuple[str, Callable[[Game], Any]], ...] = (
    ("hands", lambda g: [hand_sheet(r) for r in g.hand_results]),
    ("totals", lambda g: dict(g.totals)),
    ("bags", lambda g: dict(g.bags)),
    ("status", status),
    ("to_act", turn),
)


def _key(name: str, value: Any) -> Any:
    return sorted(map(str, value)) if name == "legal" else value


def parting(
    one: dict[tuple[int, str], Any], other: dict[tuple[int, str], Any]
) -> tuple[int, str] | None:
    """The first point where two timelines differ."""
    for point, value in one.items():
        if point not in other:
            return None
        if value != other[point]:
            return point
    return None


def _search(
    a: Rules, b: Rules, alone: Rules | None, builder: Builder, rng: random.Random, tries: int
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """A witness replayed under both `a` and `b` showing what `alone` (a with the one rule
    changed) shows; and, failing that, one shown by `alone` only."""
    isolated = None
    shared = shared_table([a, b])
    for attempt in range(tries):
        if not shared and (alone is None or isolated is not None):
            break
        rulesets = [a, b] + ([alone] if alone is not None else [])
        if alone is not None and isolated is None and (attempt % 2 or not shared):
            # Every other hand leaves the second variant out, for when the two cannot share a
            # log (one bids first where the other leads first, say, or they deal other cards).
            rulesets = [a, alone]
        try:
            setup, log, actions, played = _hand_log(rulesets, builder, rng)
        except (IllegalActionError, ValueError, KeyError, TypeError):
            # The one-rule change makes no playable ruleset (a named first lead with no card
            # named, say): look for the plain difference of the two variants instead.
            alone = None
            continue

        def line(rules: Rules) -> Seen:
            # As the hand was played, or replayed where its setup changed since; rulesets
            # alike (the one rule changed to the other variant's value) see alike.
            if played is None:  # noqa: B023
                return timeline(rules, setup, log, actions)  # noqa: B023
            return played[rulesets.index(rules)]  # noqa: B023

        ta = line(a)
        tb = line(b) if b in rulesets else {}
        talone = line(alone) if alone is not None else None
        point = parting(ta, talone if talone is not None else tb)
        if talone is not None and point is not None and b not in rulesets:
            if isolated is None:
                isolated = {"setup": setup, "actions": log[: point[0]], "observable": point[1],
                            "a": seen_at(ta, point), "b": seen_at(talone, point)}  # fmt: skip
                _add_probe(isolated, log, point)
            continue
        if point is None:
            continue
        witness = {"setup": setup, "actions": log[: point[0]], "observable": point[1],
                   "a": seen_at(ta, point), "b": None}  # fmt: skip
        _add_probe(witness, log, point)
        if talone is not None:
            witness["b"] = seen_at(talone, point)
        if point in tb and (alone is None or tb[point] == talone[point]):  # type: ignore[index]
            # The log replays under both variants and the second shows what the one rule does.
            witness["b"] = seen_at(tb, point)
            return witness, None
        if isolated is None:
            isolated = witness
    return None, isolated


def _add_probe(witness: dict[str, Any], log: list[dict[str, Any]], point: tuple[int, str]) -> None:
    """An `illegal` witness asks about the action of the log at its point."""
    if point[1] == "illegal":
        witness["probe"] = log[point[0]]


def verified(a: ResolvedVariant, b: ResolvedVariant, witness: dict[str, Any]) -> bool:
    """Whether the witness replays under both variants with the reference engine and the
    observable it names differs."""
    from spadespec.conformance.engines.reference import ReferenceEngine

    engine = ReferenceEngine()
    seen = []
    for variant in (a, b):
        request: dict[str, Any] = {
            "id": "witness",
            "variant": {"id": variant.id, "options": dict(variant.chosen)},
            "setup": witness["setup"],
            "actions": witness["actions"],
            "ask": [witness["observable"]],
        }
        if "probe" in witness:
            request["probe"] = witness["probe"]
        response = engine.run_resolved(variant, request)  # type: ignore[arg-type]
        if response["outcome"] != "answered":
            return False
        seen.append(response["answers"][witness["observable"]])
    name = witness["observable"]
    if name == "trick_winners":
        seen = [[hand[-1:]] if False else hand for hand in seen]
    if name == "hands":
        seen = [[required_items(h) for h in hands] for hands in seen]
    return bool(
        _key(name, seen[0]) == _key(name, witness["a"])
        and _key(name, seen[1]) == _key(name, witness["b"])
        and _key(name, seen[0]) != _key(name, seen[1])
    )


def find_witness(
    a: ResolvedVariant, b: ResolvedVariant, path: str, seed: int = 1, tries: int = TRIES
) -> dict[str, Any] | None:
    """A witness for rule `path`, checked; None if the search finds none."""
    builder = BUILDERS.get(path, Builder())
    rng = random.Random(f"{seed}:{path}")
    own = _within_its_feature(a, b, path, builder, rng, tries // 2)
    if own is not None:
        return own
    alone, told = _changed(a.rules, path, rule_at(b.rules, path), b.rules)
    both, isolated = _search(a.rules, b.rules, alone, builder, rng, tries)
    if both is not None and verified(a, b, both):
        return {**both, "checked": "both variants"}
    # Some rules show only beside others (bags when set matter only where a nil's tricks are
    # bags): look from the second variant's side too.
    back, told_back = _changed(b.rules, path, rule_at(a.rules, path), a.rules)
    found, isolated_back = _search(b.rules, a.rules, back, builder, rng, tries // 2)
    if found is not None:
        flipped = {**found, "a": found["b"], "b": found["a"]}
        if verified(a, b, flipped):
            return {**flipped, "checked": "both variants"}
    if isolated is None and isolated_back is not None and back is not None:
        if _verified_alone(b.rules, back, isolated_back):
            return {**isolated_back, "a": isolated_back["b"], "b": isolated_back["a"],
                    "checked": f"{b.id} with {told_back}"}  # fmt: skip
    if isolated is not None and alone is not None and _verified_alone(a.rules, alone, isolated):
        return {**isolated, "checked": f"{a.id} with {told}"}
    ranked = _trumps_reversed(a, b, path, builder, rng, tries)
    if ranked is not None:
        return ranked
    probe = deal_probe(a, b, rng)
    if probe is not None and verified(a, b, probe):
        return {**probe, "checked": "both variants"}
    return None


def _trumps_reversed(
    a: ResolvedVariant,
    b: ResolvedVariant,
    path: str,
    builder: Builder,
    rng: random.Random,
    tries: int,
) -> dict[str, Any] | None:
    """Top trumps that the other pack cannot hold at all (jokers beside a pack without them):
    a hand where the order they rank in decides a trick, shown against the same ruleset with
    the order reversed."""
    if path != "deck.top_trumps":
        return None
    for has in (b, a):
        order = rule_at(has.rules, path)
        if len(order) < 2:
            continue
        flipped = with_rule(has.rules, path, tuple(reversed(order)))
        found, isolated = _search(has.rules, flipped, flipped, builder, rng, tries)
        isolated = found or isolated
        if isolated is not None and _verified_alone(has.rules, flipped, isolated):
            told = f"deck.top_trumps in the reverse order [{', '.join(reversed(order))}]"
            if has is a:
                return {**isolated, "checked": f"{has.id} with {told}"}
            return {**isolated, "a": isolated["b"], "b": isolated["a"],
                    "checked": f"{has.id} with {told}"}  # fmt: skip
    return None


def _within_its_feature(
    a: ResolvedVariant,
    b: ResolvedVariant,
    path: str,
    builder: Builder,
    rng: random.Random,
    tries: int,
) -> dict[str, Any] | None:
    """Where one variant lacks the feature a rule belongs to (blind nil, say) and the other
    has it: a witness played where the feature is, with only this rule set as the other has
    it (the exchange skipped, the margin dropped), so that it shows this rule and not the
    feature as a whole."""
    for has, lacks in ((b, a), (a, b)):
        along = [
            p for p in COMPANIONS.get(path, ()) if rule_at(has.rules, p) != rule_at(lacks.rules, p)
        ]
        if along in ([], [path]):
            continue
        changed, told = _changed(has.rules, path, rule_at(lacks.rules, path))
        if changed is None:
            continue
        _, isolated = _search(has.rules, lacks.rules, changed, builder, rng, tries)
        if isolated is not None and _verified_alone(has.rules, changed, isolated):
            if has is a:
                return {**isolated, "checked": f"{has.id} with {told}"}
            flipped = {**isolated, "a": isolated["b"], "b": isolated["a"]}
            return {**flipped, "checked": f"{has.id} with {told}"}
    return None


def _playable(rules: Rules) -> bool:
    try:
        Game.new(rules)
    except (TypeError, ValueError, KeyError):
        return False
    return True


_BLIND_NIL = ("bidding.blind_nil", "scoring.blind_nil_bonus", "scoring.blind_nil_penalty")
_BONUS_BID = ("scoring.bonus_bid_tricks", "scoring.bonus_bid_made", "scoring.bonus_bid_set")
_BOSTON = ("scoring.boston", "scoring.boston_points")
_BIG_BID = ("scoring.big_bid_tricks", "scoring.big_bid_bonus")

COMPANIONS: dict[str, tuple[str, ...]] = {
    **{path: _BONUS_BID for path in _BONUS_BID},
    **{path: _BOSTON for path in _BOSTON},
    **{path: _BIG_BID for path in _BIG_BID},
    **{path: _BLIND_NIL for path in _BLIND_NIL},
    "bidding.blind_nil_trailing_by": _BLIND_NIL,
    "bidding.blind_nil_exchange": _BLIND_NIL,
    "bidding.blind_nil_exchange_order": _BLIND_NIL,
}
"""Rules that show only beside others: a bonus bid's figures beside its number of tricks, a
big-bid bonus beside the tricks that earn it, a Boston's points beside the Boston rule,
anything about blind nil beside blind nil allowed. A witness for one changes them together
where the other ruleset sets them otherwise."""


def _changed(
    rules: Rules, path: str, value: Any, other: Rules | None = None
) -> tuple[Rules | None, str]:
    """`rules` with the one rule at `path` set to `value`, and how to say so: with its
    companions set as in `other` too, where they differ. Where that makes no playable ruleset
    and the rule is a list of cards, the part of `value` this pack holds (with any joker it
    must still rank); None where neither plays."""
    try:
        alone = with_rule(rules, path, value)
        told = f"only {path} changed"
        if other is not None:
            along = [
                p
                for p in COMPANIONS.get(path, ())
                if p != path and rule_at(rules, p) != rule_at(other, p)
            ]
            for companion in along:
                alone = with_rule(alone, companion, rule_at(other, companion))
            if along:
                told = f"{path} changed, and {', '.join(along)} with it"
    except (TypeError, ValueError):
        return None, ""
    if _playable(alone):
        return alone, told
    if not (isinstance(value, tuple) and path.startswith("deck.")):
        return None, ""
    printed = _printed(rules)
    held = [card for card in value if printed >> parse_card(card) & 1]
    if path == "deck.top_trumps":
        held = [c for c in rule_at(rules, path) if c in ("BJ", "LJ") and c not in held] + held
    if tuple(held) == rule_at(rules, path):
        return None, ""
    near = with_rule(rules, path, tuple(held))
    if not _playable(near):
        return None, ""
    return near, f"{path} set to [{', '.join(held)}]"


def _printed(rules: Rules) -> int:
    """The cards of the variant's kind of pack, those taken out included."""
    pack = pack_of(rules)
    mask = pack.cards
    for card in pack.removed:
        mask |= 1 << card
    return mask


def deal_probe(a: ResolvedVariant, b: ResolvedVariant, rng: random.Random) -> dict[str, Any] | None:
    """Where the two variants deal different cards or seat different players: a deal one of
    them plays and the other refuses, put as a probe before any action."""
    for first in (a, b):
        pack, table = pack_of(first.rules), table_of(first.rules)
        deal = Deal(deal_from_seed(rng.getrandbits(64), pack, table)).to_json()
        seen = [_probe_answer(v.rules, deal) for v in (a, b)]
        if seen[0] != seen[1]:
            return {"setup": {"dealer": "N"}, "actions": [], "observable": "illegal",
                    "probe": deal, "a": seen[0], "b": seen[1]}  # fmt: skip
    return None


def _probe_answer(rules: Rules, action: dict[str, Any]) -> dict[str, Any]:
    game = Game.new(rules)
    try:
        game.verify(action_from_json(action))
    except IllegalActionError as exc:
        return {"action": action, "reason": str(exc.reason)}
    return {"action": action, "reason": None}


def _verified_alone(a: Rules, alone: Rules, witness: dict[str, Any]) -> bool:
    """Whether the witness, replayed under `a` and under `alone`, shows what it says."""
    seen = []
    for rules in (a, alone):
        try:
            game = Game.replay(rules, witness["setup"], witness["actions"])
        except IllegalActionError:
            return False
        seen.append(game)
    return (
        witness["observable"]
        in ("to_act", "legal", "trick_winners", "hands", "totals", "bags", "status", "illegal")
        and witness["a"] != witness["b"]
    )


def diff_variants(a: ResolvedVariant, b: ResolvedVariant, seed: int = 1) -> dict[str, Any]:
    """Every rule on which `a` and `b` differ, each with its witness (or None)."""
    out = []
    for path in differing_rules(a.rules, b.rules):
        out.append({
            "rule": path,
            "a": rule_value(a.rules, path),
            "b": rule_value(b.rules, path),
            "witness": find_witness(a, b, path, seed),
        })  # fmt: skip
    return {
        "a": {"id": a.id, "options": dict(a.chosen)},
        "b": {"id": b.id, "options": dict(b.chosen)},
        "differences": out,
    }


def setup_text(setup: dict[str, Any]) -> str:
    """A witness's starting position in words: dealer, totals, bags, hands already played."""
    parts = [f"dealer {setup['dealer']}"]
    for key, word in (("scores", "totals"), ("bags", "bags")):
        if key in setup:
            parts.append(f"{word} " + " ".join(f"{s} {v}" for s, v in setup[key].items()))
    if setup.get("hands_played"):
        parts.append(f"{setup['hands_played']} hands played")
    return ", ".join(parts)


def deal_text(hands: Any) -> str:
    """A deal as a log writes it: PBN, or each seat's cards."""
    if isinstance(hands, str):
        return hands
    return " ".join(f"{seat}:{','.join(cards)}" for seat, cards in hands.items())


def render_text(report: dict[str, Any]) -> str:
    """The diff as a person reads it."""
    a, b = report["a"]["id"], report["b"]["id"]
    lines = [f"{a} and {b} differ on {len(report['differences'])} rule(s)."]
    for item in report["differences"]:
        lines += ["", f"{item['rule']}: {a} {value_text(item['a'])}, {b} {value_text(item['b'])}"]
        witness = item["witness"]
        if witness is None:
            lines.append("  no witness found")
            continue
        lines.append(f"  {setup_text(witness['setup'])}")
        for action in witness["actions"]:
            if action["action"] == "deal":
                lines.append(f"  deal {deal_text(action['hands'])}")
        moves = [_short(x) for x in witness["actions"] if x["action"] != "deal"]
        for start in range(0, len(moves), 12):
            lines.append("  " + " ".join(moves[start : start + 12]))
        if "probe" in witness:
            lines.append(f"  then {_probe_text(witness['probe'])}")
        lines.append(f"  then {witness['observable']}: {a} {_brief(witness['a'])}")
        lines.append(f"  {' ' * (len(witness['observable']) + 6)}{b} {_brief(witness['b'])}")
        lines.append(f"  (replayed under {witness['checked']})")
    return "\n".join(lines)


def _probe_text(action: dict[str, Any]) -> str:
    """The action a witness asks about, as a person says it."""
    if action["action"] == "deal":
        return f"the deal {deal_text(action['hands'])}"
    return _short(action)


def _short(action: dict[str, Any]) -> str:
    if action["action"] == "bid":
        return f"{action['seat']}:{action['bid']}"
    if action["action"] == "pass":
        return f"{action['seat']}:pass({','.join(action['cards'])})"
    return f"{action['seat']}:{action['card']}"


def _brief(value: Any) -> str:
    import json

    if isinstance(value, list) and value and isinstance(value[0], dict) and "sides" in value[0]:
        sides = value[-1]["sides"]
        return "; ".join(
            f"{s} " + ", ".join(f"{k} {v}" for k, v in line.items() if k not in ("side", "nils"))
            for s, line in sides.items()
        )
    if isinstance(value, dict) and "reason" in value and "action" in value:
        return "allowed" if value["reason"] is None else f"refused ({value['reason']})"
    return json.dumps(value)


__all__ = [
    "BUILDERS", "SECTIONS", "deal_text", "diff_variants", "find_witness", "render_text",
    "setup_text",
]  # fmt: skip
