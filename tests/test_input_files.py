"""The one bounded reader of user files (`command_kit.input_files`) and the count arguments
(`command_kit.arguments`): what each refuses, and the place it names."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import pytest

from spadespec.command_kit.arguments import COUNT_LIMIT, count_argument, whole_number
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.input_files import FileProblem, parse_json, read_lines, read_text


def test_lines_are_numbered_and_the_last_one_says_it_was_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(b'{"a": 1}\r\n{"b": 2}\n{"c"')
    lines = list(read_lines(path))
    assert [(line.number, line.text, line.ended) for line in lines] == [
        (1, '{"a": 1}', True),
        (2, '{"b": 2}', True),
        (3, '{"c"', False),
    ]
    assert read_text(path, max_bytes=100) == '{"a": 1}\n{"b": 2}\n{"c"'


@pytest.mark.parametrize("name", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_unread(name: str) -> None:
    with pytest.raises(FileProblem) as caught:
        list(read_lines(name))
    assert str(caught.value) == f"{name}: not a regular file: it is a character device"


def test_a_folder_a_pipe_and_a_missing_path_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, said in (
        (tmp_path, "a folder, not a file"),
        (fifo, "not a regular file: it is a named pipe"),
        (tmp_path / "none", "no such file or folder"),
    ):
        with pytest.raises(FileProblem) as caught:
            list(read_lines(path))
        assert caught.value.message == said
        assert caught.value.path == str(path)


def test_bytes_that_are_not_utf8_are_named_at_their_line(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_bytes(b"fine\nab\xffcd\n")
    said = f"{path}:2: not UTF-8 text (byte 3 of the line cannot be read)"
    with pytest.raises(FileProblem) as caught:
        list(read_lines(path))
    assert str(caught.value) == said
    with pytest.raises(FileProblem) as caught:
        read_text(path, max_bytes=100)  # read whole, at once: the same place named
    assert str(caught.value) == said


def test_a_line_longer_than_the_limit_is_refused_without_reading_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "long"
    path.write_bytes(b"short\n" + b"x" * 5000)
    with pytest.raises(FileProblem) as caught:
        list(read_lines(path, max_line_bytes=1000))
    assert str(caught.value) == f"{path}:2: the line is longer than 1000 bytes"


def test_a_file_larger_than_its_limit_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big"
    path.write_bytes(b"0123456789\n" * 10)
    with pytest.raises(FileProblem) as caught:
        read_text(path, max_bytes=50, what="shard")
    assert caught.value.message == "the file is 110 bytes; a shard may be at most 50 bytes"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("٣", f"expected a whole number from 1 to {COUNT_LIMIT} in digits 0-9, got '٣'"),
        ("1_000", f"expected a whole number from 1 to {COUNT_LIMIT} in digits 0-9, got '1_000'"),
        (" 3", f"expected a whole number from 1 to {COUNT_LIMIT} in digits 0-9, got ' 3'"),
        ("0", "expected a whole number of at least 1, got 0"),
        (str(COUNT_LIMIT + 1), f"expected a whole number of at most {COUNT_LIMIT}, got"),
        ("9" * 60, f"expected a whole number of at most {COUNT_LIMIT}, got 60 digits"),
        ("-" + "9" * 60, "expected a whole number of at least 1, got 60 digits"),
    ],
)
def test_counts_are_ascii_digits_within_their_bounds(text: str, said: str) -> None:
    with pytest.raises(UsageError) as caught:
        whole_number("--games", text, 1, COUNT_LIMIT)
    assert str(caught.value).startswith(f"--games: {said}")
    with pytest.raises(argparse.ArgumentTypeError):
        count_argument("--games", 1)(text)


def test_a_count_at_its_bounds_is_taken() -> None:
    assert whole_number("--games", "1", 1, COUNT_LIMIT) == 1
    assert count_argument("--games", 1)(str(COUNT_LIMIT)) == COUNT_LIMIT
    assert whole_number("--seed", "-0", 0) == 0


def test_json_nested_past_the_readers_depth_is_no_json_not_a_recursion_error() -> None:
    assert parse_json('{"a": [1, [2]]}') == {"a": [1, [2]]}
    with pytest.raises(json.JSONDecodeError) as caught:
        parse_json("[" * 200_000 + "]" * 200_000)
    assert caught.value.msg == "nested too deeply"
