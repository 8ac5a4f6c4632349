"""A shrunk difference written down as a golden case, ready to commit: the position, the
reference engine's answers for what differed, and the clause of the rules it points at.

The clause is told from what differed and where: the legal cards at a lead of the first trick
point at the first-lead rule, at a follow at following suit; a hand's set contract at the set
penalty; a game status with equal totals at the tie rule; and so on.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.fuzz.shrink import Judge, Verdict
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import Engine
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.casefile import write_case_file
from spadespec.conformance.contract.suite.cases import Case, load_suite
from spadespec.conformance.contract.suite.tags import registry, rule_value
from spadespec.reference_engine.cards import SPADES, SUIT_MASKS, parse_card
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    FirstLead,
    Kitty,
    Rules,
)

# Which observable a case is about when several differ: the cause before its consequences (a
# trick taken by the wrong seat makes the wrong seat lead, which changes the legal cards).
OBSERVABLE_OF = {"next_deal": "to_act"}
"""A feature checked in place of a case's observable, and that observable."""

PRIORITY = (
    "trick_winners",
    "turn",
    "legal",
    "illegal",
    "hands",
    "status",
    "totals",
    "bags",
    "to_act",
)

# A hand's sheet items, in the sheet's order; one that differs points at the rule whose axis
# names it (`sheet_items`), or is told apart below (the set penalty when not made).
_SHEET_ITEMS = (
    "nils",
    "tricks",
    "made",
    "contract_points",
    "overtricks",
    "overtrick_points",
    "bonus_points",
    "spoiler_points",
    "bags_added",
    "bag_penalty",
    "bags_after",
    "hand_points",
    "score_before",
    "score_after",
)
_SHEET_ITEM_RULES = tuple(
    (item, next((p for p, axis in AXES.items() if item in axis.sheet_items), None))
    for item in _SHEET_ITEMS
)


@dataclass(frozen=True, slots=True)
class FoundCase:
    """A case written for a difference, and how the two engines fare on it."""

    path: Path | None
    """None where the case was not written (a known difference)."""
    case: dict[str, Any]
    reference_verdict: str
    engine_verdict: str
    rule: str | None = None
    """The rule change that explains the difference, when diagnosed (or `unexplained (likely
    a bug)`); None when no diagnosis was made."""
    diagnosis: Any = None
    """The whole diagnosis (`spadespec.conformance.analysis.diagnosis.search.Diagnosis`), when
    one was made."""
    neighbour: Any = None
    """The neighbour the rule change is, when one explains the difference."""


def differing_keys(verdict: Verdict) -> list[str]:
    """The observables that differ, the most telling first."""
    response = verdict.response
    if response["outcome"] != "answered":
        keys = list(verdict.reference)
    else:
        answers = response.get("answers", {})
        keys = [k for k in verdict.reference if compare({k: verdict.reference[k]}, answers)]
    return sorted(keys, key=lambda k: PRIORITY.index(_rank_key(k, verdict)))


def _rank_key(key: str, verdict: Verdict) -> str:
    """Whose turn it is inside a hand is a cause; at the end of a hand, a consequence."""
    if key == "to_act" and verdict.reference["to_act"]["phase"] in (
        "redeal",
        "bid",
        "pass",
        "play",
    ):
        return "turn"
    return OBSERVABLE_OF.get(key, key)


def _value_tag(rules: Rules, rule: str) -> str:
    tag = f"{rule}={rule_value(rules, rule)}"
    return tag if tag in registry() else rule


def clauses(rules: Rules, verdict: Verdict, keys: list[str]) -> list[str]:
    """The registered tags the difference points at, the main clause first."""
    game = Game.replay(rules, verdict.setup, verdict.actions)
    key = keys[0] if keys else "to_act"
    tags: list[str] = []
    if verdict.response["outcome"] != "answered" and [
        action["action"] for action in verdict.actions
    ] == ["deal"]:
        # The engine refused a log of one deal: what differs is the pack or how it is dealt,
        # not the figures the reference gives after it.
        tags += _deal_clauses(rules)
    elif key == "legal":
        tags += _legal_clauses(rules, game, verdict)
    elif key == "trick_winners":
        tags += _trick_clauses(rules, verdict)
    elif key in ("hands", "totals", "bags"):
        tags += _sheet_clauses(rules, game, verdict.differences)
    elif key == "status":
        tags += _status_clauses(rules, game)
    else:
        tags += _turn_clauses(rules, game, verdict)
    tags = [t for t in dict.fromkeys(tags) if t in registry()]
    return tags or ["play.winner-leads"]


