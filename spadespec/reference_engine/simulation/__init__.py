"""Many seeded games between bots under one or more variants, measured: how long games last,
how they end, contracts and nils made and set, bags and their penalties, points a hand, who
wins. Every figure is kept as integer counts, sums and sums of squares (`tally`), so the games
of several shards add up to exactly the figures of one run (`campaign`); the intervals and the
differences between variants are read off those (`intervals`, `summary`)."""
