"""spadespec: the Spades specification's one installed package.

It holds two subpackages: `spadespec.reference_engine` (variant files loaded and played) and
`spadespec.conformance` (the case suite, the engine protocol, the runner), and, in a checkout
only, `spadespec.docs_gen` (the docs site's generated pages). The import path is the file path:
`spadespec.reference_engine.game` is `spadespec/reference_engine/game.py`. The repository's top
has links named `reference_engine` and `conformance` to the two folders, beside `variants/` and
`schema/`; `docs/contributing/layout.md` says why.
"""
