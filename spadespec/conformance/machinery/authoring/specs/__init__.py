"""The generative case specifications: each module's `files()` maps a case file under
conformance/contract/cases/ to its description and cases, made for many rulesets from their rule
values. The one-off, hand-worked cases are data, in `../sheets/`."""
