"""A rule whose reason is not written in its own entry: `moot: true` where the ruleset's other
rules make it mean nothing, and `silent: {source: section}` where the source is silent and the
interpretation of the ruleset it extends stands (variants/*.yaml, schema `ruleEntry`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.reference_engine.variant import VariantError, load_variant


def _child(folder: Path, ident: str, parent: str, body: str) -> Path:
    path = folder / f"{ident}.yaml"
    path.write_text(f"id: {ident}\ntitle: {ident}\nrevision: 1\nsummary: A test.\n")
    path.write_text(path.read_text() + f"extends: {parent}\n{body}")
    return path


def _problems(path: Path) -> list[tuple[str, int | None, str]]:
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    return [(p.path, p.line, p.message) for p in caught.value.problems]


def test_a_moot_rule_keeps_the_parents_value_and_says_why_it_means_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Standard has no blind nil, so nobody exchanges cards after one.
    leaf = _child(
        tmp_path, "quiet", "standard", "rules:\n  bidding:\n    blind_nil_exchange: {moot: true}\n"
    )
    variant = load_variant(str(leaf))
    assert variant.rules.bidding.blind_nil_exchange == 0
    prov = variant.provenance["bidding.blind_nil_exchange"]
    assert (prov.origin, prov.variant, prov.citations, prov.interpretation) == (
        "file",
        "quiet",
        (),
        None,
    )
    assert prov.moot == "Blind nil is not played, so no cards are exchanged."
    assert main(["show", str(leaf)]) == 0
    shown = capsys.readouterr().out.splitlines()
    at = shown.index("  blind_nil_exchange: 0")
    assert shown[at + 1 : at + 3] == [
        "      from this file",
        "      moot: Blind nil is not played, so no cards are exchanged.",
    ]


def test_a_rule_no_other_rule_can_make_moot_is_refused(tmp_path: Path) -> None:
    leaf = _child(tmp_path, "loud", "standard", "rules:\n  bidding:\n    max_bid: {moot: true}\n")
    ((path, line, message),) = _problems(leaf)
    assert (path, line) == ("rules.bidding.max_bid.moot", 8)
    assert message.startswith("bidding.max_bid is never moot")


def test_a_moot_rule_that_a_table_option_makes_mean_something_is_refused(tmp_path: Path) -> None:
    # Blind nil allowed at the table's choice: its exchange then means something.
    leaf = _child(
        tmp_path,
        "choose",
        "pagat-blind-nil",
        "options:\n  blind:\n    rule: bidding.blind_nil\n    choices: [allowed, not-allowed]\n"
        "    default: allowed\n    description: Blind nil or none.\n"
        "rules:\n  bidding:\n    blind_nil_trailing_by: {moot: true}\n",
    )
    problems = _problems(leaf)
    assert [(p, line) for p, line, _ in problems] == [
        ("rules.bidding.blind_nil_trailing_by.moot", 14)
    ]
    message = problems[0][2]
    assert "moot only when bidding.blind_nil is not-allowed" in message
    assert "bidding.blind_nil can be allowed (at " in message and "choose.yaml:9" in message


def test_a_moot_rule_its_child_brings_back_is_refused_with_where_to_write_it(
    tmp_path: Path,
) -> None:
    _child(
        tmp_path,
        "parent",
        "standard",
        "rules:\n  bidding:\n    blind_nil_trailing_by: {moot: true}\n",
    )
    leaf = _child(
        tmp_path,
        "child",
        "parent",
        "rules:\n  bidding:\n    blind_nil:\n      value: allowed\n      cite: {porchlight: X}\n"
        "  scoring:\n    blind_nil_bonus:\n      value: 200\n      cite: {porchlight: X}\n"
        "    blind_nil_penalty:\n      value: 200\n      cite: {porchlight: X}\n",
    )
    ((path, _line, message),) = _problems(leaf)
    assert path == "rules.bidding.blind_nil_trailing_by.moot"
    assert message.endswith("; write bidding.blind_nil_trailing_by in child")


def test_a_silence_plays_the_parents_interpretation_arising_from_its_own_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    leaf = _child(
        tmp_path,
        "hush",
        "standard",
        "rules:\n  scoring:\n    moon: {silent: {porchlight: Scoring}}\n",
    )
    variant = load_variant(str(leaf))
    standard = load_variant("standard").provenance["scoring.moon"].interpretation
    prov = variant.provenance["scoring.moon"]
    assert (prov.origin, prov.variant, prov.citations) == ("file", "hush", ())
    interp = prov.interpretation
    assert interp is not None and standard is not None
    assert (interp.question, interp.choice, interp.why, interp.alternative) == (
        standard.question,
        standard.choice,
        standard.why,
        standard.alternative,
    )
    assert (interp.source, interp.section, interp.as_in) == ("porchlight", "Scoring", "standard")
    assert main(["show", str(leaf)]) == 0
    out = capsys.readouterr().out
    assert "interpretation (the sources leave this open), as in standard:" in out
    assert 'Arises from: porchlight (004_5ff62179fc09e9bb.txt), section "Scoring"' in out


def test_a_silence_over_a_silence_still_names_whose_interpretation_it_is(tmp_path: Path) -> None:
    _child(tmp_path, "one", "standard", "rules:\n  scoring:\n    moon: {silent: {porchlight: A}}\n")
    leaf = _child(
        tmp_path,
        "two",
        "one",
        "rules:\n  scoring:\n    moon: {silent: {ellington: B}}\n",
    )
    interp = load_variant(str(leaf)).provenance["scoring.moon"].interpretation
    assert interp is not None
    assert (interp.source, interp.section, interp.as_in) == ("ellington", "B", "standard")


def test_a_silence_where_the_parent_cites_the_rule_is_refused(tmp_path: Path) -> None:
    # Standard cites the nil bonus; there is no interpretation to play.
    leaf = _child(
        tmp_path,
        "mute",
        "standard",
        "rules:\n  scoring:\n    nil_bonus: {silent: {porchlight: Scoring}}\n",
    )
    ((path, line, message),) = _problems(leaf)
    assert (path, line) == ("rules.scoring.nil_bonus.silent", 8)
    assert "standard cites the rule rather than interpreting it" in message


def test_moot_and_silent_stand_alone_in_their_entry(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "both",
        "standard",
        "rules:\n  bidding:\n    blind_nil_exchange: {moot: true, cite: {porchlight: X}}\n"
        "  scoring:\n    moon:\n      silent: {porchlight: Scoring}\n"
        "      interpretation: {question: Q, choice: C, why: W, alternative: A}\n",
    )
    said = {(p, line): m for p, line, m in _problems(leaf)}
    assert said == {
        ("rules.bidding.blind_nil_exchange.cite", 8): "`moot` gives this rule its reason, so "
        "`cite` cannot stand beside it; keep one",
        ("rules.scoring.moon.interpretation", 12): "`silent` gives this rule its reason, so "
        "`interpretation` cannot stand beside it; keep one",
    }


def test_a_silence_names_one_declared_source_and_one_section(tmp_path: Path) -> None:
    typo = _child(
        tmp_path,
        "typo",
        "standard",
        "rules:\n  scoring:\n    moon: {silent: {porchlite: Scoring}}\n",
    )
    ((path, _line, message),) = _problems(typo)
    assert path == "rules.scoring.moon.silent.porchlite"
    assert "source 'porchlite' is not declared" in message
    two = _child(
        tmp_path,
        "two",
        "standard",
        "rules:\n  scoring:\n    boston: {silent: {porchlight: Scoring, ellington: scoring}}\n",
    )
    assert _problems(two) == [
        ("rules.scoring.boston.silent", 8, "names 2 sources; name exactly one, with its section")
    ]
    written = _child(tmp_path, "unset", "standard", "rules:\n  scoring:\n    moon: {moot: false}\n")
    ((path, _line, message),) = _problems(written)
    assert (path, message) == ("rules.scoring.moon.moot", "can only be true, found false")
