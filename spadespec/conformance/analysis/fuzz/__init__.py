"""Differential fuzzing: random games through an engine and the reference engine side by side,
each difference shrunk to a case file and named by the rule change that explains it (the
first, or with --keep-going each distinct one; shards of a campaign merged); and `diff`, the
rules two variants differ on, each shown by a hand.

    spadespec fuzz --engine "node my-engine.js" --variant standard --games 500 --seed 7
    spadespec diff standard ellington
"""
