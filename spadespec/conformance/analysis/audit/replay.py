"""One recorded game audited on the reference engine: the first action the rules refuse, and
every figure the engine recorded that the rules give otherwise, each with the arithmetic.

The log is replayed action by action. At the end of each hand the figures recorded for it (who
dealt, each seat's tricks, each side's points, total and bags) are compared with the reference's
score sheet. Where they differ, the next hand starts from what the engine recorded, so that one
wrong hand is reported once and not again in every total after it. Replaying stops at the first
illegal action: what follows it was played from a position the rules never reach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.analysis.audit.answers import check_answers
from spadespec.conformance.analysis.audit.record import GameRecord
from spadespec.conformance.analysis.audit.rules import ANSWERS, FIGURE_RULES, rule_broken
from spadespec.reference_engine.actions import (
    Bid,
    BlindBid,
    Deal,
    Draw,
    Pass,
    Play,
    Redeal,
    action_from_json,
)
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.itemised_score import side_lines
from spadespec.reference_engine.scoring.records import GameOutcome, HandScore
from spadespec.reference_engine.variant import ResolvedVariant

VERDICTS = ("ok", "not-checked", "illegal-action", "wrong-answer", "wrong-figure", "unreadable")
"""A game's verdict: every action legal and every figure right; every action legal but no
figure recorded to compare (nothing the engine worked out was checked); an action the rules
refuse (figures before it may be wrong too); an answer the engine gave during the game
(`differed`: its legal actions, an action it refused) that the rules give otherwise; a figure
the rules give otherwise; a record that cannot be read (not JSON, cut short, an unknown field,
a variant that cannot be loaded)."""


@dataclass(frozen=True, slots=True)
class Illegal:
    """The first action of a record the rules refuse, and where it stands."""

    index: int
    """Its place in the record's `actions`, from 0."""
    hand: int
    trick: int | None
    seat: str | None
    action: Any
    reason: str
    rule: str
    message: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "hand": self.hand}
        if self.trick is not None:
            out["trick"] = self.trick
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(action=self.action, reason=self.reason, rule=self.rule, message=self.message)
        return out

    def __str__(self) -> str:
        where = f"hand {self.hand}" + (f", trick {self.trick}" if self.trick else "")
        return f"actions[{self.index}] ({where}): {self.message} [{self.reason}; {self.rule}]"


@dataclass(frozen=True, slots=True)
class FigureDifference:
    """A figure the engine recorded that the rules give otherwise."""

    hand: int | None
    """The hand it was recorded for (numbered from 1 in the game); None for the game's end."""
    figure: str
    """`dealer`, `tricks`, `points`, `totals`, `bags` or `outcome`."""
    key: str | None
    """The seat or side, where the figure is one per seat or side."""
    recorded: Any
    expected: Any
    arithmetic: tuple[str, ...] = ()
    """How the rules reach the expected figure: the reference's score sheet for the side."""

    @property
    def rule(self) -> str:
        return FIGURE_RULES[self.figure]

    @property
    def answer(self) -> bool:
        """Whether this is an answer the engine gave during the game (`differed`), not a
        figure it worked out."""
        return self.figure in ANSWERS

    @property
    def path(self) -> str:
        where = "$" if self.hand is None else f"hand {self.hand}"
        return f"{where} {self.figure}" + (f" {self.key}" if self.key else "")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand, "figure": self.figure}
        if self.key is not None:
            out["key"] = self.key
        out.update(recorded=self.recorded, expected=self.expected, rule=self.rule)
        if self.arithmetic:
            out["arithmetic"] = list(self.arithmetic)
        return out

    def __str__(self) -> str:
        said = (
            f"{self.path}: recorded {_figure_text(self.recorded)}, "
            f"the rules give {_figure_text(self.expected)}"
        )
        if self.answer and self.arithmetic:  # how a legal list differs
            said += f" {self.arithmetic[0]}"
        return said