# The reason the reference refuses a bid -> the rule whose axis names it (`refusals`).
_BID_REFUSALS = {code: path for path, axis in AXES.items() for code in axis.refusals}


def _bid_clauses(rules: Rules, game: Game, verdict: Verdict) -> list[str]:
    """The clause of the bid the engine allows and the reference refuses, where there is one;
    then every bidding rule the variant sets apart from the plain range and nil."""
    tags = []
    given = verdict.response.get("answers", {}).get("legal")
    wanted = verdict.reference.get("legal") or []
    seat = game.to_act
    for bid in given if isinstance(given, list) else []:
        if bid in wanted or seat is None:
            continue
        try:
            game.verify_bid(seat, bid)
        except (IllegalActionError, InvalidActionError) as exc:
            reason = str(exc.reason)
            if reason in _BID_REFUSALS:
                tags.append(_value_tag(rules, _BID_REFUSALS[reason]))
            elif reason == "bid-out-of-range":
                tags.append("bid.range")
    bidding = rules.bidding
    if bidding.constraint is not BidConstraint.FREE:
        tags.append(f"bidding.constraint={bidding.constraint}")
    if bidding.team_minimum is not None:
        tags.append("bidding.team_minimum")
    if bidding.team_maximum is not None:
        tags.append("bidding.team_maximum")
    if bidding.blind_nil is BlindNil.ALLOWED:
        tags += ["bidding.blind_nil_trailing_by", "bid.blind-nil-refused"]
    if bidding.min_bid == 0:
        tags.append("bid.zero-not-nil")
    return tags + ["bid.range", "bidding.nil"]


def _legal_clauses(rules: Rules, game: Game, verdict: Verdict) -> list[str]:
    if game.phase is Phase.BID:
        return _bid_clauses(rules, game, verdict)
    if game.phase is Phase.PASS:
        return ["exchange.pass", "bidding.blind_nil_exchange"]
    if game.phase is Phase.REDEAL:
        return _redeal_clauses(rules)
    pack = pack_of(rules)
    seat = game.to_act
    assert seat is not None
    held = game.hands[seat]
    if game.current_trick:
        led = pack.suit_masks[game.led_suit or 0]
        promoted = not pack.standard and held & led & ~SUIT_MASKS[game.led_suit or 0]
        if promoted or (pack.top_trumps and held & pack.spade_mask & ~SUIT_MASKS[SPADES]):
            # A top trump held: whether it follows as a spade is what differs.
            return ["play.top-trump-is-a-spade", "play.follow-suit"]
        return ["play.follow-suit"] if held & led else ["play.void-any-card"]
    tags = []
    if game.trick_number == 1 and rules.play.first_lead is not FirstLead.ANY:
        card = rules.play.first_lead_card
        named = held >> parse_card(card) & 1 if card else held & SUIT_MASKS[0]
        return [
            _value_tag(rules, "play.first_lead"),
            "play.first-lead-card-held" if named else "play.first-lead-card-not-held",
        ]
    if pack.top_trumps and held & pack.spade_mask & ~SUIT_MASKS[SPADES]:
        # A top trump held: whether it leads as a spade is what differs.
        tags.append("play.top-trump-is-a-spade")
    if held & ~pack.spade_mask == 0:
        tags.append("play.lead-spades-all-spade-hand")
    spade_played = any(
        a["action"] == "play" and pack.suit_of[parse_card(a["card"])] == SPADES
        for a in verdict.actions[_hand_start(verdict.actions) :]
    )
    if spade_played:
        tags.append(_value_tag(rules, "play.spades_broken_by"))
    tags.append(_value_tag(rules, "play.spades_lead"))
    return tags


def _trick_clauses(rules: Rules, verdict: Verdict) -> list[str]:
    if table_of(rules).players == 3:
        return ["play.three-seat-turns", "play.trick-winner"]
    pack = pack_of(rules)
    played = [
        parse_card(a["card"])
        for a in verdict.actions[_hand_start(verdict.actions) :]
        if a["action"] == "play"
    ]
    if any(card in pack.top_trumps for card in played):
        return ["play.top-trump-wins", "deck.top_trumps", "play.trick-winner"]
    return ["play.trick-winner"]


