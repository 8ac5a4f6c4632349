"""Differential fuzzing: random games through an engine and the reference engine side by side,
the first difference shrunk to a case file; and `diff`, the rules two variants differ on, each
shown by a hand.

    spadespec fuzz --engine "node my-engine.js" --variant standard --games 500 --seed 7
    spadespec diff standard ellington
"""
