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
witness is checked with that one rule changed and says so.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from conformance.fuzz.games import GreedyBot, lopsided_deal
from conformance.fuzz.observe import SHEET_ITEMS, hand_sheet
from conformance.observables import legal, status, to_act
from conformance.tags import rule_value
from reference_engine.actions import action_from_json
from reference_engine.bots import make_bot
from reference_engine.bots.view import legal_bids
from reference_engine.cards import CARD_TEXT, parse_card
from reference_engine.deal import deal_from_seed
from reference_engine.errors import IllegalActionError
from reference_engine.game import Game, Phase
from reference_engine.rules_of_play import FIRST_BIDDER, FIRST_LEADER
from reference_engine.seats import parse_seat
from reference_engine.table import table_of
from reference_engine.variant import ResolvedVariant
from reference_engine.variant.model import SECTIONS, Rules, rule_paths

TRIES = 200
"""Hands tried per rule before giving up."""


def differing_rules(a: Rules, b: Rules) -> list[str]:
    """Every rule path whose resolved value differs, in rulebook order."""
    return [path for path in rule_paths() if rule_value(a, path) != rule_value(b, path)]


def with_rule(rules: Rules, path: str, value: Any) -> Rules:
    """`rules` with one rule replaced."""
    section, name = path.split(".")
    part = dataclasses.replace(getattr(rules, section), **{name: value})
    return dataclasses.replace(rules, **{section: part})


def _raw(rules: Rules, path: str) -> Any:
    section, name = path.split(".")
    return getattr(getattr(rules, section), name)


# --- what a witness is looked for with ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Builder:
    """How to look for a witness of one rule: the bots' style and where the hand starts."""

    style: str = "mixed"
    """`mixed` (random and sensible), `nil` (nil bid often), `greedy` (low bids, high cards)."""
    aim: str | None = None
    """Totals chosen after the hand so that it ends on an edge: `target`, `level`, `floor`."""
    bags: bool = False
    """Start with bags close to the threshold."""