def _deal_clauses(rules: Rules) -> list[str]:
    """The rules that decide which deals stand: the kitty, the cards out and promoted, the
    pack."""
    tags = ["deal.kitty"] if rules.deal.kitty is not Kitty.NONE else []
    if rules.deck.removed:
        tags.append("deck.removed")
    if rules.deck.top_trumps:
        tags.append("deck.top_trumps")
    return [*tags, "deck.cards"]


def _redeal_clauses(rules: Rules) -> list[str]:
    """The rules that decide whether a holder chooses to throw the deal in: who throws it in,
    then what makes a hand deficient."""
    tags = [_value_tag(rules, "deal.redeal_by")]
    if rules.deal.redeal_no_face_card:
        tags.append("deal.redeal_no_face_card")
    if rules.deal.redeal_spades_below is not None:
        tags.append("deal.redeal_spades_below")
    return tags


def _hand_start(actions: list[dict[str, Any]]) -> int:
    """Where the log's last hand starts: its deal (0 for a log with none, an engine that
    failed before the first deal)."""
    return max((i for i, a in enumerate(actions) if a["action"] == "deal"), default=0)


def _sheet_clauses(rules: Rules, game: Game, found: tuple[str, ...]) -> list[str]:
    items = set()
    sides = set()
    for where in found:
        match = re.match(r"\$\.hands\[(\d+)\]\.sides\.([\w-]+)\.(\w+)", where)
        if match:
            items.add(match.group(3))
            sides.add((int(match.group(1)), match.group(2)))
    if not items:
        return ["scoring.bag_penalty" if any("bags" in x for x in found) else "game.replay"]
    hand, side_name = min(sides)
    line = game.hand_results[hand].sides[side_name]
    if game.hand_results[hand].moon is not None:
        # A side took every trick where that wins the game: the hand is not scored.
        return [_value_tag(rules, "scoring.moon")]
    for item, rule in _SHEET_ITEM_RULES:
        if item not in items:
            continue
        if item == "nils" and rules.bidding.min_bid == 0 and _zero_bid(game, hand):
            return ["bid.zero-not-nil", "bidding.min_bid"]
        if item == "nils":
            if len(line.nils) > 1:
                return ["nil.double", "scoring.nil_bonus"]
            failed = any(not n.made for n in line.nils)
            if any(getattr(n, "blind", False) for n in line.nils):
                return ["scoring.blind_nil_penalty" if failed else "scoring.blind_nil_bonus"]
            return ["scoring.nil_penalty", "nil.failed"] if failed else ["scoring.nil_bonus"]
        if item in ("contract", "tricks", "made", "overtricks") and _zero_bid(game, hand):
            return ["bid.zero-not-nil", "bidding.min_bid"]
        if item in ("tricks", "overtricks", "bags_added") and len(line.nils) > 1:
            return [_value_tag(rules, "scoring.double_nil_tricks"), "nil.double"]
        if item == "contract_points":
            return _contract_clauses(rules, line)
        if item == "bags_added":
            if line.nils and rules.scoring.nil_tricks.value != "count":
                return [_value_tag(rules, "scoring.nil_tricks")]
            return [_value_tag(rules, "scoring.bags_count")]
        if item == "bag_penalty" and rules.scoring.bag_points_cancelled:
            return ["scoring.bag_points_cancelled", "scoring.bag_threshold"]
        if item == "bag_penalty":
            exact = getattr(line, "bags_before", 0) + line.bags_added == rules.scoring.bag_threshold
            return [
                "scoring.bag_threshold",
                "bags.exact-threshold" if exact else "bags.past-threshold",
            ]
        if item == "bags_after":
            return [_value_tag(rules, "scoring.bag_carry"), "bags.past-threshold"]
        if item in ("bonus_points", "hand_points") and getattr(line, "bonus_points", None):
            return ["scoring.big_bid_bonus", "scoring.big_bid_tricks"]
        if item in ("spoiler_points", "hand_points") and _spoilers_line(game, line):
            return ["scoring.spoiler_multiplier", _value_tag(rules, "table.sides")]
        assert rule is not None
        return [_value_tag(rules, rule)]
    return ["scoring.points_per_bid_trick"]


def _spoilers_line(game: Game, line: Any) -> bool:
    """Whether a sheet's line is the spoiler's (`Table.spoiler`), whose every figure the
    spoiler's multiplier is part of."""
    return getattr(line, "spoiler_points", None) is not None and line.side == game.table.spoiler


def _zero_bid(game: Game, hand: int) -> bool:
    """Whether a seat bid 0 as a number in the hand (the zero bid, not nil)."""
    return any(bid == 0 for bid in game.hand_results[hand].bids.values())


