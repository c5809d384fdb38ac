"""Hidden information through OpenSpiel's interface: shuffling the cards a seat may not see leaves everything
OpenSpiel shows that seat unchanged (information state and observation, tensor and string, and the public
observation), and changing a card it may see changes them. Skipped without the ``openspiel`` extra."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("footcanasta_env.openspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from footcanasta_env.family.cards import KINDS, RED3, counts_of, format_cards, format_counts, parse_cards  # noqa: E402
from footcanasta_env.games import get_game  # noqa: E402
from tests.footcanasta.test_env_hidden import permute_hidden  # noqa: E402

SMALL = {"footcanasta": {"rounds": 1}, "canasta": {"max_rounds": 1}}


def permute_canasta(spec: dict, seat: int, rng: random.Random) -> dict:
    """A copy of a Canasta scenario with the cards ``seat`` cannot see (other hands beyond their pinned cards,
    the stock) shuffled among those places; red threes stay in the stock where they are."""
    spec = {**spec, "players": [dict(p) for p in spec["players"]]}
    memory = [counts_of(parse_cards(m)) for m in spec["memory"]]
    pool: list[int] = []
    hands: dict[int, tuple[list[int], int]] = {}
    for p, pl in enumerate(spec["players"]):
        if p != seat:
            hand = counts_of(parse_cards(pl["hand"]))
            pinned = [min(memory[p][k], hand[k]) for k in range(len(KINDS))]
            pool += [k for k in range(len(KINDS)) for _ in range(hand[k] - pinned[k])]
            hands[p] = (pinned, sum(hand) - sum(pinned))
    stock = parse_cards(spec["stock"])
    pool += [k for k in stock if k != RED3]
    rng.shuffle(pool)
    for p, (pinned, n) in hands.items():
        spec["players"][p]["hand"] = format_counts([a + b for a, b in zip(pinned, counts_of(pool[:n]), strict=True)])
        pool = pool[n:]
    spec["stock"] = format_cards([k if k == RED3 else pool.pop() for k in stock])
    return spec


PERMUTE = {"footcanasta": lambda spec, seat, rng: permute_hidden(spec, seat, rng), "canasta": permute_canasta}


def _states(name: str) -> list:
    game = pyspiel.load_game(name, SMALL[name])
    out = []
    for deal, steps in ((1, 0), (2, 17), (3, 45), (4, 90)):
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = np.random.default_rng(deal)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        out.append(state)
    return out


def _seen(state, seat: int, public) -> tuple:
    """All OpenSpiel shows ``seat`` of ``state``."""
    public.set_from(state, seat)
    return (state.information_state_string(seat), tuple(state.information_state_tensor(seat)),
            state.observation_string(seat), tuple(state.observation_tensor(seat)),
            public.string_from(state, seat), tuple(public.tensor))


def _public(game):
    return make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_shuffling_hidden_cards_changes_nothing_a_seat_is_shown(name):
    module = get_game(name)
    rng = random.Random(0)
    changed = 0
    for state in _states(name):
        public = _public(state.get_game())
        for seat in range(4):
            spec = state.engine_game.to_scenario()
            other = state.start_from(module.load_scenario(PERMUTE[name](spec, seat, rng), seed=1))
            changed += str(other) != str(state)
            assert _seen(other, seat, public) == _seen(state, seat, public), (seat, state.history())
    assert changed >= 12  # the shuffles did move hidden cards


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_the_public_observation_is_the_same_whatever_the_seats_own_cards(name):
    module = get_game(name)
    rng = random.Random(1)
    for state in _states(name)[1:]:
        public = _public(state.get_game())
        for seat in range(4):
            # another seat's view of the table: shuffle everything but the cards ``seat + 1`` sees, which
            # reaches ``seat``'s own hand; its public observation stays the same
            spec = state.engine_game.to_scenario()
            if seat == state.current_player():
                continue  # its set-aside melds (if any) are its own and not shuffled; the seat to act is skipped
            other = state.start_from(module.load_scenario(PERMUTE[name](spec, (seat + 1) % 4, rng), seed=1))
            public.set_from(state, seat)
            before = (public.string_from(state, seat), tuple(public.tensor))
            public.set_from(other, seat)
            assert (public.string_from(other, seat), tuple(public.tensor)) == before


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_changing_a_card_the_seat_holds_changes_what_it_is_shown(name):
    module = get_game(name)
    state = _states(name)[1]
    public = _public(state.get_game())
    seat = (state.current_player() + 1) % 4
    spec = state.engine_game.to_scenario()
    hand = parse_cards(spec["players"][seat]["hand"])
    stock = parse_cards(spec["stock"])
    swap = next(i for i, k in enumerate(stock) if k not in (RED3, hand[0]))
    hand[0], stock[swap] = stock[swap], hand[0]
    spec["players"] = [dict(p) for p in spec["players"]]
    spec["players"][seat]["hand"] = format_cards(hand)
    spec["stock"] = format_cards(stock)
    other = state.start_from(module.load_scenario(spec, seed=1))
    mine, theirs = _seen(state, seat, public), _seen(other, seat, public)
    assert mine[:4] != theirs[:4] and all(a != b for a, b in zip(mine[:4], theirs[:4], strict=True))
    assert mine[4:] == theirs[4:]  # the public observation does not show the seat's own cards


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_bots_decide_the_same_whatever_the_hidden_cards(name):
    import footcanasta_env.openspiel as fo

    module = get_game(name)
    rng = random.Random(2)
    for state in _states(name)[1:3]:
        seat = state.current_player()
        game = state.get_game()
        other = state.start_from(module.load_scenario(PERMUTE[name](state.engine_game.to_scenario(), seat, rng),
                                                      seed=1))
        assert str(other) != str(state)
        makers = (lambda g: fo.HouseBot(g, "expert", 5), lambda g: fo.ismcts_bot(g, simulations=6, seed=5),
                  lambda g: fo.PIMCBot(g, determinizations=2, seed=5))
        for make in makers:
            assert make(game).step(other) == make(game).step(state)