BUILDERS: dict[str, Builder] = {
    # Lopsided deals leave a hand with nothing but spades early, to lead one unbroken.
    "play.spades_broken_by": Builder(style="greedy"),
    "scoring.nil_bonus": Builder(style="nil"),
    "scoring.nil_penalty": Builder(style="nil"),
    "scoring.nil_tricks": Builder(style="nil"),
    "scoring.bags_count": Builder(style="nil"),
    "scoring.bag_threshold": Builder(style="greedy", bags=True),
    "scoring.bag_penalty": Builder(style="greedy", bags=True),
    "scoring.bag_carry": Builder(style="greedy", bags=True),
    "scoring.overtrick_points": Builder(style="greedy"),
    "game_end.target": Builder(aim="target"),
    "game_end.target_rule": Builder(aim="target"),
    "game_end.tie": Builder(aim="level"),
    "game_end.losing_floor": Builder(aim="floor"),
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


def _bots(style: str, rng: random.Random) -> list[Any]:
    if style == "nil":
        return [_NilBot(rng.getrandbits(32)) for _ in range(4)]
    if style == "greedy":
        strong = rng.randrange(2)
        return [
            GreedyBot() if seat & 1 == strong else make_bot("random", rng.getrandbits(32))
            for seat in range(4)
        ]
    return [make_bot(rng.choice(("random", "sensible")), rng.getrandbits(32)) for _ in range(4)]


def _hand_log(
    rulesets: list[Rules], builder: Builder, rng: random.Random
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One hand played under every ruleset at once: each action is one all of them allow, and
    the hand stops early where they disagree on whose turn it is. Its setup and its log."""
    first = rulesets[0]
    bags = first.scoring.bag_threshold - 1 - rng.randrange(3) if builder.bags else 0
    deal = (
        list(lopsided_deal(rng))
        if builder.style == "greedy"
        else list(deal_from_seed(rng.getrandbits(64)))
    )
    dealer = _agreeing_dealer(rulesets, deal, rng)
    scores = {"NS": 0, "EW": 0}
    side_bags = {"NS": max(0, bags), "EW": max(0, bags)}
    setup: dict[str, Any] = {"dealer": dealer, "scores": scores, "bags": side_bags}
    games = [Game(r, parse_seat(dealer), scores, side_bags) for r in rulesets]
    bots = _bots(builder.style, rng)
    for game in games:
        game.deal(deal)
    lead = games[0]
    while lead.phase in (Phase.BID, Phase.PLAY):
        if any(to_act(g) != to_act(lead) for g in games):
            break
        allowed = [set(map(str, legal(g))) for g in games]
        common = set.intersection(*allowed)
        if not common:
            break
        seat = lead.to_act
        assert seat is not None
        if lead.phase is Phase.BID:
            choice: Any = bots[seat].choose_bid(lead, seat)
        else:
            choice = CARD_TEXT[bots[seat].choose_play(lead, seat)]
        if str(choice) not in common:
            choice = rng.choice(sorted(common))
            choice = int(choice) if choice.isdigit() else choice
        for game in games:
            if game.phase is Phase.BID:
                game.bid(seat, choice)
            else:
                game.play(seat, choice)
    if builder.aim and lead.hand_results:
        setup["scores"] = _aimed(first, builder.aim, lead, rng)
    return setup, [action.to_json() for action in lead.log]


def _agreeing_dealer(rulesets: list[Rules], deal: list[int], rng: random.Random) -> str:
    """A dealer for whom every ruleset has the same first bidder and first leader, so that one
    log can be replayed under all of them; any dealer if there is none."""
    seats = list("NESW")
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
    points = {side: game.hand_results[0].sides[side].hand_points for side in ("NS", "EW")}
    end = rules.game_end
    side = rng.choice(("NS", "EW"))
    if aim == "level":
        level = end.target + rng.randrange(0, 30)
        return {s: level - points[s] for s in points}
    if aim == "floor":
        floor = end.losing_floor if end.losing_floor is not None else -200
        other = "EW" if side == "NS" else "NS"
        return {side: floor + rng.randrange(-10, 11) - points[side], other: 0}
    other = "EW" if side == "NS" else "NS"
    return {side: end.target + rng.randrange(-10, 11) - points[side], other: 0}


# --- replaying one log under several rulesets -----------------------------------------------


def timeline(
    rules: Rules, setup: dict[str, Any], log: list[dict[str, Any]]
) -> dict[tuple[int, str], Any]:
    """Everything seen along the log under `rules`, keyed (actions before it, observable):
    whose turn and the legal actions before each action, the trick winners after each trick,
    the score sheet, totals, bags and status after each hand. It stops where `rules` refuse
    an action of the log."""
    game = Game(rules, parse_seat(setup["dealer"]), setup["scores"], setup["bags"])
    seen: dict[tuple[int, str], Any] = {}
    for index, entry in enumerate(log):
        seen[(index, "to_act")] = to_act(game)
        seen[(index, "legal")] = legal(game)
        tricks, hands = len(game.completed_tricks), len(game.hand_results)
        try:
            game.apply(action_from_json(entry))
        except IllegalActionError:
            break
        if len(game.completed_tricks) > tricks or len(game.hand_results) > hands:
            seen[(index + 1, "trick_winners")] = [[t.winner.name for t in game.completed_tricks]]
        if len(game.hand_results) > hands:
            for name, read in _END_READERS:
                seen[(index + 1, name)] = read(game)
    else:
        if game.phase in (Phase.BID, Phase.PLAY):
            seen[(len(log), "to_act")] = to_act(game)
            seen[(len(log), "legal")] = legal(game)
    return seen


_END_READERS: tuple[tuple[str, Callable[[Game], Any]], ...] = (
    ("hands", lambda g: [hand_sheet(r) for r in g.hand_results]),
    ("totals", lambda g: dict(g.totals)),
    ("bags", lambda g: dict(g.bags)),
    ("status", status),
    ("to_act", to_act),
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
        if _key(point[1], value) != _key(point[1], other[point]):
            return point
    return None


def _search(
    a: Rules, b: Rules, alone: Rules | None, builder: Builder, rng: random.Random, tries: int
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """A witness replayed under both `a` and `b` showing what `alone` (a with the one rule
    changed) shows; and, failing that, one shown by `alone` only."""
    isolated = None
    for attempt in range(tries):
        rulesets = [a, b] + ([alone] if alone is not None else [])
        if attempt % 2 and alone is not None and isolated is None:
            # Every other hand leaves the second variant out, for when the two cannot share a
            # log (one bids first where the other leads first, say).
            rulesets = [a, alone]
        try:
            setup, log = _hand_log(rulesets, builder, rng)
        except (IllegalActionError, ValueError, KeyError, TypeError):
            # The one-rule change makes no playable ruleset (a named first lead with no card
            # named, say): look for the plain difference of the two variants instead.
            alone = None
            continue
        ta, tb = timeline(a, setup, log), timeline(b, setup, log)
        point = parting(ta, timeline(alone, setup, log) if alone is not None else tb)
        if alone is not None and point is not None and b not in rulesets:
            if isolated is None:
                isolated = {"setup": setup, "actions": log[: point[0]], "observable": point[1],
                            "a": ta[point], "b": timeline(alone, setup, log)[point]}  # fmt: skip
            continue
        if point is None:
            continue
        witness = {"setup": setup, "actions": log[: point[0]], "observable": point[1],
                   "a": ta[point], "b": None}  # fmt: skip
        if alone is not None:
            witness["b"] = timeline(alone, setup, log)[point]
        if point in tb and (
            alone is None or _key(point[1], tb[point]) == _key(point[1], witness["b"])
        ):
            # The log replays under both variants and the second shows what the one rule does.
            witness["b"] = tb[point]
            return witness, None
        if isolated is None:
            isolated = witness
    return None, isolated


def verified(a: ResolvedVariant, b: ResolvedVariant, witness: dict[str, Any]) -> bool:
    """Whether the witness replays under both variants with the reference engine and the
    observable it names differs."""
    from conformance.reference_adapter import ReferenceEngine

    engine = ReferenceEngine()
    seen = []
    for variant in (a, b):
        response = engine.run_resolved(
            variant,
            {
                "id": "witness",
                "variant": {"id": variant.id, "options": dict(variant.chosen)},
                "setup": witness["setup"],
                "actions": witness["actions"],
                "ask": [witness["observable"]],
            },  # fmt: skip
        )
        if response["outcome"] != "answered":
            return False
        seen.append(response["answers"][witness["observable"]])
    name = witness["observable"]
    if name == "trick_winners":
        seen = [[hand[-1:]] if False else hand for hand in seen]
    if name == "hands":
        seen = [[{**h, "sides": {s: {k: v for k, v in line.items() if k in SHEET_ITEMS}
                                  for s, line in h["sides"].items()}} for h in hands]
                for hands in seen]  # fmt: skip
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
    try:
        alone = with_rule(a.rules, path, _raw(b.rules, path))
        Game(alone, parse_seat("N"), {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})
    except (TypeError, ValueError, KeyError):
        alone = None
    both, isolated = _search(a.rules, b.rules, alone, builder, rng, tries)
    if both is not None and verified(a, b, both):
        return {**both, "checked": "both variants"}
    # Some rules show only beside others (bags when set matter only where a nil's tricks are
    # bags): look from the second variant's side too.
    try:
        back = with_rule(b.rules, path, _raw(a.rules, path))
    except (TypeError, ValueError):
        back = None
    found, isolated_back = _search(b.rules, a.rules, back, builder, rng, tries // 2)
    if found is not None:
        flipped = {**found, "a": found["b"], "b": found["a"]}
        if verified(a, b, flipped):
            return {**flipped, "checked": "both variants"}
    if isolated is None and isolated_back is not None and back is not None:
        if _verified_alone(b.rules, back, isolated_back):
            return {**isolated_back, "a": isolated_back["b"], "b": isolated_back["a"],
                    "checked": f"{b.id} with only {path} changed"}  # fmt: skip
    if isolated is not None and alone is not None and _verified_alone(a.rules, alone, isolated):
        return {**isolated, "checked": f"{a.id} with only {path} changed"}
    return None


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
        in ("to_act", "legal", "trick_winners", "hands", "totals", "bags", "status")
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


def render_text(report: dict[str, Any]) -> str:
    """The diff as a person reads it."""
    a, b = report["a"]["id"], report["b"]["id"]
    lines = [f"{a} and {b} differ on {len(report['differences'])} rule(s)."]
    for item in report["differences"]:
        lines += ["", f"{item['rule']}: {a} {item['a']!s}, {b} {item['b']!s}"]
        witness = item["witness"]
        if witness is None:
            lines.append("  no witness found")
            continue
        setup = witness["setup"]
        lines.append(
            f"  dealer {setup['dealer']}, totals NS {setup['scores']['NS']} EW "
            f"{setup['scores']['EW']}, bags NS {setup['bags']['NS']} EW {setup['bags']['EW']}"
        )
        for action in witness["actions"]:
            if action["action"] == "deal":
                lines.append(f"  deal {action['hands']}")
        moves = [_short(x) for x in witness["actions"] if x["action"] != "deal"]
        for start in range(0, len(moves), 12):
            lines.append("  " + " ".join(moves[start : start + 12]))
        lines.append(f"  then {witness['observable']}: {a} {_brief(witness['a'])}")
        lines.append(f"  {' ' * (len(witness['observable']) + 6)}{b} {_brief(witness['b'])}")
        lines.append(f"  (replayed under {witness['checked']})")
    return "\n".join(lines)


def _short(action: dict[str, Any]) -> str:
    if action["action"] == "bid":
        return f"{action['seat']}:{action['bid']}"
    return f"{action['seat']}:{action['card']}"


def _brief(value: Any) -> str:
    import json

    if isinstance(value, list) and value and isinstance(value[0], dict) and "sides" in value[0]:
        sides = value[-1]["sides"]
        return "; ".join(
            f"{s} " + ", ".join(f"{k} {v}" for k, v in line.items() if k not in ("side", "nils"))
            for s, line in sides.items()
        )
    return json.dumps(value)


__all__ = ["BUILDERS", "SECTIONS", "diff_variants", "find_witness", "render_text"]