def _contract_clauses(rules: Rules, line: Any) -> list[str]:
    scoring = rules.scoring
    if scoring.exact_total_points is not None:
        return ["scoring.exact_total_points", "bidding.team_minimum", "bidding.team_maximum"]
    if line.contract == table_of(rules).cards_per_hand and scoring.boston.value != "ordinary":
        return [_value_tag(rules, "scoring.boston"), "game.boston"]
    if scoring.bonus_bid_tricks is not None and line.contract == scoring.bonus_bid_tricks:
        return ["scoring.bonus_bid_tricks", "scoring.bonus_bid_made", "scoring.bonus_bid_set"]
    if line.made:
        return ["scoring.points_per_bid_trick"]
    return [_value_tag(rules, "scoring.set_penalty"), "scoring.set_points_per_trick"]


def _status_clauses(rules: Rules, game: Game) -> list[str]:
    totals = game.totals
    end = rules.game_end
    result = game.hand_results[-1] if game.hand_results else None
    if (
        result is not None
        and getattr(result, "boston", None)
        and rules.scoring.boston.value == ("wins-game")
    ):
        return ["scoring.boston=wins-game", "game.boston"]
    if result is not None and result.moon is not None:
        return [_value_tag(rules, "scoring.moon")]
    top = max(totals.values())
    if list(totals.values()).count(top) > 1:
        return [_value_tag(rules, "game_end.tie"), "game.equal-totals"]
    if end.hands is not None:
        return ["game_end.hands", "game.fixed-hands"]
    if end.losing_floor is not None and min(totals.values()) <= end.losing_floor:
        exact = end.losing_floor in totals.values()
        return ["game_end.losing_floor"] + (["game.floor-exact"] if exact else [])
    if end.target is not None and end.target in totals.values():
        return [_value_tag(rules, "game_end.target_rule"), "game.target-exact"]
    return ["game_end.target", _value_tag(rules, "game_end.target_rule")]


def _turn_clauses(rules: Rules, game: Game, verdict: Verdict | None = None) -> list[str]:
    if table_of(rules).players == 3 and game.phase in (Phase.BID, Phase.PLAY):
        return ["play.three-seat-turns", "table.players"]
    theirs = verdict.response.get("answers", {}).get("to_act") if verdict else None
    if game.phase is Phase.REDEAL or (isinstance(theirs, dict) and theirs.get("phase") == "redeal"):
        # One asks a deficient hand's holder where the other deals again or bids.
        return _redeal_clauses(rules)
    passing = [game.phase is Phase.PASS, isinstance(theirs, dict) and theirs.get("phase") == "pass"]
    if passing[0] != passing[1] and (game.phase is Phase.PASS or _after_exchange(game)):
        # One passes cards where the other plays: whether there is an exchange at all.
        return ["bidding.blind_nil_exchange", "exchange.pass"]
    if game.phase is Phase.PASS or (game.phase is Phase.PLAY and _after_exchange(game)):
        return [
            _value_tag(rules, "bidding.blind_nil_exchange_order"),
            "exchange.pass",
            "bidding.blind_nil_exchange",
        ]
    if game.phase is Phase.DEAL:
        return [_value_tag(rules, "deal.dealer_rotation")]
    if game.phase is Phase.BID and not game.bids:
        return [_value_tag(rules, "bidding.first_bidder")]
    if game.phase is Phase.PLAY and game.trick_number == 1 and not game.current_trick:
        return [_value_tag(rules, "play.first_leader")]
    if game.phase is Phase.PLAY and not game.current_trick:
        return ["play.winner-leads"]
    if game.phase is Phase.OVER:
        return _status_clauses(rules, game)
    return ["turn.out-of-turn"]


def _after_exchange(game: Game) -> bool:
    """Whether play is about to start after a blind nil exchange."""
    return bool(game.passes) and game.trick_number == 1 and not game.current_trick


