"""Engines the runner can drive: the reference engine behind the `Engine` interface
(`reference`, reading its game through `observables`), the same engine speaking the protocol on
stdin and stdout (`serve`), and the engine an `--engine` argument names (`named`)."""
