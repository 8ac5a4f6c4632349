"""The golden cases as data: reading and checking case files (`cases`), laying them out
(`casefile`), the clause tags (`tags`), plain JSON for other runners (`export`) and which rules
have cases (`coverage`)."""
