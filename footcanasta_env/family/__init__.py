"""What the Canasta family shares, written once: the table's geometry (seats, sides, names), card kinds, and
the skeletons every game of the house fills in. A game's own package holds only what is its own."""
