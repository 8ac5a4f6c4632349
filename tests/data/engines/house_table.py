"""The reference engine behind the protocol, playing a table of its own: each shape the
diagnosis must name right, chosen by flags.

  --rule PATH=JSON     play this rule at this value whatever the request's variant says
                       (repeatable): `--rule scoring.big_bid_tricks=10`
  --nil-as-zero        declare `nil_as_zero`: read a bid of 0 as nil, write nil as 0
  --legal-reversed     list the legal actions last first
  --turn-first         refuse a bid out of turn with `not-your-turn` before `already-bid`
  --err-all            answer every request `errored`, naming no step
  --declare ID         also declare this variant (a house's file) in `start`
  --skip-started       decline (`skipped`) a request whose game does not start from nothing
                       (a side with points or bags), as an engine that can only deal a new
                       game does
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from spadespec.conformance.contract.engines.reference import ReferenceEngine, variant_of
from spadespec.conformance.contract.engines.serve import wire_answer
from spadespec.reference_engine.variant.resolve import with_values


def _zero_to_nil(request: dict[str, Any]) -> None:
    for action in [*request["actions"], *([request["probe"]] if "probe" in request else [])]:
        if action.get("action") == "bid" and action.get("bid") == 0:
            action["bid"] = "nil"


def _nil_to_zero(answers: dict[str, Any]) -> None:
    if isinstance(answers.get("legal"), list):
        answers["legal"] = [0 if a == "nil" else a for a in answers["legal"]]
    for hand in answers.get("hands") or []:
        hand["bids"] = {s: 0 if b == "nil" else b for s, b in hand["bids"].items()}


def _turn_first(request: dict[str, Any], answers: dict[str, Any], to_act: Any) -> None:
    illegal = answers.get("illegal")
    if not isinstance(illegal, dict) or illegal.get("reason") != "already-bid":
        return
    if to_act and to_act.get("seat") != request["probe"].get("seat"):
        illegal["reason"] = "not-your-turn"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--nil-as-zero", action="store_true")
    parser.add_argument("--legal-reversed", action="store_true")
    parser.add_argument("--turn-first", action="store_true")
    parser.add_argument("--err-all", action="store_true")
    parser.add_argument("--declare", action="append", default=[])
    parser.add_argument("--skip-started", action="store_true")
    args = parser.parse_args()
    rules = {}
    for text in args.rule:
        path, _, value = text.partition("=")
        try:
            rules[path] = json.loads(value)
        except json.JSONDecodeError:
            rules[path] = value  # a word: an enumerated rule's value
    engine = ReferenceEngine()
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "stop":
            return
        if message["cmd"] == "start":
            info: dict[str, Any] = dict(engine.start())
            info["features"] = [f for f in info["features"] if f != "score"]
            if args.nil_as_zero:
                info["features"].append("nil_as_zero")
            info["variants"] = [*info["variants"], *args.declare]
            print(json.dumps(info), flush=True)
            continue
        request = message["case"]
        setup = request.get("setup", {})
        if args.skip_started and any(
            any(setup.get(key, {}).values()) for key in ("scores", "bags")
        ):
            skipped = {"reason": "only a game from nothing is played here"}
            print(json.dumps({"seq": message["seq"], "skipped": skipped}), flush=True)
            continue
        if args.err_all:
            print(json.dumps({"seq": message["seq"], "errored": {"message": "no"}}), flush=True)
            continue
        if args.nil_as_zero:
            _zero_to_nil(request)
        variant = variant_of(request["variant"])
        variant = replace(variant, rules=with_values(variant.rules, rules))
        asked = request["ask"]
        if args.turn_first and "illegal" in asked and "to_act" not in asked:
            request = {**request, "ask": [*asked, "to_act"]}
        response = engine.run_resolved(variant, request)
        answers = response.get("answers")
        if isinstance(answers, dict):
            if args.turn_first:
                _turn_first(request, answers, answers.get("to_act"))
            if args.legal_reversed and isinstance(answers.get("legal"), list):
                answers["legal"] = answers["legal"][::-1]
            if args.nil_as_zero:
                _nil_to_zero(answers)
        print(json.dumps({"seq": message["seq"], **wire_answer(response)}), flush=True)


main()
