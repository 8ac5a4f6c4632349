"""The project's own machinery, which no engine author needs: the reference engine broken on
purpose, one rule at a time, to show the cases catch each mistake (`faults/`); the score sheets
the golden cases are written from (`authoring/`); adapters that let engines with no protocol of
their own be checked, OpenSpiel's among them (`adapters/`), and the failures each one is expected
to show (`expected/`).

It builds on the contract and the analysis; nothing below it imports it."""
