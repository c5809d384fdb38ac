"""Every game's one-seat gymnasium env (``GymEnv``): gymnasium's and SB3's checkers, masks and observations from
the engine, rewards that add up to the side's share, opponents of every kind, bad options, illegal actions,
truncation, seeds, and MaskablePPO plugged in unchanged."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from footcanasta_env.games import get_game
from tests.helpers.conformance import games_offering

GAMES = games_offering("GymEnv", "encode", "make_bot", "geometry")


def _learners(name: str) -> list[tuple[int, ...]]:
    """One seat of each side, and a whole side."""
    geo = get_game(name).geometry()
    return [(side[0],) for side in geo.sides] + [geo.sides[-1]]


def _run_episode(env, g, seed, rng, per_step=None):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = env.action_masks()
        game = env.game
        assert game.current_player in env.learner_seats
        assert sorted(np.flatnonzero(mask)) == sorted(game.legal_actions()) and (info["action_mask"] == mask).all()
        assert obs.tobytes() == g.encode(game.view(game.current_player)).tobytes()
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert obs.shape == (g.OBS_SIZE,) and env.observation_space.contains(obs)
        if per_step:
            per_step(reward)
        total += reward
        steps += 1
        if term or trunc:
            return total, steps, term, trunc


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_and_sb3_env_checkers(name):
    g = get_game(name)
    for seats in (0, _learners(name)[-1]):
        check_env(g.GymEnv(learner_seats=seats, rounds=1))
        sb3_check_env(g.GymEnv(learner_seats=seats, rounds=1))


@pytest.mark.parametrize("name", GAMES)
def test_rewards_add_up_to_the_sides_share(name):
    g = get_game(name)
    geo = g.geometry()
    rng = np.random.default_rng(0)
    for seats in _learners(name):
        env = g.GymEnv(learner_seats=seats, rounds=1)
        total, steps, term, _ = _run_episode(env, g, 1, rng)
        assert term and env.game.is_over and steps > 10
        assert total == pytest.approx(geo.zero_sum(env.game.scores, geo.side_of(seats[0])) * 0.001, abs=1e-9)


@pytest.mark.parametrize("name", GAMES)
def test_win_mode_pays_once_at_the_end(name):
    g = get_game(name)
    seat = g.geometry().seats - 1
    env = g.GymEnv(learner_seats=seat, rounds=1, reward_mode="win")
    rewards = []
    total, _, term, _ = _run_episode(env, g, 3, np.random.default_rng(3), rewards.append)
    share = g.geometry().zero_sum(env.game.scores, g.geometry().side_of(seat))
    assert term and total == float(np.sign(share))
    assert sum(1 for r in rewards if r) <= 1 and rewards[-1] == total


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_observation(name):
    env = get_game(name).GymEnv(learner_seats=1)
    a, _ = env.reset(seed=42)
    b, _ = env.reset(seed=42)
    c, _ = env.reset(seed=43)
    assert a.tobytes() == b.tobytes() != c.tobytes()


class FirstLegal:
    def act(self, view):
        return view.legal_actions[0]


@pytest.mark.parametrize("name", GAMES)
def test_opponents_as_names_bots_callables_and_mappings(name):
    g = get_game(name)
    others = [s for s in range(g.geometry().seats) if s != 0]
    calls = []

    def last_legal(view):
        calls.append(view.seat)
        return view.legal_actions[-1]

    for opponents in ("random", g.make_bot("random", 1), FirstLegal(), last_legal,
                      {s: (last_legal, "random", FirstLegal())[k % 3] for k, s in enumerate(others)},
                      [(last_legal, "random")[k % 2] for k in range(len(others))]):
        env = g.GymEnv(learner_seats=0, opponents=opponents, rounds=1, opponent_seed=5)
        _run_episode(env, g, 0, np.random.default_rng(0))
    assert set(calls) == set(others)
    with pytest.raises(ValueError, match="opponent"):
        g.GymEnv(opponents={others[0]: "random"})  # not every other seat
    with pytest.raises(ValueError, match="opponent"):
        g.GymEnv(opponents=3)
    with pytest.raises(ValueError, match="learner_seats"):
        g.GymEnv(learner_seats=(0, 1, 2, 3, 4))


@pytest.mark.parametrize("name", GAMES)
def test_bad_constructor_options_are_refused_by_name(name):
    g = get_game(name)
    for kwargs, option in (({"render_seat": 7}, "render_seat"), ({"reward_mode": "score"}, "reward_mode"),
                           ({"max_actions": 0}, "max_actions"), ({"render_mode": "rgb"}, "render_mode"),
                           ({"learner_seats": g.geometry().seats}, "learner_seats")):
        with pytest.raises(ValueError, match=option):
            g.GymEnv(**kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_an_opponents_illegal_action_raises(name):
    g = get_game(name)
    illegal = {}

    def refused(view):
        illegal[view.seat] = a = next(i for i in range(g.NUM_ACTIONS) if i not in view.legal_actions)
        return a

    env = g.GymEnv(learner_seats=0, opponents=refused)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="seat 1"):
        for _ in range(50):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert 1 in illegal


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_learner_action_ends_the_episode(name):
    g = get_game(name)
    env = g.GymEnv(learner_seats=0)
    env.reset(seed=0)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, term, trunc, info = env.step(bad)
    assert term and not trunc and reward == -1.0
    assert "rule" in info["reason"] and info["illegal_action"] == g.action_name(bad)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("name", GAMES)
def test_truncation(name):
    g = get_game(name)
    env = g.GymEnv(learner_seats=0, max_actions=30)
    _, steps, term, trunc = _run_episode(env, g, 0, np.random.default_rng(0))
    assert trunc and not term and steps <= 30


@pytest.mark.parametrize("name", GAMES)
def test_rendering_for_the_learners_seat(name):
    g = get_game(name)
    env = g.GymEnv(learner_seats=3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and g.geometry().seat_names[3] in text


@pytest.mark.parametrize("name", GAMES)
def test_maskable_ppo_runs_end_to_end(name):
    from sb3_contrib import MaskablePPO

    env = get_game(name).GymEnv(learner_seats=get_game(name).geometry().sides[0], rounds=1)
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs={"net_arch": [64]}, device="cpu")
    model.learn(total_timesteps=256)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
    assert model.num_timesteps >= 256  # it learned; how fast is a benchmark's question, not a test's


@pytest.mark.parametrize("name", games_offering("GymEnv", "MANIFEST"))
def test_every_gym_id_of_the_manifest_makes_the_games_one_seat_env(name):
    import gymnasium

    g = get_game(name)
    assert g.MANIFEST.gym_ids
    for gym_id in g.MANIFEST.gym_ids:
        e = gymnasium.make(gym_id, learner_seats=0, rounds=1)
        assert isinstance(e.unwrapped, g.GymEnv)
        obs, _ = e.reset(seed=3)
        assert e.observation_space.contains(obs) and obs.tobytes() == g.encode(e.unwrapped.game.view(0)).tobytes()
