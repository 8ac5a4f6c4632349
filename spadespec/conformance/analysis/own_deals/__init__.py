"""Games played from an engine's own deals: how `spadespec conform` checks an engine that deals
its own cards (feature `deals`) on every rule, though no case with a deal of its own applies."""
