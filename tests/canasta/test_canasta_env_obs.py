"""Canasta's observation: the layout against its documented tables, the fast encoder under other rules and in its
corner cases, the privileged hidden cards, and hidden information (CANASTA_RULES.md section 12) proven by
shuffles: the pile is seen, and games that differ in cards a seat never sees give it the same observations
action after action. What every game's observation keeps is tests/conformance/test_hidden_conformance.py and
test_encoder_conformance.py."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta.observation import (
    HIDDEN_CARDS_SIZE,
    OBS_SIZE,
    OBS_VERSION,
    OFFSETS,
    SCALE,
    SEAT_BLOCK,
    GameEncoder,
    encode,
    hidden_cards,
    observation_bounds,
)
from footcanasta_env.family.cards import KINDS, RED3, counts_of, format_cards, format_counts, parse_cards
from tests.helpers.canasta_oracle import scenario


def _random_states(seed: int, at: tuple[int, ...], rules: canasta.Rules | None = None) -> list:
    """Games of random play after each number of actions in ``at`` (the deal is 0)."""
    game = canasta.new_game(seed, rules)
    pick = random.Random(seed)
    out = []
    n = 0
    while True:
        if n in at:
            out.append(game.clone())
        if n >= max(at) or game.is_over:
            return out
        acts = game.legal_actions()
        game.step(acts[pick.randrange(len(acts))])
        n += 1


def _states() -> list:
    states = []
    for seed in (1, 2, 3):
        states += _random_states(seed, (0, 5, 37, 150, 260, 400))
    return states


def _obs_and_mask(game, seat: int) -> tuple[bytes, bytes]:
    view = game.view(seat)
    mask = np.zeros(canasta.NUM_ACTIONS, dtype=np.int8)
    mask[list(view.legal_actions)] = 1
    return encode(view).tobytes(), mask.tobytes()


# ---------------------------------------------------------------- the tables


def test_layout_offsets_match_the_documented_table():
    import footcanasta_env.canasta.observation.layout as layout

    starts = [0, 14, 58, 59, 103, 112, 156, 165, 180, 181, 195, 267, 268, 269, 270, 271, 273, 274]
    assert list(OFFSETS.values()) == starts and OBS_SIZE == 386 and OBS_VERSION == 2
    doc = layout.__doc__
    assert f"``OBS_SIZE`` {OBS_SIZE}" in doc
    for a, b in zip(starts, starts[1:] + [OBS_SIZE], strict=True):
        assert re.search(rf"^    {a}-{b - 1} +{b - a} " if b - a > 1 else rf"^    {a} +1 ", doc, re.M), (a, b)
    assert f"MELDS block ({layout.MELD_BLOCK})" in doc and f"TEAM block ({layout.TEAM_BLOCK})" in doc
    assert f"READING block ({layout.READ_BLOCK})" in doc


def test_the_env_docstring_table_matches_the_offsets():
    import footcanasta_env.canasta.envs.aec as aec

    doc = aec.__doc__.split("## Observations", 1)[1].split("## Rewards", 1)[0]
    assert f"(OBS_VERSION {OBS_VERSION}, {OBS_SIZE} features)" in doc
    rows = [(int(a), int(b or a)) for a, b in re.findall(r"^\| (\d+)(?:-(\d+))? +\|", doc, re.M)]
    assert rows and rows[0][0] == 0 and rows[-1][1] == OBS_SIZE - 1
    starts = set(OFFSETS.values())
    for (a, b), (nxt, _) in zip(rows, rows[1:] + [(OBS_SIZE, 0)], strict=True):
        assert b + 1 == nxt, f"env docstring rows {a}-{b} and {nxt}- leave a gap or overlap"
        assert a in starts and nxt in starts | {OBS_SIZE}, f"env docstring row {a}-{b} splits a block of OFFSETS"
    assert f"Discrete({canasta.NUM_ACTIONS})" in aec.__doc__ and f"float32 ({OBS_SIZE},)" in aec.__doc__


def test_the_env_docstring_action_table_matches_the_actions():
    import footcanasta_env.canasta.envs.aec as aec

    doc = aec.__doc__.split("## Actions", 1)[1].split("## Observations", 1)[0]
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? +\| `([^`]+)`", doc, re.M)
    assert rows
    covered = []
    for a, b, first in rows:
        covered += range(int(a), int(b or a) + 1)
        assert canasta.action_name(int(a)) == first.replace(" R", " 4").replace(" C", " 4")
    assert covered == list(range(canasta.NUM_ACTIONS))


def test_the_offset_constants_are_the_offsets():
    layout = canasta.layout_of(canasta.Rules())  # the encoders' offsets, at four players

    for name, at in OFFSETS.items():
        side = {"own": 0, "other": 1}.get(name.split("_")[0])
        if side is not None:
            assert getattr(layout, "o_" + name.split("_")[1])[side] == at
        else:
            assert getattr(layout, "o_" + name) == at, name


# ---------------------------------------------------------------- the encoders


WIDE = canasta.Rules(target=1500, max_rounds=3, minimums=(300, 400, 500, 600),
                     card_values=(0, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5))


@pytest.mark.parametrize("named", [False, True], ids=["found", "named"])
@pytest.mark.parametrize("seed, rules", [(1, canasta.Rules(max_rounds=2)), (2, WIDE),
                                         (3, canasta.Rules(target=800))])
def test_fast_encoder_gives_the_view_encoding_at_every_step(seed, rules, named):
    """``named``: invalidate(action) as the envs call it (the sync reads only what that action changes)."""
    rules = rules or canasta.DEFAULT_RULES
    game = canasta.new_game(seed, rules)
    enc = GameEncoder(game)
    pick = random.Random(seed)
    low, high = observation_bounds(rules)
    n = 0
    seen = set()
    while n < 2500:
        for s in range(4):
            ref = encode(game.view(s))
            assert enc.observe(s).tobytes() == ref.tobytes(), f"seat {s} after {n} actions"
            assert (ref >= low).all() and (ref <= high).all()
        seen.add((game.down[0], game.down[1], bool(game.mcards[game.current_player & 1]), game.round))
        if game.is_over:
            break
        acts = game.legal_actions()
        a = acts[pick.randrange(len(acts))]
        game.step(a)
        enc.invalidate(a if named else None)
        n += 1
    assert n > 100 and len(seen) > 3


@pytest.mark.parametrize("seed", [1001, 1003])
def test_fast_encoder_named_actions_in_games_of_bots(seed):
    """Bots build canastas, put wild cards in them, set melds aside and discard them back: the narrow syncs
    of invalidate(action) against the reference at every step, for the player to act and another seat."""
    game = canasta.new_game(seed, canasta.Rules(max_rounds=3))
    players = [canasta.make_bot("expert" if s % 2 == 0 else "greedy", seed=seed + s) for s in range(4)]
    enc = GameEncoder(game)
    kinds = set()
    n = 0
    while not game.is_over:
        p = game.current_player
        a = players[p].act(game.view(p))
        game.step(a)
        enc.invalidate(a)
        kinds.add(canasta.action_name(a).split()[0])
        for s in {game.current_player, n % 4}:
            assert enc.observe(s).tobytes() == encode(game.view(s)).tobytes(), f"seat {s} after {n} actions"
        n += 1
    assert {"draw", "pickup", "meld", "add", "discard"} <= kinds


def _block(obs: np.ndarray, name: str, size: int, extra: int = 0) -> list[int]:
    o = OFFSETS[name] + extra
    return np.rint(obs[o:o + size] / SCALE[o:o + size]).astype(int).tolist()


KNOWN = scenario(["K K 5 5 5 JK 9 B3", "4 4 6 6 8", "Q J", "7 7 9 9 10 10"], phase="play", pile="4 9 2 K 6",
                 melds0=["Q Q Q Q", "7 7 7 7 7 7 2"], melds1=["A A A", "8 8 8 8 8 8 8"], red0=1, red1=2,
                 scores=(1600, -350), round=3, dealer=3, stock="5 6 6 J A R3 B3 10")
KNOWN["memory"] = ["K", "6 6", "", ""]


def test_layout_of_a_known_position():
    game = canasta.load_scenario(KNOWN)
    obs = encode(game.view(0))
    assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
    assert _block(obs, "hand", 14) == [0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 1, 1]  # 5 5 5 9 K K JK B3
    own = _block(obs, "own_table", 44)
    assert own[8] == 4 and own[3] == 6 and own[11 + 3] == 1 and own[33 + 3] == 1 and own[33 + 8] == 0
    other = _block(obs, "other_table", 44)
    assert other[10] == 3 and other[4] == 7 and other[33 + 4] == 1
    # red threes, down, natural, mixed, black threes, value, frozen, minimum, score
    assert _block(obs, "own_team", 9) == [1, 1, 0, 1, 0, 4 * 10 + 6 * 5 + 20, 1, 90, 1600]
    assert _block(obs, "other_team", 9) == [2, 1, 1, 0, 0, 3 * 20 + 7 * 10, 1, 15, -350]
    assert _block(obs, "pile_top", 15) == [0, 0, 1] + [0] * 12  # a 6
    assert _block(obs, "pile_size", 1) == [5]
    assert _block(obs, "pile_counts", 14) == [1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0]
    assert _block(obs, "stock", 1) == [8] and _block(obs, "round", 1) == [3]
    assert _block(obs, "last_round", 1) == [0] and _block(obs, "target", 1) == [5000]
    assert _block(obs, "phase", 2) == [0, 1] and _block(obs, "over", 1) == [0]
    seats = OFFSETS["seats"]
    assert [round(obs[seats + r * SEAT_BLOCK] * 30) for r in range(4)] == [8, 5, 2, 6]
    assert [obs[seats + r * SEAT_BLOCK + 1] for r in range(4)] == [1, 0, 0, 0]
    assert [obs[seats + r * SEAT_BLOCK + 2] for r in range(4)] == [0, 0, 0, 1]  # East deals
    assert _block(obs, "seats", 14, SEAT_BLOCK + 4)[2] == 2  # West took two 6s from the pile
    # From West's seat the same facts move: West is "me", South is "right", the teams swap.
    west = encode(game.view(1))
    assert round(west[seats] * 30) == 5 and round(west[seats + 3 * SEAT_BLOCK] * 30) == 8
    assert _block(west, "own_team", 9)[8] == -350 and _block(west, "other_team", 9)[8] == 1600
    assert _block(west, "own_table", 44) == other and _block(west, "hand", 14)[0] == 2


def test_set_aside_melds_only_visible_to_their_owner():
    game = canasta.load_scenario(scenario(["K K 9 8", "Q Q 5 6", "7 8", "4 10"], phase="play",
                                          set_aside=["A A A", "7 7 2"], melds1=["J J J"]))
    mine = encode(game.view(0))
    aside = _block(mine, "aside", 44)
    assert aside[10] == 3 and aside[3] == 2 and aside[11 + 3] == 1
    assert _block(mine, "aside_value", 1) == [3 * 20 + 2 * 5 + 20]
    assert _block(mine, "own_table", 44) == [0] * 44 and _block(mine, "own_team", 2) == [0, 0]
    partner = encode(game.view(2))
    assert _block(partner, "aside", 45) == [0] * 45 and _block(partner, "own_table", 44) == [0] * 44
    # The partner sees the held count (set-aside included) but not the melds.
    assert round(partner[OFFSETS["seats"] + 2 * SEAT_BLOCK] * 30) == 10


def test_game_over_and_last_round_flags():
    game = canasta.new_game(4, canasta.Rules(max_rounds=1))
    pick = random.Random(4)
    assert _block(encode(game.view(0)), "last_round", 1) == [1]
    while not game.is_over:
        acts = game.legal_actions()
        game.step(acts[pick.randrange(len(acts))])
    obs = encode(game.view(2))
    assert _block(obs, "over", 1) == [1] and _block(obs, "phase", 2) == [0, 0]
    assert all(obs[OFFSETS["seats"] + r * SEAT_BLOCK + 1] == 0 for r in range(4))
    assert GameEncoder(game).observe(2).tobytes() == obs.tobytes()


# ---------------------------------------------------------------- hidden information


def permute_hidden(spec: dict, seat: int, rng: random.Random, stock: bool = True) -> dict:
    """A copy of ``spec`` with the cards ``seat`` cannot see shuffled among the places it cannot see.

    Other players' hands (except the cards their pickup memory pins there) and the stock (when
    ``stock``) exchange cards; the stock's red threes stay where they are, and so do set-aside melds.
    """
    spec = {**spec, "players": [dict(p) for p in spec["players"]]}
    memory = [counts_of(parse_cards(m)) for m in spec.get("memory", [""] * 4)]
    pool: list[int] = []
    hands: dict[int, tuple[list[int], int]] = {}
    for p, pl in enumerate(spec["players"]):
        if p == seat:
            continue
        hand = counts_of(parse_cards(pl["hand"]))
        pinned = [min(memory[p][k], hand[k]) for k in range(len(KINDS))]
        pool += [k for k in range(len(KINDS)) for _ in range(hand[k] - pinned[k])]
        hands[p] = (pinned, sum(hand) - sum(pinned))
    stock_cards = parse_cards(spec["stock"])
    if stock:
        pool += [k for k in stock_cards if k != RED3]
    rng.shuffle(pool)
    for p, (pinned, n) in hands.items():
        spec["players"][p]["hand"] = format_counts(counts_of([k for k in range(len(KINDS))
                                                              for _ in range(pinned[k])] + pool[:n]))
        del pool[:n]
    if stock:
        spec["stock"] = format_cards([k if k == RED3 else pool.pop(0) for k in stock_cards])
    assert not pool
    return spec


def _swap_with_stock(spec: dict, seat: int | None) -> dict | None:
    """``spec`` with one card of ``seat``'s hand (None: of the pile, below its top) exchanged for a card of
    another kind from the stock; None when there is none to exchange."""
    spec = {**spec, "players": [dict(p) for p in spec["players"]]}
    cards = parse_cards(spec["players"][seat]["hand"] if seat is not None else spec["pile"])
    stock = parse_cards(spec["stock"])
    if seat is None:
        cards, top = cards[:-1], cards[-1:]
    if not cards:
        return None
    for i, k in enumerate(stock):
        if k != RED3 and k != cards[0] and (seat is not None or k < 11):  # no wild card into the pile
            stock[i], cards[0] = cards[0], k
            break
    else:
        return None
    if seat is None:
        spec["pile"] = format_cards(cards + top)
    else:
        spec["players"][seat]["hand"] = format_cards(cards)
    spec["stock"] = format_cards(stock)
    return spec


@pytest.mark.parametrize("seat", range(4))
def test_changing_a_card_below_the_piles_top_changes_every_seats_observation(seat):
    # The whole pile is seen (CANASTA_RULES.md section 12); a seat's own hand: tests/conformance.
    tested = 0
    for game in _states():
        spec = game.to_scenario()
        changed = _swap_with_stock(spec, None)
        if changed is None or parse_cards(changed["pile"]).count(11) != parse_cards(spec["pile"]).count(11):
            continue
        before = _obs_and_mask(canasta.load_scenario(spec), seat)
        assert _obs_and_mask(canasta.load_scenario(changed), seat)[0] != before[0]
        tested += 1
    assert tested >= 5


def _replay_until_scored(seed: int, seat: int, rng: random.Random) -> tuple[int, int]:
    """Two games differing only in cards ``seat`` never sees this round, driven with the same actions.

    Returns (actions compared, public pickups by other seats). Other seats play actions legal in both
    games; the replay stops when none is, or when the round is scored.
    """
    game_a = canasta.new_game(seed)
    for _ in range(rng.randrange(0, 40)):  # start from the deal or a little later
        acts = game_a.legal_actions()
        game_a.step(acts[rng.randrange(len(acts))])
    spec = game_a.to_scenario()
    game_a = canasta.load_scenario(spec)
    game_b = canasta.load_scenario(permute_hidden(spec, seat, rng, stock=False))
    enc_a, enc_b = GameEncoder(game_a), GameEncoder(game_b)
    rounds = len(game_a.round_results)
    steps = pickups = 0
    while not game_a.is_over:
        va, vb = _obs_and_mask(game_a, seat), _obs_and_mask(game_b, seat)
        assert va == vb, f"seed {seed}, seat {seat}: observations differ after {steps} shared actions"
        assert enc_a.observe(seat).tobytes() == enc_b.observe(seat).tobytes() == va[0]
        cur = game_a.current_player
        assert cur == game_b.current_player
        common = sorted(set(game_a.legal_actions()) & set(game_b.legal_actions()))
        if not common:
            break
        action = common[rng.randrange(len(common))]
        pickups += action == canasta.action_id("pickup") and cur != seat
        game_a.step(action)
        game_b.step(action)
        steps += 1
        if len(game_a.round_results) != rounds or len(game_b.round_results) != rounds:
            break
    return steps, pickups


@pytest.mark.parametrize("seat", range(4))
def test_replay_with_different_hidden_cards_gives_same_observations(seat):
    rng = random.Random(100 + seat)
    steps = pickups = 0
    for seed in range(8):
        s, p = _replay_until_scored(seed, seat, rng)
        steps += s
        pickups += p
    assert steps > 150
    assert pickups > 0  # the pile was taken in sight, so the memory of pickups was exercised


# ---------------------------------------------------------------- privileged features


def test_hidden_cards_are_the_other_seats_cards_and_the_next_stock_cards():
    game = canasta.load_scenario(KNOWN)
    h = np.rint(hidden_cards(game, 0) * 8).astype(int)
    assert h.shape == (HIDDEN_CARDS_SIZE,) and HIDDEN_CARDS_SIZE == 75
    assert format_counts(h[0:15]) == "4 4 6 6 8"            # left: West
    assert format_counts(h[15:30]) == "J Q"                 # partner: North
    assert format_counts(h[30:45]) == "7 7 9 9 10 10"       # right: East
    assert format_counts(h[45:60]) == "5 6 6 J"             # the next 4 stock cards (scenarios list it top first)
    assert h[60:75].sum() == 8
    east = np.rint(hidden_cards(game, 3) * 8).astype(int)
    assert format_counts(east[0:15]) == "5 5 5 9 K K JK B3"  # East's left is South
    # Set-aside melds of the player to act count as its cards for everyone else.
    g = canasta.load_scenario(scenario(["K K 9 8", "Q Q 5 6", "7 8", "4 10"], phase="play", set_aside=["A A A"]))
    assert format_counts(np.rint(hidden_cards(g, 2)[15:30] * 8).astype(int)) == "8 9 K K A A A"  # partner South
    with pytest.raises(ValueError, match="seat"):
        hidden_cards(g, 4)
    assert g.to_scenario() == canasta.load_scenario(g.to_scenario()).to_scenario()  # nothing changed


def test_fast_encoder_when_the_game_ends_with_cards_set_aside():
    # An empty stock ends the round at the draw (rule 9.4); the cap ends the game with the melds still set aside.
    spec = scenario(["K K 9 8", "Q Q 5 6", "7 8", "4 10"], set_aside=["A A A"], stock="", pile="5",
                    rules={"max_rounds": 1})
    game = canasta.load_scenario(spec)
    enc = GameEncoder(game)
    before = [enc.observe(s).tobytes() for s in range(4)]
    assert before == [encode(game.view(s)).tobytes() for s in range(4)]
    game.step("draw")
    assert game.is_over
    for s in range(4):
        assert enc.observe(s).tobytes() == encode(game.view(s)).tobytes(), s
    assert enc.observe(0).tobytes() != before[0]


def test_fast_encoder_syncs_by_itself_and_after_many_actions():
    game = canasta.new_game(9)
    enc = GameEncoder(game)
    pick = random.Random(9)
    for gap in (1, 1, 2, 3, 7, 1, 30, 1, 200, 1, 1):
        for _ in range(gap):  # no invalidate(): the encoder sees the game's action count move
            if not game.is_over:
                acts = game.legal_actions()
                game.step(acts[pick.randrange(len(acts))])
        seat = pick.randrange(4)
        assert enc.observe(seat).tobytes() == encode(game.view(seat)).tobytes()


@pytest.mark.parametrize("seed", [4, 8])
def test_the_pile_read_names_who_discarded_and_drew_over_each_card(seed):
    """READING, checked against the discards as they happened (not the pile's order): each card above the
    pile's bottom counted for the seat that discarded it and the card it drew over, relative to the
    observer; all of it gone with a pickup or a new round, zero once the game is over."""
    from footcanasta_env.canasta.observation import HOLD_INDEX, NUM_HOLD, READ_BLOCK

    game = canasta.new_game(seed, canasta.Rules(max_rounds=2))
    enc = GameEncoder(game)
    pick = random.Random(seed)
    column = {int(k): i for i, k in enumerate(HOLD_INDEX)}
    seen: list[tuple[int, int, int]] = []  # (discarder, kind, the top it drew over) since the pile was taken
    rnd, counted = game.round, 0
    while not game.is_over:
        acts = game.legal_actions()
        a = acts[pick.randrange(len(acts))]
        p, name, pile_before = game.current_player, canasta.action_name(a), list(game.pile)
        game.step(a)
        if game.is_over or game.round != rnd or name == "pickup":
            seen, rnd = [], game.round
        elif name.startswith("discard") and pile_before:
            seen.append((p, game.pile[-1], pile_before[-1]))
        for s in range(4):
            want = np.zeros(4 * READ_BLOCK, dtype=np.float32)
            for d, k, below in seen:
                o = ((d - s) & 3) * READ_BLOCK
                want[o + column[k]] += 0.25
                want[o + NUM_HOLD + column[below]] += 0.25
            got = enc.observe(s)[OFFSETS["reading"]:]
            assert np.array_equal(got, want), (s, seen, game.pile)
            assert np.array_equal(encode(game.view(s))[OFFSETS["reading"]:], want)
        counted = max(counted, len(seen))
    assert counted >= 4
    assert not encode(game.view(0))[OFFSETS["reading"]:].any()
