"""What the Canasta family shares, written once; a game's own package holds only what is its own.

``geometry`` (a table: seats, sides, seat and side names; ``Geometry``), ``manifest`` (what a game registers
once: gym ids, shipped files, rule books, page assets), ``cards`` (the card kinds both games
count in, and their tokens), ``seats`` (the four-seat partnership helpers the four-player engines use inside
their own packages), ``botregistry`` (a game's bots by name, the strongest and the hint bot), ``webstate``
(what both games' page states share: seat labels, a selection read, its buttons, the page's areas).
"""
