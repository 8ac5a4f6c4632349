"""The analysis of results: what an engine's answers say beyond pass and fail. The diagnosis
names the rule an engine plays instead (`diagnosis/`); fuzz plays random games against the
reference and shrinks each difference (`fuzz/`); the audit replays recorded games (`audit/`); the
shuffle test judges an engine's deals (`shuffle/`); a house's variant file gets cases of its own
(`house/`); an engine that deals its own cards is played from its deals (`own_deals/`).

It builds on the contract (`spadespec.conformance.contract`) and never on the machinery."""
