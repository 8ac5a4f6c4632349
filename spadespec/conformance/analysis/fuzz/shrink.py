"""Shrinking a difference to the smallest position that still shows it.

In order: the fewest hands (start the log at the hand that differs, its running totals and
bags as the setup, keeping an earlier hand only when the difference needs it); the earliest
action after which the answers differ; a plain setup (totals and bags of zero, where the
difference survives); and the simplest deal: cards swapped, two at a time, toward a deck
where North holds the spades, East the hearts, South the diamonds and West the clubs, each
card's passes and plays renamed with it (at three seats clubs go North; a top trump is a
spade), as long as the log still replays and the answers still differ.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from spadespec.conformance.analysis.fuzz.checker import Divergence, GameChecker
from spadespec.conformance.analysis.fuzz.differences import differences
from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.analysis.fuzz.observe import asks_at, required_only
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseResponse
from spadespec.conformance.contract.runner.checking import expected_for, plan_for
from spadespec.conformance.contract.runner.grade import compare
from spadespec.reference_engine.cards import CARD_TEXT, cards_in, high_first, parse_card
from spadespec.reference_engine.deal import format_deal, parse_deal
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.model import ResolvedVariant, Rules


@dataclass(frozen=True, slots=True)
class Verdict:
    """One position put to both engines: the reference's answers, the engine's, what differs."""

    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    reference: dict[str, Any]
    response: CaseResponse
    differences: tuple[str, ...]


class Judge:
    """Puts positions to the reference engine and to the engine under test; with `keep` (the
    observables a difference was found in), a position differs only where one of them does,
    so that shrinking keeps the difference it began with and does not wander to another."""

    def __init__(
        self, checker: GameChecker, variant: ResolvedVariant | None = None,
        keep: Collection[str] = (),
    ) -> None:  # fmt: skip
        self.checker = checker
        self.reference = ReferenceEngine()
        self.variant = variant or checker.expected_variant
        """What the reference plays: what the checker expects the engine's answers under
        (the run's variant, with any known rule changes), or another (the variant itself,
        to write a found case against)."""
        self.rules = self.variant.rules
        self.keep = keep
        self.tries = 0

    def verdict(self, setup: dict[str, Any], actions: list[dict[str, Any]]) -> Verdict | None:
        """Both engines' answers after the log; None when the reference refuses the log."""
        self.tries += 1
        try:
            game = Game.replay(self.variant, setup, actions)
        except (IllegalActionError, ValueError):
            return None
        ask = asks_at(game)
        wanted = self.reference.run_resolved(
            self.variant,
            {
                "id": "fuzz",
                "variant": self.checker.ref,
                "setup": setup,
                "actions": actions,
                "ask": list(ask),
            },  # fmt: skip
        )
        if wanted["outcome"] != "answered":
            return None
        answers = required_only(wanted["answers"])
        checked = plan_for(answers, ask, self.checker.features).checked
        expected = expected_for(answers, checked)
        response = self.checker.ask(setup, actions, checked)
        found = tuple(differences(expected, response))
        return Verdict(setup, actions, expected, response, found)

    def differs(self, setup: dict[str, Any], actions: list[dict[str, Any]]) -> Verdict | None:
        """The verdict after the log if the engines differ there (in `keep`, if given), else
        None."""
        verdict = self.verdict(setup, actions)
        if verdict is None or not verdict.differences:
            return None
        answers = verdict.response.get("answers")
        kept = [k for k in self.keep if k in verdict.reference]
        if kept and isinstance(answers, dict):
            if not compare({k: verdict.reference[k] for k in kept}, answers):
                return None  # another observable differs here, not one being shrunk
        return verdict


class NewDifferenceJudge(Judge):
    """Differs only where the engine differs both from the reference playing the known rule
    changes (so the difference is a new one) and from the variant itself (so a case of the
    variant shows it); its verdicts are the variant's."""

    def __init__(
        self, checker: GameChecker, variant: ResolvedVariant,
        expected: ResolvedVariant | None = None, keep: Collection[str] = (),
    ) -> None:  # fmt: skip
        super().__init__(checker, variant, keep)
        self.known = Judge(checker, expected)

    def differs(self, setup: dict[str, Any], actions: list[dict[str, Any]]) -> Verdict | None:
        if self.known.differs(setup, actions) is None:
            return None
        return super().differs(setup, actions)


def shrink(judge: Judge, game: FuzzGame, found: Divergence) -> Verdict:
    """The smallest position showing a difference found in `game`."""
    end = found.at if found.at is not None else len(game.actions)
    last = max(i for i, start in enumerate(game.starts) if start.at < end) if end else 0
    if found.at is None:
        # The whole log differs at its end: find the first hand whose end shows it.
        for index in range(len(game.starts)):
            stop = game.starts[index + 1].at if index + 1 < len(game.starts) else len(game.actions)
            if judge.differs(game.setup, game.actions[:stop]):
                end, last = stop, index
                break
    best = judge.differs(game.setup, game.actions[:end])
    if best is None:
        # The log as a whole may not replay under the judge's rules (a game played with a
        # known rule change): a hand from its own start may.
        for index, start in enumerate(game.starts):
            stop = game.starts[index + 1].at if index + 1 < len(game.starts) else len(game.actions)
            best = judge.differs(start.setup, game.actions[start.at : stop])
            if best is not None:
                end, last = stop, index
                break
    if best is None:
        raise RuntimeError(_why_not_again(judge, game, found))
    # Fewest hands: the latest start that still differs.
    for index in range(last, -1, -1):
        start = game.starts[index]
        verdict = judge.differs(start.setup, game.actions[start.at : end])
        if verdict is not None:
            best = verdict
            break
    best = earliest(judge, best)
    best = plain_setup(judge, best)
    best = simplest_deals(judge, best)
    return earliest(judge, best)


