"""Variant files: finding them, loading them safely, and resolving them to typed rules."""

from spadespec.reference_engine.variant.catalog import (
    load_for_command,
    load_variant,
    shipped_variant_ids,
)
from spadespec.reference_engine.variant.errors import (
    InvalidVariant,
    OptionError,
    Problem,
    VariantError,
    VariantNotFound,
)
from spadespec.reference_engine.variant.model import ResolvedVariant, Rules

__all__ = [
    "InvalidVariant",
    "OptionError",
    "Problem",
    "ResolvedVariant",
    "Rules",
    "VariantError",
    "VariantNotFound",
    "load_for_command",
    "load_variant",
    "shipped_variant_ids",
]
