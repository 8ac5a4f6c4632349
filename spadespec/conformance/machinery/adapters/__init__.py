"""Protocol adapters for Spades engines written elsewhere, each runnable as a module."""
