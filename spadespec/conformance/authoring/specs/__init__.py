"""The case specifications: each module's `files()` maps a case file under conformance/cases/
to its description and cases. Expected figures are typed here by hand from the rules."""
