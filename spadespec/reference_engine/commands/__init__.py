"""The engine's commands: `validate`, `list` and `show` (variants.py), `play` (play.py) and
`score` (score.py), with what commands share: their errors (errors.py), the `--variant` and
`--option` arguments (options.py) and text tables that fit the terminal (tables.py).

Each command module registers its commands through `add_parser(subparsers)`, setting
`run(args)`, which returns the exit status; the `spadespec` hub (`spadespec.cli`) lists them.
"""
