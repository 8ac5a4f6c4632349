"""Cases for a house's variant file that nobody wrote cases for: its parents' cases that still
hold under it (`inherited`), and cases made for each rule it changes (`generated`)."""
