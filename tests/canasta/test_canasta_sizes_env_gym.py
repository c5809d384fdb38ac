"""Canasta's one-seat gymnasium env at every table size (CANASTA_RULES.md section 14): ``gymnasium.make`` with
the size's rules, gymnasium's ``check_env`` at two and three players, a learner of one seat or one whole side
against ``random`` and ``greedy`` opponents named at any size, rewards that add up to the learner side's
zero-sum share, and MaskablePPO plugged in unchanged at two players."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import footcanasta_env  # noqa: F401 - registers footcanasta/Canasta-v0
from footcanasta_env import canasta
from footcanasta_env.canasta.observation import encode, layout_of

SIZES = [
    pytest.param({"players": 2}, id="two"),
    pytest.param({"players": 3}, id="three"),
    pytest.param({"players": 6}, id="six"),
    pytest.param({"players": 6, "sides": 3}, id="six-in-three-sides"),
]


@pytest.mark.parametrize("players", [2, 3])
def test_gymnasium_check_env_at_two_and_three_players(players):
    rules = canasta.Rules(players=players, max_rounds=1)
    check_env(canasta.CanastaGymEnv(rules=rules), skip_render_check=True)
    env = gymnasium.make("footcanasta/Canasta-v0", rules=rules)
    check_env(env.unwrapped, skip_render_check=True)
    assert env.observation_space.shape == (layout_of(rules).size,)


def _episode(env, seed):
    """A whole episode of random legal learner play; (total reward, learner steps), checking every step."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        g = env.unwrapped.game
        assert g.current_player in env.unwrapped.learner_seats
        assert obs.tobytes() == encode(g.view(g.current_player)).tobytes()
        mask = env.unwrapped.action_masks()
        assert np.flatnonzero(mask).tolist() == sorted(g.legal_actions())
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
        if term or trunc:
            return total, steps


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_a_seat_or_a_whole_side_against_named_bots_earns_its_sides_share(size, opponents):
    rules = canasta.Rules(max_rounds=1, **size)
    geo = canasta.geometry(rules)
    for seats in ((1,), geo.sides[0]):
        env = gymnasium.make("footcanasta/Canasta-v0", rules=rules, learner_seats=seats, opponents=opponents)
        total, steps = _episode(env, 3)
        g = env.unwrapped.game
        assert g.is_over and steps > 3
        assert total == pytest.approx(geo.zero_sum(g.scores, geo.side_of(seats[0])) * 0.001, abs=1e-9)


def test_a_learner_must_be_one_seat_or_one_side_of_the_size():
    rules = canasta.Rules(players=6, sides=3)
    canasta.CanastaGymEnv(rules=rules, learner_seats=(0, 3))
    with pytest.raises(ValueError, match=r"learner_seats must be one seat 0-5 or a side \(0, 3\) or \(1, 4\)"):
        canasta.CanastaGymEnv(rules=rules, learner_seats=(0, 2))
    with pytest.raises(ValueError, match="learner_seats must be one seat 0-1"):
        canasta.CanastaGymEnv(rules=canasta.Rules(players=2), learner_seats=2)


def test_maskable_ppo_plugs_in_unchanged_at_two_players():
    from sb3_contrib import MaskablePPO

    env = gymnasium.make("footcanasta/Canasta-v0", rules=canasta.Rules(players=2, max_rounds=1)).unwrapped
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(total_timesteps=128)
    obs, _ = env.reset(seed=1)
    assert obs.shape == (294,)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
    assert model.num_timesteps >= 128


@pytest.mark.parametrize("size", SIZES)
def test_named_opponents_are_built_for_the_envs_size(size):
    rules = canasta.Rules(**size)
    env = gymnasium.make("footcanasta/Canasta-v0", rules=rules, opponents="expert")
    obs, info = env.reset(seed=3)
    assert obs.shape == (layout_of(rules).size,)
    mask = info["action_mask"] if "action_mask" in info else env.unwrapped.action_masks()
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
    assert np.isfinite(reward)
    if rules.players in (3, 6):  # learned bots ship for four and two players: the others refused at once, by name
        with pytest.raises(ValueError, match=f"{rules.players}-player .*Canasta has no learned bot yet"):
            gymnasium.make("footcanasta/Canasta-v0", rules=rules, opponents="learned").reset(seed=3)
    else:  # the size's own learned policy plays the opponents
        env = gymnasium.make("footcanasta/Canasta-v0", rules=rules, opponents="learned")
        obs, info = env.reset(seed=3)
        assert obs.shape == (layout_of(rules).size,)
