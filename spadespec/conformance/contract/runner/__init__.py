"""Running cases: putting each to an engine (`run`), a case's scoring request put to an engine
that keeps score (`score`), the verdict an answer earns (`verdict`), expected values against
answers (`grade`), and an engine's list of known deviations (`expected`)."""