def _figure_text(figure: Any) -> str:
    """A figure as the report says it: a seat, a count, or an outcome's fields in a row
    (`status won, winner NS`)."""
    if isinstance(figure, Mapping):
        return ", ".join(f"{key} {rule_value_text(value)}" for key, value in figure.items())
    return rule_value_text(figure)


@dataclass(slots=True)
class GameAudit:
    """What the audit of one record found, and how much it checked."""

    hands: int = 0
    actions: int = 0
    compared: Counter[str] = field(default_factory=Counter)
    """Figures (and answers) compared with the rules', by kind: `totals` -> how many."""
    illegal: Illegal | None = None
    differences: list[FigureDifference] = field(default_factory=list)
    unreadable: str | None = None
    unchecked_actions: int = 0
    """Actions after the first illegal one, not replayed."""

    @property
    def figures(self) -> int:
        """How many recorded figures (and answers) were compared."""
        return sum(self.compared.values())

    @property
    def verdict(self) -> str:
        """The kind of the first problem in the game (replaying stops at an illegal action,
        so any figure found wrong came before it); `not-checked` for a game with no problem
        and nothing compared."""
        if self.unreadable is not None:
            return "unreadable"
        if self.differences:
            return "wrong-answer" if self.differences[0].answer else "wrong-figure"
        if self.illegal is not None:
            return "illegal-action"
        return "ok" if self.figures else "not-checked"

    def checked_on(self) -> str:
        """What the game was checked on, as a person reads it: `52 actions replayed; figures
        compared: totals 4, bags 4`."""
        said = f"{self.actions} action{'' if self.actions == 1 else 's'} replayed"
        if self.unchecked_actions:
            said += f" ({self.unchecked_actions} after an illegal one not)"
        if not self.compared:
            return f"{said}; no figure recorded to compare"
        kinds = ", ".join(f"{kind} {n}" for kind, n in self.compared.items())
        return f"{said}; figures compared: {kinds}"


class HandSink(Protocol):
    """Who is told of each hand checked (the diagnosis's sample), and asked first whether it
    wants it, so that nothing is built for a hand it does not keep; a completed hand comes
    with the reference's score sheet for it (`scored`), a probe of a refused action without."""

    def wants(self, differs: bool, scored: HandScore | None = None) -> bool: ...

    def hand(
        self, start: dict[str, Any], actions: list[Any], expected: dict[str, Any],
        recorded: dict[str, Any], scored: HandScore | None = None,
        checked: tuple[str, ...] = (), whole_game: bool = False,
    ) -> None: ...  # fmt: skip


