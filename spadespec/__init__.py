"""spadespec: the Spades specification's one installed package.

It holds two subpackages: `spadespec.reference_engine` (variant files loaded and played) and
`spadespec.conformance` (the case suite, the engine protocol, the runner). An installed wheel
carries them inside this folder. In a checkout they stay at the repository's top, beside
`variants/` and `schema/`, where people read them, and this package's path reaches up to them
there.
"""

from pathlib import Path as _Path

_HERE = _Path(__file__).resolve().parent

if not (_HERE / "reference_engine").is_dir():
    __path__.append(str(_HERE.parent))
