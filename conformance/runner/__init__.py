"""Running cases: putting each to an engine and giving it a verdict (`run`), expected values
against answers (`grade`), and an engine's list of known deviations (`expected`)."""