def audit_game(
    record: GameRecord, variant: ResolvedVariant, sink: HandSink | None = None
) -> GameAudit:
    """Replay `record` under `variant` on the reference engine and compare what it recorded."""
    out = GameAudit()
    try:
        game = Game.replay(variant, record.setup, [])
    except IllegalActionError as exc:
        out.unreadable = f"$.setup: {exc.detail}"
        return out
    actions = record.actions
    recorded_hands = record.hands
    start: dict[str, Any] = _start_of(game)
    first = start
    hand_from = 0
    hand_no = 0
    last_hand: dict[tuple[str, str | None], Any] = {}
    answers = _Answers(record.differed)
    for index, entry in enumerate(actions):
        if answers.due == index:  # most records carry no answers: nothing to do per action
            answers.check(game, index, hand_no, out, sink, start, actions[hand_from:index])
        try:
            action = action_from_json(entry)
        except InvalidActionError as exc:
            out.unreadable = f"$.actions[{index}]: {exc.detail}"
            return out
        if type(action) is Deal:
            # A deal straight after a deal the rules threw in (`deal.redeal_*`) deals the same
            # hand again: the record's hands are those played, so it is not a hand of its own.
            redealt = game.phase == "deal" and bool(game.log) and _throws_in(game.log[-1])
            hand_no += not redealt
            hand_from = index
            start = _start_of(game)
            wanted = recorded_hands[hand_no - 1] if hand_no <= len(recorded_hands) else None
            if wanted is not None and "dealer" in wanted and game.phase == "deal" and not redealt:
                out.compared["dealer"] += 1
                dealer = game.dealer.name
                if wanted["dealer"] != dealer:
                    out.differences.append(
                        FigureDifference(hand_no, "dealer", None, wanted["dealer"], dealer)
                    )
        before = len(game.hand_results)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            out.illegal = _illegal(game, exc, index, entry, action, hand_no)
            out.unchecked_actions = len(actions) - index - 1
            if sink is not None and sink.wants(True):
                _probes(sink, start, actions, hand_from, index, exc)
            return out
        out.actions += 1
        if len(game.hand_results) != before:
            out.hands += 1
            hand = game.hand_results[-1]
            wanted = recorded_hands[hand_no - 1] if hand_no <= len(recorded_hands) else {}
            more = index + 1 < len(actions)
            found = _compare_hand(game, hand, wanted, hand_no, more, out)
            last_hand = {(d.figure, d.key): d.recorded for d in found}
            out.differences += found
            if sink is not None and sink.wants(bool(found), hand):
                expected, recorded = _as_observables(game, hand, wanted, start, more, record)
                sink.hand(start, actions[hand_from : index + 1], expected, recorded, hand)
            if found and more:
                game = _anchored(game, hand, wanted)
    answers.check(game, len(actions), hand_no, out, sink, start, actions[hand_from:])
    _compare_end(game, record, out, last_hand)
    if sink is not None and not any(recorded_hands):
        _end_sample(game, record, first, out, sink)
    return out


