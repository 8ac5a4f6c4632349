"""Build-time generators for the documentation site: rulebook pages, the comparison matrix,
reference pages and pictures, all computed from the variant files, schemas, cases and engine."""
