"""Tools that write the golden cases' data: the hand-worked cases read from their YAML sheets
(`sheets/`, by `sheet_loader`), the cases made for many rulesets (`specs/`), deals found to
produce a source's trick counts, and whole games recorded from the reference engine.

`generate.rendered()` gives every case file this package owns, the same bytes every time;
`python -m spadespec.regenerate cases` writes them from a checkout.
"""
