"""The engine's commands: `validate`, `list` and `show` (variants.py), `play` (play.py),
`score` (score.py) and `simulate` (simulate.py). What they share with the conformance suite's
commands (errors, arguments, tables, a rule's value as text) is `spadespec.command_kit`.

Each command module registers its commands through `add_parser(subparsers)`, setting
`run(args)`, which returns the exit status; the `spadespec` hub (`spadespec.cli`) lists them.
"""
