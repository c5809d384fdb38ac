"""A training smoke run at the toy's two- and three-seat tables: MaskablePPO on the generic one-seat env
(``envkit.generic``), exported as a policy file of the toy (``training/export_sb3.py``) that plays like the model."""

from __future__ import annotations

import numpy as np
import pytest
from sb3_contrib import MaskablePPO  # the train extra

from footcanasta_env.envkit.generic import game_gym_env
from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.policyfile import load_policy
from tests.helpers import toy_game
from training import export_sb3 as export  # pytest puts the repository root on the path


@pytest.fixture(params=[toy_game.TWO, toy_game.THREE], ids=lambda t: t.NAME)
def toy(request):
    register_game(request.param.NAME, request.param)
    yield request.param
    unregister_game(request.param.NAME)


def test_maskable_ppo_trains_and_exports_at_a_small_table(toy, tmp_path):
    geometry = toy.geometry()
    last = geometry.sides[-1]  # the learner takes the last side: seats other than 0 must work too
    env = game_gym_env(toy.NAME, learner_seats=last, opponents="random", opponent_seed=1)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [16]})
    model.learn(total_timesteps=128)
    out = str(tmp_path / f"{toy.NAME}.npz")
    meta = export.export_sb3(model, out, training={"steps": 128}, game=toy.NAME)
    assert meta["game"] == toy.NAME and meta["num_actions"] == toy.NUM_ACTIONS
    policy = load_policy(out, game=toy.NAME)
    obs, info = env.reset(seed=3)
    moves = 0
    while True:
        mask = env.action_masks()
        want, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert policy.act(obs, mask) == int(want)  # the file plays as the model does
        assert info["seat"] in last
        obs, _, term, trunc, info = env.step(int(want))
        moves += 1
        if term or trunc:
            break
    assert moves > 0 and len(info["scores"]) == geometry.num_sides
    assert np.isfinite(obs).all()