def probe_for(judge: Judge, verdict: Verdict) -> dict[str, Any] | None:
    """An `illegal` expectation when the engine allows an action the reference refuses: the
    action, and the reason the reference gives; None when there is none that tells."""
    answers = verdict.response.get("answers", {})
    given, wanted = answers.get("legal"), verdict.reference.get("legal")
    if not isinstance(given, list) or wanted is None or "illegal" not in judge.checker.features:
        return None
    extra = [a for a in given if a not in wanted]
    if not extra:
        return None
    seat = verdict.reference["to_act"]["seat"]
    phase = verdict.reference["to_act"]["phase"]
    if phase not in ("bid", "play"):
        return None
    probe = (
        {"action": "play", "seat": seat, "card": extra[0]}
        if phase == "play"
        else {"action": "bid", "seat": seat, "bid": extra[0]}
    )
    request = {"id": "fuzz", "variant": judge.checker.ref, "setup": verdict.setup,
               "actions": verdict.actions, "ask": ["illegal"], "probe": probe}  # fmt: skip
    ref = ReferenceEngine().run(request)  # type: ignore[arg-type]
    reason = ref.get("answers", {}).get("illegal", {}).get("reason")
    if reason is None:
        return None
    theirs = judge.checker.ask(verdict.setup, verdict.actions, ["illegal"], probe)
    if (
        theirs["outcome"] == "answered"
        and theirs.get("answers", {}).get("illegal", {}).get("reason") == reason
    ):
        return None
    return {"action": probe, "reason": reason}


def build_case(
    judge: Judge, verdict: Verdict, *, command: str, seed: int, game: int
) -> dict[str, Any]:
    """The case for a shrunk difference."""
    variant = judge.variant
    keys = differing_keys(verdict)
    expect = {OBSERVABLE_OF.get(key, key): verdict.reference[key] for key in keys}
    illegal = probe_for(judge, verdict) if "legal" in keys else None
    if illegal is not None:
        expect["illegal"] = illegal
    tags = clauses(variant.rules, verdict, keys)
    digest = hashlib.sha1(
        json.dumps([verdict.setup, verdict.actions, expect], sort_keys=True).encode()
    ).hexdigest()[:8]
    slug = re.sub(r"[^a-z0-9]+", "-", tags[0].lower()).strip("-")
    what = registry()[tags[0]].description.rstrip(".")
    first = verdict.differences[0] if verdict.differences else "the engine did not answer"
    case: dict[str, Any] = {
        "id": f"{variant.id}.fuzz.{slug}.{digest}",
        "description": f"Found by fuzzing, then shrunk: {what.lower()}. Checks "
        + ", ".join(keys)
        + " after the log.",
        "tags": tags,
        "origin": {"kind": "derived", "clause": tags[0]},
        "level": "must",
        "status": "ok",
        "variant": {"id": judge.checker.ref["id"], "options": dict(judge.checker.ref["options"])},
        "setup": verdict.setup,
        "actions": verdict.actions,
        "expect": expect,
        "note": (
            f"Found by `{command}` (seed {seed}, game {game}) and shrunk to this position; the"
            f" expected values are the reference engine's. The engine under test answered"
            f" otherwise: {first}"
        ),
    }
    return case


def load_found_case(case: dict[str, Any]) -> Case:
    """The case as the suite would load it (schema, tags), from a scratch file."""
    with tempfile.TemporaryDirectory() as scratch:
        check = Path(scratch) / "case.json"
        write_case_file(check, {"cases": [case]})
        (loaded,) = load_suite(Path(scratch))
    return loaded


def found_case_path(case: dict[str, Any], out: Path) -> Path:
    """Where a found case is written: `out/<variant>/fuzz-<rule>-<digest>.json`."""
    name = case["id"].split(".", 2)[2].replace(".", "-")
    return out / str(case["variant"]["id"]) / f"fuzz-{name}.json"


_WORST_FIRST = ("error", "fail", "xfail", "xpass", "pass", "skip", "n/a")


def _verdict_of(verdicts: list[str]) -> str:
    """One verdict for a case and its score request (a score keeper answers only the
    latter): the worst of them, `n/a` only when neither was asked."""
    return min(verdicts, key=lambda v: _WORST_FIRST.index(v) if v in _WORST_FIRST else 0)


def write_found_case(
    case: dict[str, Any], out: Path, engine: Engine, reference: Engine | None = None
) -> FoundCase:
    """Write the case under `out/<variant>/`, load it as the suite would (schema, tags), and
    run it on the reference and on the engine under test."""
    loaded = [load_found_case(case)]
    verdicts = []
    for who in (reference or ReferenceEngine(), engine):
        report = run_cases(who, loaded)
        verdicts.append(_verdict_of([r.final for r in report.results]))
    path = found_case_path(case, out)
    write_case_file(path, {"cases": [case]})
    return FoundCase(path, case, verdicts[0], verdicts[1])
