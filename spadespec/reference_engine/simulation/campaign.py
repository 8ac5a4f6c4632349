"""A simulation campaign: N seeded games per variant, any share of them (a shard) played here,
in one or more processes, and the shards' documents merged into exactly the one-run document.

Game i of a campaign with seed S is played from a seed worked out from (S, i) alone, so every
variant meets the same deals and bots' seeds, a shard plays the games i with i % count == index,
and the order games finish in changes nothing: the tallies are integers added up."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import queue
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard

from spadespec.command_kit.arguments import COUNT_LIMIT, SEED_LIMIT, SHARDS_LIMIT
from spadespec.command_kit.workers import (
    FINISH_GRACE,
    check_alive,
    end_workers,
    start_context,
    start_workers,
)
from spadespec.reference_engine import __version__
from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.simulation.summary import differences, figure_json, figures
from spadespec.reference_engine.simulation.tally import Tally, add, added, tally_game
from spadespec.reference_engine.variant import ResolvedVariant, load_for_command

FORMAT = "spadespec-simulation/1"
CHUNK = 25
"""Games handed to a process at a time (and between two steps of the progress bar)."""

_HERE = Path(__file__).resolve().parent
_ENGINE = _HERE.parent


class Settings(NamedTuple):
    """What makes two runs the same campaign: the games per variant, the seed, the bots and
    the cap on hands a game."""

    games: int
    seed: int
    bots: str
    max_hands: int


@dataclasses.dataclass(frozen=True, slots=True)
class Shard:
    """One share of a campaign's games: number `index` of `count`, counted from 0."""

    index: int
    count: int

    def to_json(self) -> dict[str, int]:
        return {"index": self.index, "count": self.count}


def game_seed(seed: int, index: int) -> int:
    """Game `index`'s seed in a campaign seeded `seed` (the same on every machine)."""
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def games_of(games: int, shard: Shard | None) -> range:
    """The game numbers a shard plays (all of them without one)."""
    return range(games) if shard is None else range(shard.index, games, shard.count)


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.hexdigest()[:16]


def _sources(*paths: Path) -> str:
    files = sorted(p for path in paths for p in ([path] if path.is_file() else path.glob("*.py")))
    return _digest(*(f.name.encode() + b"\0" + f.read_bytes() for f in files))


def rules_fingerprint(variant: ResolvedVariant) -> str:
    """A digest of the resolved rules the games were played under (with options applied)."""
    rules = json.dumps(dataclasses.asdict(variant.rules), sort_keys=True, default=str)
    return _digest(rules.encode())


def fingerprints(variant: ResolvedVariant) -> dict[str, str]:
    """What the figures depend on: the bots' code, the scoring's code (with what is tallied)
    and the resolved rules. A change to anything else leaves stored figures good."""
    return {
        "bots": _sources(_ENGINE / "bots"),
        "scoring": _sources(_ENGINE / "scoring", _ENGINE / "scorer.py", _HERE / "tally.py"),
        "rules": rules_fingerprint(variant),
    }  # fmt: skip


_LOADED: dict[tuple[str, tuple[tuple[str, str], ...]], ResolvedVariant] = {}


def _variant(name: str, options: Mapping[str, str]) -> ResolvedVariant:
    key = (name, tuple(sorted(options.items())))
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = load_for_command(name, dict(options))
    return found


def play_games(
    name: str, options: Mapping[str, str], settings: Settings, indices: Iterable[int]
) -> Tally:
    """The tally of the games numbered `indices` under the variant (loaded once a process)."""
    variant = _variant(name, options)
    total: Tally = {}
    for index in indices:
        seed = game_seed(settings.seed, index)
        add(total, tally_game(play_game(variant, settings.bots, seed, settings.max_hands)))
    return total


def _chunks(indices: range) -> Iterator[range]:
    """The games in chunks of CHUNK, each a range: nothing is made for the games to come."""
    for start in range(0, len(indices), CHUNK):
        yield indices[start : start + CHUNK]


