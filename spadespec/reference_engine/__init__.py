"""spadespec's reference engine: plays any variant of Spades exactly as its variant file says."""

__version__ = "0.1.0"
