"""The phases of a hand, one module each; `spadespec.reference_engine.game.Game` is all of them.

| module               | class              | the phase                                         |
| -------------------- | ------------------ | ------------------------------------------------- |
| `state`              | `GameState`        | what a game holds; the refusals every phase makes |
| `dealing`            | `Dealing`          | the cards of the next hand are dealt              |
| `bidding`            | `Bidding`          | each player bids in turn                          |
| `blind_nil_exchange` | `BlindNilExchange` | after a blind nil, partners pass each other cards |
| `trick_play`         | `TrickPlay`        | the tricks are played                             |
| `end_of_hand`        | `EndOfHand`        | the hand is scored; the game goes on or ends      |

`GameState` declares the game's attributes and their slots; each phase's class holds that
phase's methods and adds no state, and `Game.__init__` gives the attributes their values. Each
class builds on the phase it hands over to: `Bidding` on `BlindNilExchange` (the last bid may
open the exchange), `BlindNilExchange` on `TrickPlay` (the last pass opens the play),
`TrickPlay` on `EndOfHand` (the last trick ends the hand).
"""