def run_variant(
    name: str,
    options: Mapping[str, str],
    settings: Settings,
    shard: Shard | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """The tally of this shard's games of one variant, played by `jobs` processes;
    `progress(n)` is told each time n more games are done. Memory does not grow with the
    games: they are handed out as ranges, a few at a time, and their tallies added up."""
    indices = games_of(settings.games, shard)
    if jobs <= 1 or len(indices) <= CHUNK:
        total: Tally = {}
        for chunk in _chunks(indices):
            add(total, play_games(name, options, settings, chunk))
            if progress is not None:
                progress(len(chunk))
        return total
    return _play_in_workers(jobs, (name, dict(options), settings), _chunks(indices), progress)


_Variant = tuple[str, dict[str, str], Settings]
"""What a worker plays: the variant's name, its options and the campaign's settings."""


def _play_in_workers(
    jobs: int, what: _Variant, chunks: Iterator[range], progress: Callable[[int], None] | None
) -> Tally:
    """The tally of `chunks` played by `jobs` worker processes, each kept busy with a chunk
    in hand and one queued."""
    context = start_context()
    tasks, results = context.Queue(), context.Queue()
    workers = start_workers(jobs, _worker, what, tasks, results, context=context)
    total: Tally = {}
    try:
        out = 0
        for chunk in itertools.islice(chunks, 2 * jobs):
            tasks.put(chunk)
            out += 1
        while out:
            done, part = _result(results, workers)
            out -= 1
            add(total, part)
            if progress is not None:
                progress(done)
            following = next(chunks, None)
            if following is not None:
                tasks.put(following)
                out += 1
    except BaseException:  # Ctrl-C, SIGTERM, a worker that stopped: no chunk is waited for
        end_workers(workers)
        raise
    for _ in workers:
        tasks.put(None)
    end_workers(workers, wait=FINISH_GRACE)
    return total


def _worker(what: _Variant, tasks: Any, results: Any) -> None:
    name, options, settings = what
    while (chunk := tasks.get()) is not None:
        results.put((len(chunk), play_games(name, options, settings, chunk)))


def _result(results: Any, workers: Sequence[BaseProcess]) -> tuple[int, Tally]:
    """The next chunk's (games, tally); an error when a worker has stopped (none stops before
    it is told to), rather than waiting for ever."""
    while True:
        # Checked before each wait too: while one worker keeps answering, the run would not
        # notice another that was killed until its chunks were missed at the end.
        check_alive(workers, "a process playing the games", waited=False)
        try:
            found: tuple[int, Tally] = results.get(timeout=1.0)
            return found
        except queue.Empty:
            check_alive(workers, "a process playing the games", waited=True)


def variant_entry(name: str, variant: ResolvedVariant, tally: Mapping[str, int]) -> dict[str, Any]:
    return {
        "id": variant.id,
        "given": name,
        "title": variant.title,
        "options": {k: str(v) for k, v in sorted(variant.chosen.items())},
        "fingerprints": fingerprints(variant),
        "tally": dict(sorted(tally.items())),
        "figures": [figure_json(f) for f in figures(tally)],
    }


def document(
    settings: Settings, entries: list[dict[str, Any]], shard: Shard | None
) -> dict[str, Any]:
    """The whole run as JSON: the settings, each variant's tally and figures, and each later
    variant's differences from the first. Nothing in it depends on the machine or the time."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "engine": __version__,
        "games": settings.games,
        "seed": settings.seed,
        "bots": settings.bots,
        "max_hands": settings.max_hands,
        "shard": None if shard is None else shard.to_json(),
        "variants": entries,
        "differences": [],
    }
    if entries:
        first = figures(entries[0]["tally"])
        for entry in entries[1:]:
            rows = []
            for figure, diff, apart in differences(first, figures(entry["tally"])):
                rows.append({
                    "key": figure.key,
                    "label": figure.label,
                    "kind": figure.kind,
                    "difference": round(diff.value, 6),
                    "low": round(diff.low, 6),
                    "high": round(diff.high, 6),
                    "tells_apart": apart,
                })  # fmt: skip
            doc["differences"].append(
                {"variant": entry["id"], "against": entries[0]["id"], "figures": rows}
            )
    return doc


def dumps(doc: Mapping[str, Any]) -> str:
    """The document as written: the same figures give the same bytes."""
    return json.dumps(doc, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


class MergeError(ValueError):
    """Shards that are not one campaign's, or given twice."""


class MissingShards(MergeError):
    """Shards of one campaign, but not all of them: the figures would be of fewer games."""


_SAME = ("format", "engine", "games", "seed", "bots", "max_hands")


_TALLY_LIMIT = 2**128
"""The largest number a shard's tally may hold: far above what COUNT_LIMIT games add up to (a
sum of squares included), far below what the figures' arithmetic in floats would overflow at."""


def _whole(value: object, low: int, high: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _checked_shard(name: str, doc: Mapping[str, Any]) -> Shard:
    """The shard a document says it is, once its header and tallies are those of a shard of
    its campaign: a count of games within COUNT_LIMIT, an index below a count of shards no
    more than the games, and in each variant's tally exactly the games that shard plays (a
    tally claiming more is no shard's)."""
    games, seed = doc.get("games"), doc.get("seed")
    if not _whole(games, 1, COUNT_LIMIT):
        raise MergeError(f"{name}: games is {games!r}, not a whole number from 1 to {COUNT_LIMIT}")
    if not _whole(seed, 0, SEED_LIMIT):
        raise MergeError(f"{name}: seed is {seed!r}, not a whole number from 0 to {SEED_LIMIT}")
    shard = doc.get("shard")
    if not isinstance(shard, Mapping):
        raise MergeError(f"{name}: a whole run, not a shard (it has no shard field to merge)")
    index, count = shard.get("index"), shard.get("count")
    if not _whole(count, 1, min(games, SHARDS_LIMIT)) or not _whole(index, 0, count - 1):
        raise MergeError(
            f"{name}: shard {index!r}/{count!r} is no shard of a campaign of {games} games (an "
            f"index below the count, a count from 1 to the games and at most {SHARDS_LIMIT})"
        )
    played = len(games_of(games, Shard(index, count)))
    variants = doc.get("variants")
    if not isinstance(variants, list) or not variants:
        raise MergeError(f"{name}: no variants: not a `spadespec simulate --json` document")
    for entry in variants:
        tally = entry.get("tally") if isinstance(entry, Mapping) else None
        if not isinstance(tally, Mapping) or not all(
            _whole(v, -_TALLY_LIMIT, _TALLY_LIMIT) for v in tally.values()
        ):
            raise MergeError(f"{name}: a variant's tally is not a table of whole numbers")
        if tally.get("games") != played:
            raise MergeError(
                f"{name}: its tally of {entry.get('id')!r} holds {tally.get('games')!r} games, "
                f"where shard {index}/{count} of {games} games plays {played}"
            )
    return Shard(index, count)


def merge(docs: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """The one-run document from the documents of a campaign's shards (named by where they
    came from, for the errors): every shard of the same campaign, each exactly once, each a
    shard its header and tallies agree on (`_checked_shard`)."""
    if not docs:
        raise MergeError("no shards given")
    first_name, first = docs[0]
    count = None
    seen: dict[int, str] = {}
    for name, doc in docs:
        if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
            raise MergeError(f"{name}: not a `spadespec simulate --json` document ({FORMAT})")
        shard = _checked_shard(name, doc)
        for key in _SAME:
            if doc.get(key) != first.get(key):
                raise MergeError(
                    f"{name}: {key} is {doc.get(key)!r} where {first_name} has "
                    f"{first.get(key)!r}: not one campaign"
                )
        if count is None:
            count = shard.count
        if shard.count != count:
            raise MergeError(
                f"{name}: shard {shard.index}/{shard.count} where {first_name} is one of {count}"
            )
        if shard.index in seen:
            raise MergeError(
                f"{name}: shard {shard.index}/{count} again (also in {seen[shard.index]})"
            )
        seen[shard.index] = name
        if _identity(doc) != _identity(first):
            raise MergeError(f"{name}: other variants, options or fingerprints than {first_name}")
    assert count is not None
    missing = sorted(set(range(count)) - set(seen))
    if missing:
        shown = ", ".join(f"{i}/{count}" for i in missing[:10])
        more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
        raise MissingShards(
            "missing shard" + ("s" if len(missing) > 1 else "") + ": " + shown + more
        )
    entries = []
    for i, entry in enumerate(first["variants"]):
        tally = added(doc["variants"][i]["tally"] for _, doc in docs)
        merged = dict(entry)
        merged["tally"] = dict(sorted(tally.items()))
        merged["figures"] = [figure_json(f) for f in figures(tally)]
        entries.append(merged)
    settings = Settings(first["games"], first["seed"], first["bots"], first["max_hands"])
    out = document(settings, entries, None)
    out["engine"] = first["engine"]
    return out


def _identity(doc: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (v["id"], v["given"], json.dumps(v["options"]), json.dumps(v["fingerprints"]))
        for v in doc["variants"]
    ]
