"""What the Canasta family shares, written once; a game's own package holds only what is its own.

``geometry`` (a table: seats, sides, seat and side names; ``Geometry``), ``sizes`` (a table size by its
``players``/``sides``, and the game's name at it: "Canasta (2 players)"), ``manifest`` (what a game registers
once: gym ids, shipped files, rule books, page assets), ``cards`` (the card kinds both games
count in, and their tokens), ``seats`` (the four-seat partnership helpers the four-player engines use inside
their own packages), ``botregistry`` (a game's bots by name, the strongest and the hint bot, the shipped
policy's loaders), ``webstate`` (what both games' page states share: seat labels, a selection read, its
buttons, the page's areas).

What both games' packages mean alike, each game naming its own parts: ``face`` (a face's table, rule book and
late names), ``game`` (the ``Game`` skeleton
``FamilyGame``, ``IllegalActionError``, an action by id or name, why it is refused), ``scenario`` (the
scenario grammar both readers share, ``ScenarioError``), ``rulebook`` (the ``Rules``' dict side), ``worlds``
(the determinization's sampling steps), ``bots`` (``Bot``, the random and greedy bots, the policy bot),
``episode`` (the envs' constructor checks, reset options and reset scenario), ``tabletext`` (the
``TableText`` skeleton), ``text`` (names, counts, the legal grid, the final result, the turn log's
skeleton: the terminal words both games share), ``demo`` (``footcanasta demo``: a game of random players
played and told, each game giving its notable moves and round table).
"""
