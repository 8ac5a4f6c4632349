"""What every `spadespec` command shares, below both the engine and the conformance suite (it
imports neither): the errors a command raises (errors.py), the arguments commands have in
common (arguments.py), the one bounded reader of files a user names (input_files.py), output
that fits the terminal (tables.py), a bar of the games played (progress_bar.py), worker
processes (workers.py) and a rule's value as text (rule_value_text.py).
"""
