"""The npm package `spadespec-conformance` (the folder `npm/` of the checkout): the golden cases
and score requests, the schemas and the ruleset data a JavaScript runner needs, made from the
same case data as the Python suite by `python -m spadespec.regenerate npm`. The package's own
code (`npm/lib/`) is hand-written JavaScript; everything under `npm/data/`, `npm/schema/`,
`npm/types/protocol.d.ts` and the version and digest in `npm/package.json` is generated here."""
