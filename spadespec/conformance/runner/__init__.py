"""Running cases: putting each to an engine and giving it a verdict (`run`), a case's scoring
request put to an engine that keeps score (`score`), expected values against answers (`grade`),
and an engine's list of known deviations (`expected`)."""
