"""`spadespec diff`: the rules on which two variants differ, each shown by a witness hand.

A witness is a setup, a deal and a log after which something a player can see differs under
the two rulesets: whose turn it is, the legal actions, who took the trick, the hand's score
sheet, the totals, the bags, the game's status. It is found by search: hands are played by
bots from starting positions that suit the rule, and each log is replayed under both rulesets
side by side until the first point where they part.

    search.py    the witness of each differing rule, found and checked (`diff_variants`)
    hands.py     how a rule's witness is looked for, and one hand played under several rulesets
    bots.py      the bots those hands are played by, by style
    timeline.py  what is seen along a log, and where two logs part
    text.py      the diff as a person reads it
"""
