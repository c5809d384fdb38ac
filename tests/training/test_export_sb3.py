"""training/export_sb3.py: a MaskablePPO model becomes a policy file that plays like the model."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from sb3_contrib import MaskablePPO  # the train extra, which set-up command 2 installs
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from footcanasta_env import make_bot, new_game
from footcanasta_env.cli import main
from footcanasta_env.footcanasta.bots.policy import load_policy
from footcanasta_env.footcanasta.envs import FootCanastaGymEnv
from footcanasta_env.footcanasta.observation import encode
from footcanasta_env.footcanasta.rules import Rules
from training import export_sb3 as export  # pytest puts the repository root on the path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "training" / "export_sb3.py"


def _env() -> FootCanastaGymEnv:
    return FootCanastaGymEnv(learner_seats=(0, 2), opponents="greedy", rounds=1)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """The snippet of docs/training.md, shortened: MaskablePPO for 256 steps; its .zip and the export of the object."""
    folder = tmp_path_factory.mktemp("sb3")
    model = MaskablePPO("MlpPolicy", _env(), n_steps=128, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=256)
    zip_path = folder / "model.zip"
    model.save(zip_path)
    out = folder / "policy.npz"
    meta = export.export_sb3(model, str(out))
    return model, zip_path, out, meta


def _states(n: int):
    """(obs, mask, view) from one-seat games with random legal learner moves."""
    env, rng, out = _env(), np.random.default_rng(5), []
    for seed in range(50):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done and len(out) < n:
            mask = env.action_masks()
            view = env.game.view(env.game.current_player)
            out.append((obs, mask, view))
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
            done = terminated or truncated
        if len(out) >= n:
            return out
    return out


def test_export_plays_the_models_deterministic_masked_argmax(trained):
    model, _, out, meta = trained
    assert meta["arch"]["layers"] == [443, 64, 64, 89] and meta["arch"]["activation"] == "tanh"  # sb3's default
    bot = make_bot(f"policy:{out}")
    policy = load_policy(str(out))
    states = _states(120)
    for obs, mask, view in states:
        assert np.array_equal(encode(view), obs)
        want, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert policy.act(obs, mask) == int(want)
        assert bot.act(view) == int(want)
    # The states are varied enough that the policy's choice is not a constant.
    assert len({int(model.predict(o, action_masks=m, deterministic=True)[0]) for o, m, _ in states}) > 3


def test_exported_policy_plays_a_legal_game_and_evaluates(trained, capsys):
    _, _, out, _ = trained
    game = new_game(3, Rules().with_rounds(1))
    bots = [make_bot(f"policy:{out}"), make_bot("greedy", 1), make_bot(f"policy:{out}"), make_bot("greedy", 3)]
    for _ in range(5000):
        if game.is_over:
            break
        view = game.view(game.current_player)
        action = bots[game.current_player].act(view)
        assert action in view.legal_actions
        game.step(action)
    assert game.is_over
    assert main(["evaluate", f"policy:{out}", "expert", "--deals", "1", "--workers", "1", "--json"]) == 0
    assert '"games_played": 2' in capsys.readouterr().out


def test_script_exports_a_saved_zip_and_its_help_needs_no_pythonpath(trained, tmp_path):
    model, zip_path, out, _ = trained
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=env)
    assert done.returncode == 0 and "--model" in done.stdout, done.stderr
    from_zip = tmp_path / "from_zip.npz"
    done = subprocess.run([sys.executable, str(SCRIPT), "--model", str(zip_path), "--out", str(from_zip)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert f"policy:{from_zip}" in done.stdout
    a, b = load_policy(str(from_zip)), load_policy(str(out))
    for wa, wb in zip(a.weights + a.biases, b.weights + b.biases, strict=True):
        assert np.array_equal(wa, wb)
    assert a.meta["training"]["model"] == str(zip_path)


def test_separate_pi_and_vf_nets_with_relu_export_the_pi_net(tmp_path):
    model = MaskablePPO("MlpPolicy", _env(), seed=1, device="cpu",
                        policy_kwargs={"net_arch": {"pi": [32], "vf": [16, 16]}, "activation_fn": nn.ReLU})
    meta = export.export_sb3(model, str(tmp_path / "p.npz"))
    assert meta["arch"]["layers"] == [443, 32, 89] and meta["arch"]["activation"] == "relu"
    policy = load_policy(str(tmp_path / "p.npz"))
    for obs, mask, _ in _states(30):
        assert policy.act(obs, mask) == int(model.predict(obs, action_masks=mask, deterministic=True)[0])


class _Custom(BaseFeaturesExtractor):
    def __init__(self, space):
        super().__init__(space, features_dim=8)
        self.net = nn.Linear(space.shape[0], 8)

    def forward(self, x):
        return self.net(x)


@pytest.mark.parametrize("kwargs, named", [
    ({"activation_fn": nn.ELU}, "activation ELU"),
    ({"activation_fn": nn.LeakyReLU}, "activation LeakyReLU"),
    ({"features_extractor_class": _Custom}, "features extractor (pi_features_extractor) is _Custom"),
])
def test_unsupported_architectures_are_refused_by_name(kwargs, named, tmp_path):
    model = MaskablePPO("MlpPolicy", _env(), seed=0, device="cpu", policy_kwargs={"net_arch": [8], **kwargs})
    out = tmp_path / "p.npz"
    with pytest.raises(ValueError, match="cannot export this model") as e:
        export.export_sb3(model, str(out))
    assert named in str(e.value)
    assert not out.exists()


def test_a_shared_or_custom_mlp_extractor_is_refused(tmp_path):
    model = MaskablePPO("MlpPolicy", _env(), seed=0, device="cpu", policy_kwargs={"net_arch": [8]})
    model.policy.mlp_extractor.shared_net = nn.Sequential(nn.Linear(443, 443), nn.ReLU())
    with pytest.raises(ValueError, match="shared by the actor and the critic"):
        export.export_sb3(model, str(tmp_path / "p.npz"))
    model.policy.mlp_extractor.policy_net = nn.Sequential(nn.Linear(443, 8), nn.ReLU(), nn.Dropout())
    del model.policy.mlp_extractor.shared_net
    with pytest.raises(ValueError, match=r"policy_net\[2\] is Dropout"):
        export.export_sb3(model, str(tmp_path / "p.npz"))


def test_a_missing_model_file_is_named(tmp_path):
    with pytest.raises(ValueError, match="not found"):
        export.export_sb3(str(tmp_path / "nothing.zip"), str(tmp_path / "p.npz"))
