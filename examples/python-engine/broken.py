from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine


class Engine(FaultyEngine):
    """The reference engine with one bug: it never makes a player follow suit."""

    def __init__(self):
        super().__init__(FAULTS["follow-suit-not-enforced"])
