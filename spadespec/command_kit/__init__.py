"""What every `spadespec` command shares, below both the engine and the conformance suite (it
imports neither): the errors a command raises (errors.py), the arguments commands have in
common (arguments.py) and output that fits the terminal (tables.py).
"""
