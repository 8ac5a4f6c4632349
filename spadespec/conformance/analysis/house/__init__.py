"""Cases for a house's variant file that nobody wrote cases for: its parents' cases that still
hold under it (`inherited`), those whose log it refuses re-bid or re-played under it (`relog`,
`derived`), and cases made for each rule it changes (`generated`)."""