def _why_not_again(judge: Judge, game: FuzzGame, found: Divergence) -> str:
    """Why a difference does not show when its position is put again: the engine answering
    the very same request otherwise is said only when replaying it shows that."""
    request = found.request
    if request is None or found.score or found.answers is None:
        return "the difference found does not show again when its position is asked afresh"
    again = judge.checker.ask(request["setup"], request["actions"], request["ask"])
    if again.get("answers") != found.answers:
        return (
            "the engine under test answered the very same request differently when it was "
            "put again: its answers change from one time to the next"
        )
    return (
        "the difference found does not show again when its position is asked from a shorter "
        "log or under the rule changes named before it; the seed replays the game"
    )


def earliest(judge: Judge, verdict: Verdict) -> Verdict:
    """The shortest prefix of the log after which the engines differ."""
    for length in range(len(verdict.actions) + 1):
        found = judge.differs(verdict.setup, verdict.actions[:length])
        if found is not None:
            return found
    return verdict


def plain_setup(judge: Judge, verdict: Verdict) -> Verdict:
    """Totals and bags of zero where the difference does not need them."""
    zero = dict.fromkeys(table_of(judge.rules).sides, 0)
    for change in ({"scores": zero, "bags": zero}, {"scores": zero}, {"bags": zero}):
        setup = {**verdict.setup, **change}
        if setup == verdict.setup:
            continue
        found = judge.differs(setup, verdict.actions)
        if found is not None:
            return found
    return verdict


def home(card: int, rules: Rules | None = None) -> int:
    """The seat that holds `card` in the simplest deal: spades N, hearts E, diamonds S, clubs W
    (at three seats, clubs with North again); a top trump is a spade."""
    if rules is None:
        return 3 - card // 13
    seats = table_of(rules).seats
    suit = pack_of(rules).suit_of[card]
    return seats[(3 - suit) % len(seats)]


def simplest_deals(judge: Judge, verdict: Verdict, passes: int = 3) -> Verdict:
    """Each deal of the log moved toward the simplest deal, two cards at a time."""
    best = verdict
    rules = judge.rules
    order = sorted(cards_in(pack_of(rules).cards), reverse=True)
    for index, action in enumerate(verdict.actions):
        if action["action"] != "deal":
            continue
        for _ in range(passes):
            improved = False
            for card in order:
                hands = list(parse_deal(best.actions[index]["hands"]))
                # a card a kitty's dealer laid aside is in no hand, and stays aside
                seat = next((s for s, held in enumerate(hands) if held >> card & 1), None)
                if seat is None or seat == home(card, rules):
                    continue
                for other in _partners(hands, card, seat, rules):
                    found = judge.differs(best.setup, _swapped(best.actions, index, card, other))
                    if found is not None:
                        best, improved = found, True
                        break
            if not improved:
                break
    return best


def _partners(hands: list[int], card: int, seat: int, rules: Rules, tries: int = 3) -> list[int]:
    """Cards to swap `card` with: held where it belongs, best those that belong where it is."""
    belongs = home(card, rules)
    there = list(cards_in(hands[belongs]))
    fits = [c for c in there if home(c, rules) == seat]
    misplaced = [c for c in there if home(c, rules) != belongs and c not in fits]
    return (fits[::-1] + misplaced[::-1])[:tries]


def _swapped(actions: list[dict[str, Any]], index: int, a: int, b: int) -> list[dict[str, Any]]:
    """The log with cards `a` and `b` exchanged in the deal at `index` and its hand's passes
    and plays."""
    rename: Callable[[int], int] = lambda c: b if c == a else a if c == b else c  # noqa: E731
    dealt = parse_deal(actions[index]["hands"])
    hands = [0] * len(dealt)  # four places, or eight at a table with a seat beyond W
    for seat, mask in enumerate(dealt):
        for card in cards_in(mask):
            hands[seat] |= 1 << rename(card)
    out = list(actions)
    out[index] = {"action": "deal", "hands": format_deal(hands)}
    for i in range(index + 1, len(actions)):
        entry = actions[i]
        if entry["action"] == "deal":
            break
        if entry["action"] == "play":
            out[i] = {**entry, "card": CARD_TEXT[rename(parse_card(entry["card"]))]}
        elif entry["action"] == "pass":
            renamed = high_first(sum(1 << rename(parse_card(c)) for c in entry["cards"]))
            out[i] = {**entry, "cards": [CARD_TEXT[c] for c in renamed]}
    return out