class _Answers:
    """A record's `differed` entries, each checked when the replay reaches its position."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        self._entries = entries
        self._next = 0
        self.due = entries[0]["at"] if entries else -1
        """Where the next entry stands in the log; -1 when none is left."""

    def check(
        self, game: Game, at: int, hand: int, out: GameAudit, sink: HandSink | None,
        start: dict[str, Any], played: list[Any],
    ) -> None:  # fmt: skip
        entries = self._entries
        while self._next < len(entries) and entries[self._next]["at"] == at:
            for checked in check_answers(game, entries[self._next]):
                out.compared[checked.figure] += 1
                if checked.differs:
                    detail = (checked.detail,) if checked.detail else ()
                    out.differences.append(
                        FigureDifference(hand or None, checked.figure, checked.key,
                                         checked.recorded, checked.expected, detail)
                    )  # fmt: skip
                if sink is not None and checked.case_expect and checked.answers is not None:
                    if sink.wants(checked.differs):
                        sink.hand(start, played, checked.case_expect, checked.answers,
                                  checked=checked.checked)  # fmt: skip
            self._next += 1
        self.due = entries[self._next]["at"] if self._next < len(entries) else -1


def _end_sample(
    game: Game, record: GameRecord, first: dict[str, Any], out: GameAudit, sink: HandSink
) -> None:
    """A record whose only figures are those of its end (no hand's): the whole game as one
    case for the diagnosis, asked the end's totals, bags and outcome, so that a rule change
    under which the recorded actions give the recorded end is found."""
    if out.illegal is not None or not record.actions:
        return
    expected: dict[str, Any] = {}
    recorded: dict[str, Any] = {}
    for figure, current in (("totals", game.totals), ("bags", game.bags)):
        given = getattr(record, figure)
        if given:
            expected[figure] = {side: current.get(side) for side in given}
            recorded[figure] = dict(given)
    if record.outcome is not None:
        status = {"status": "continues", "winner": None}
        if game.outcome is not None:
            status = {"status": game.outcome.status, "winner": game.outcome.winner}
        expected["status"] = status
        recorded["status"] = {"status": record.outcome["status"],
                              "winner": record.outcome.get("winner")}  # fmt: skip
    differs = any(not d.answer for d in out.differences)
    if expected and sink.wants(differs):
        sink.hand(first, list(record.actions), expected, recorded, whole_game=True)


def _start_of(game: Game) -> dict[str, Any]:
    return {
        "dealer": game.dealer.name,
        "scores": dict(game.totals),
        "bags": dict(game.bags),
        "hands_played": game.hands_played,
    }


def _throws_in(last: Any) -> bool:
    """Whether the log's last action, with a deal due, threw the hand in: a deal the rules
    threw in (`deal.redeal_*`), or a holder's call (`deal.redeal_by: holder`)."""
    return type(last) is Deal or (type(last) is Redeal and last.call)


def _illegal(
    game: Game, exc: IllegalActionError, index: int, entry: Any, action: Any, hand: int
) -> Illegal:
    kinds = {Bid: "bid", Pass: "pass", Play: "play", Deal: "deal", Redeal: "redeal", Draw: "draw"}
    kind = kinds.get(type(action), "action")
    leading = kind == "play" and not game.current_trick
    first = (kind == "bid" and not game.bids) or (
        kind == "play" and leading and not game.completed_tricks
    )
    seat = exc.seat or getattr(getattr(action, "seat", None), "name", None)
    trick = exc.trick if exc.trick is not None else (game.trick_number if kind == "play" else None)
    return Illegal(
        index, exc.hand or max(hand, 1), trick, seat, entry, str(exc.reason),
        rule_broken(str(exc.reason), kind, first, leading,
                    blind_bid=isinstance(getattr(action, "bid", None), BlindBid)), exc.detail,
    )  # fmt: skip


def _probes(
    sink: HandSink, start: dict[str, Any], actions: list[Any], lo: int, at: int,
    exc: IllegalActionError,
) -> None:  # fmt: skip
    """The refused action as a probe the engine allowed, and a few allowed actions of the same
    kind before it, which the engine allowed too: what a neighbour explaining it must keep."""
    entry = actions[at]
    kind = entry.get("action") if isinstance(entry, dict) else None
    refused = {"illegal": {"action": entry, "reason": str(exc.reason)}}
    sink.hand(start, actions[lo:at], refused, {"illegal": {"action": entry, "reason": None}})
    earlier = [j for j in range(lo + 1, at) if isinstance(actions[j], dict)
               and actions[j].get("action") == kind][-3:]  # fmt: skip
    for j in earlier:
        allowed = {"illegal": {"action": actions[j], "reason": None}}
        sink.hand(start, actions[lo:j], allowed, allowed)


def _compare_hand(
    game: Game, hand: HandScore, wanted: Mapping[str, Any], number: int, more: bool,
    out: GameAudit,
) -> list[FigureDifference]:  # fmt: skip
    found: list[FigureDifference] = []
    rules = game.rules
    tricks = wanted.get("tricks")
    if tricks is not None:
        for seat, count in tricks.items():
            out.compared["tricks"] += 1
            if hand.tricks.get(seat) != count:
                found.append(FigureDifference(number, "tricks", seat, count, hand.tricks.get(seat)))
    for figure, item in (
        ("points", "hand_points"),
        ("totals", "score_after"),
        ("bags", "bags_after"),
    ):
        given = wanted.get(figure)
        if given is None:
            continue
        for side, value in given.items():
            out.compared[figure] += 1
            line = hand.sides.get(side)
            expected = getattr(line, item) if line is not None else None
            if value != expected:
                sheet = tuple(side_lines(line, hand, rules)) if line is not None else ()
                found.append(FigureDifference(number, figure, side, value, expected, sheet))
    outcome = game.outcome
    if more and outcome is not None and outcome.over:
        # The record plays on where the rules end the game.
        out.compared["outcome"] += 1
        found.append(
            FigureDifference(number, "outcome", None, {"status": "continues"},
                             outcome.status_json(), (outcome.reason,))
        )  # fmt: skip
    return found


def _as_observables(
    game: Game, hand: HandScore, wanted: Mapping[str, Any], start: dict[str, Any], more: bool,
    record: GameRecord,
) -> tuple[dict[str, Any], dict[str, Any]]:  # fmt: skip
    """The hand's figures, the reference's and the engine's, as a case's observables (totals,
    bags, status): what a neighbour of the variant is asked."""
    expected: dict[str, Any] = {}
    recorded: dict[str, Any] = {}
    totals = wanted.get("totals")
    if totals is None and wanted.get("points") is not None:
        totals = {s: start["scores"].get(s, 0) + p for s, p in wanted["points"].items()}
    # Only the sides the engine recorded, as the audit compares them: a side left out is not
    # a difference.
    if totals:
        sides = [s for s in hand.sides if s in totals]
        expected["totals"] = {s: hand.sides[s].score_after for s in sides}
        recorded["totals"] = {s: totals[s] for s in sides}
    bags = wanted.get("bags")
    if bags:
        sides = [s for s in hand.sides if s in bags]
        expected["bags"] = {s: hand.sides[s].bags_after for s in sides}
        recorded["bags"] = {s: bags[s] for s in sides}
    outcome: GameOutcome | None = game.outcome
    if outcome is not None and (more or record.outcome is not None):
        # The status and winner, as the audit compares them (a record gives no reason code).
        expected["status"] = {"status": outcome.status, "winner": outcome.winner}
        said = {"status": "continues", "winner": None} if more else dict(record.outcome or {})
        recorded["status"] = {"status": said.get("status"), "winner": said.get("winner")}
    return expected, recorded


def _anchored(game: Game, hand: HandScore, wanted: Mapping[str, Any]) -> Game:
    """A game at the next deal, from the totals and bags the engine recorded where it
    recorded them (the reference's elsewhere): the next hand is judged on its own."""
    totals = {side: line.score_after for side, line in hand.sides.items()}
    bags = {side: line.bags_after for side, line in hand.sides.items()}
    totals.update({k: v for k, v in (wanted.get("totals") or {}).items() if k in totals})
    bags.update({k: v for k, v in (wanted.get("bags") or {}).items() if k in bags})
    dealer = game.dealer if game.phase == "deal" else game.plan.next_dealer(game.table, game.dealer)
    rules = game.variant if game.variant is not None else game.rules
    return Game.new(
        rules, dealer=dealer, scores=totals, bags=bags, hands_played=game.hands_played,
        rulebook=game.plan.rulebook,
    )  # fmt: skip


def _compare_end(
    game: Game, record: GameRecord, out: GameAudit, last_hand: dict[tuple[str, str | None], Any]
) -> None:
    """The figures recorded for the game as a whole: final totals, bags and outcome. A figure
    already reported wrong on the last hand, with the same value, is not reported again."""
    last = game.hand_results[-1] if game.hand_results else None
    for figure, current in (("totals", game.totals), ("bags", game.bags)):
        given = getattr(record, figure)
        if given is None:
            continue
        for side, value in given.items():
            out.compared[f"end {figure}"] += 1
            expected = current.get(side)
            if last is not None and side in last.sides:
                line = last.sides[side]
                expected = line.score_after if figure == "totals" else line.bags_after
            if value != expected and last_hand.get((figure, side), object()) != value:
                sheet: tuple[str, ...] = ()
                if last is not None and side in last.sides:
                    sheet = tuple(side_lines(last.sides[side], last, game.rules))
                out.differences.append(FigureDifference(None, figure, side, value, expected, sheet))
    if record.outcome is not None:
        out.compared["outcome"] += 1
        outcome = game.outcome
        expected_status = (
            {"status": "continues", "winner": None} if outcome is None else outcome.status_json()
        )
        expected_status.pop("reason", None)
        if dict(record.outcome) != expected_status:
            why = (outcome.reason,) if outcome is not None else ()
            out.differences.append(
                FigureDifference(None, "outcome", None, dict(record.outcome), expected_status, why)
            )
