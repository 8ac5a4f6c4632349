"""One command for every generated file of the checkout: `python -m spadespec.regenerate`.

It makes again, in the order they depend on each other, the files the project generates and
commits rather than writes by hand: the golden cases from their sheets and specs, the engines'
stored reports, the witness hands the site shows and the stored simulations (`steps.STEPS`
lists them, each step with what it reads, what it writes and how its staleness is judged).
Only what is stale is made again; `--check` judges staleness from fingerprints alone, so it
plays no game and needs neither Node.js nor OpenSpiel. Like `docs_gen`, whose generators it
runs, it works from a checkout and is not in the wheel.
"""
