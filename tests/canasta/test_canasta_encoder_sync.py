"""Canasta's fast encoder (``footcanasta_env.canasta.observation.incremental``) when one sync covers several actions,
as it does for a learner that observes only its own seats: the bytes of ``encode(game.view(seat))``."""

from __future__ import annotations

from footcanasta_env import canasta
from footcanasta_env.canasta.observation import GameEncoder, encode
from tests.helpers.canasta_oracle import scenario


def same(enc: GameEncoder, game, seat: int) -> bool:
    return enc.observe(seat).tobytes() == encode(game.view(seat)).tobytes()


def test_a_set_aside_meld_of_the_same_size_but_other_cards_after_several_actions():
    # South sets 5 5 2 aside and takes it back with a discard; after West's turn North sets 5 5 5 aside:
    # a meld of rank 5 and size 3 in both syncs, with other cards.
    g = canasta.load_scenario(scenario(["5 5 2 9 K Q 8", "4 6 7 10 J", "5 5 5 9 K Q 8", "4 6 7 10 J"],
                                       phase="play", stock="4 6 7 8 9 10 J Q"))
    enc = GameEncoder(g)
    g.step("meld 5 5 2")
    enc.invalidate()
    assert same(enc, g, 0)
    for action in ("discard K", "draw", "discard 4", "draw", "meld 5 5 5"):
        g.step(action)
        enc.invalidate()
    assert g.current_player == 2 and g.msize[0][1] == 3
    assert same(enc, g, 2)
