"""Exported policies: the file format, its checks, numpy inference equal to torch, and the bot registry."""

from __future__ import annotations

import json
import os
import zipfile

import numpy as np
import pytest
import torch

from footcanasta_env import new_game
from footcanasta_env.footcanasta.actions import NUM_ACTIONS
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.bots.policy import META_KEY, SHIPPED_POLICY, PolicyBot, load_policy, save_policy
from footcanasta_env.footcanasta.observation import OBS_SIZE, GameEncoder
from footcanasta_env.footcanasta.rules import Rules
from footcanasta_env.games import get_game
from training.policy_export import export_policy
from training.train_common import masked_logits, mlp


def fixed_observations(n_games: int = 3, every: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """Observations and legal masks of the seat to act, from greedy games (draw and play steps)."""
    obs, masks = [], []
    for seed in range(n_games):
        g = new_game(500 + seed, Rules().with_rounds(1))
        enc = GameEncoder(g)
        bots = [make_bot("greedy", s) for s in range(4)]
        k = 0
        while not g.is_over:
            if k % every == 0:
                obs.append(enc.observe(g.current_player))
                masks.append(g.legal_mask().astype(bool))
            g.step(bots[g.current_player].act(g.view(g.current_player)))
            enc.invalidate()
            k += 1
    return np.stack(obs), np.stack(masks)


OBS, MASKS = fixed_observations()


def torch_net(seed: int = 0) -> torch.nn.Sequential:
    """A random MLP with a sizeable last layer, so its argmax is not decided by ties."""
    torch.manual_seed(seed)
    return mlp([OBS_SIZE, 64, 32, NUM_ACTIONS], out_gain=1.0)


def write(tmp_path, name: str = "p.npz", seed: int = 0) -> tuple[str, torch.nn.Sequential]:
    net = torch_net(seed)
    path = str(tmp_path / name)
    export_policy(net, path, "relu", get_game(), {"command": "test"}, {"note": "none"}, rules=Rules())
    return path, net


def rewrite_meta(src: str, dst: str, **changes) -> None:
    """Copy a policy file with some metadata fields changed."""
    with np.load(src, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(arrays[META_KEY].tobytes())
    meta.update(changes)
    arrays[META_KEY] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez(dst, **arrays)


def test_fixed_observations_cover_choices():
    assert len(OBS) > 100
    assert (MASKS.sum(1) > 1).sum() > 50


def test_export_reload_matches_torch_masked_argmax(tmp_path):
    path, net = write(tmp_path)
    pol = load_policy(path)
    with torch.no_grad():
        logits = net(torch.from_numpy(OBS))
        want = masked_logits(logits, torch.from_numpy(MASKS)).argmax(1).numpy()
    np.testing.assert_allclose(pol.logits(OBS), logits.numpy(), rtol=1e-4, atol=1e-4)
    got = pol.act(OBS, MASKS)
    assert (got == want).all()
    assert all(MASKS[i, a] for i, a in enumerate(got))
    # One observation at a time gives the same actions as the batch.
    assert [pol.act(o, m) for o, m in zip(OBS[:20], MASKS[:20], strict=True)] == list(got[:20])


def test_maskable_ppo_export_matches_model_predict(tmp_path):
    from sb3_contrib import MaskablePPO

    from footcanasta_env.footcanasta.envs.one_seat import FootCanastaGymEnv
    from training.maskable_ppo import policy_net

    env = FootCanastaGymEnv(learner_seats=(0, 2), rounds=1)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0, device="cpu",
                        policy_kwargs={"net_arch": {"pi": [32, 32], "vf": [16]}, "activation_fn": torch.nn.ReLU})
    with torch.no_grad():  # a sizeable last layer: an untrained sb3 policy has near-equal logits
        model.policy.action_net.weight.mul_(100.0)
    path = str(tmp_path / "sb3.npz")
    export_policy(policy_net(model), path, "relu", get_game(), {"command": "test"}, rules=Rules())
    pol = load_policy(path)
    want, _ = model.predict(OBS, action_masks=MASKS, deterministic=True)
    assert (pol.act(OBS, MASKS) == want).all()


def test_metadata_records_versions_rules_and_architecture(tmp_path):
    path, _ = write(tmp_path)
    meta = load_policy(path).meta
    assert meta["obs_size"] == OBS_SIZE and meta["num_actions"] == NUM_ACTIONS
    assert meta["arch"] == {"type": "mlp", "layers": [OBS_SIZE, 64, 32, NUM_ACTIONS], "activation": "relu"}
    assert Rules.from_dict(meta["rules"]) == Rules()
    assert meta["training"]["command"] == "test"


@pytest.mark.parametrize("field, value", [("obs_version", 99), ("action_version", 0), ("obs_size", 442),
                                          ("num_actions", 90), ("format_version", 2)])
def test_wrong_version_is_refused_naming_both_values(tmp_path, field, value):
    path, _ = write(tmp_path)
    bad = str(tmp_path / "bad.npz")
    rewrite_meta(path, bad, **{field: value})
    meta = load_policy(path).meta
    with pytest.raises(ValueError) as e:
        load_policy(bad)
    msg = str(e.value)
    assert field in msg and repr(value) in msg and repr(meta[field]) in msg


def test_wrong_format_is_refused(tmp_path):
    path, _ = write(tmp_path)
    bad = str(tmp_path / "bad.npz")
    rewrite_meta(path, bad, format="something-else")
    with pytest.raises(ValueError, match=r"not a policy checkpoint \(format 'something-else'"):
        load_policy(bad)


def test_truncated_file_is_refused(tmp_path):
    path, _ = write(tmp_path)
    data = open(path, "rb").read()
    for cut in (len(data) // 2, len(data) - 10, 100):
        bad = tmp_path / f"trunc{cut}.npz"
        bad.write_bytes(data[:cut])
        with pytest.raises(ValueError, match="truncated"):
            load_policy(str(bad))


def test_file_that_is_not_a_checkpoint_is_refused(tmp_path):
    text = tmp_path / "notes.npz"
    text.write_text("hello, not a policy")
    with pytest.raises(ValueError, match="not a policy checkpoint"):
        load_policy(str(text))
    plain = str(tmp_path / "plain.npz")
    np.savez(plain, x=np.zeros(3))
    with pytest.raises(ValueError, match="no 'meta_json' record"):
        load_policy(plain)
    other_zip = tmp_path / "other.zip"
    with zipfile.ZipFile(other_zip, "w") as z:
        z.writestr("readme.txt", "hi")
    with pytest.raises(ValueError, match="policy file"):
        load_policy(str(other_zip))
    with pytest.raises(ValueError, match="not found"):
        load_policy(str(tmp_path / "missing.npz"))


def test_pickled_objects_are_never_loaded(tmp_path):
    path, _ = write(tmp_path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["W0"] = np.array([{"evil": 1}], dtype=object)  # would need unpickling
    bad = str(tmp_path / "pickled.npz")
    np.savez(bad, **arrays)
    with pytest.raises(ValueError, match="plain arrays"):
        load_policy(bad)


def test_layer_shape_mismatch_is_refused(tmp_path):
    path, _ = write(tmp_path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["W1"] = arrays["W1"][:, :31]
    bad = str(tmp_path / "shape.npz")
    np.savez(bad, **arrays)
    with pytest.raises(ValueError, match="layer shape mismatch: W1"):
        load_policy(bad)


def test_save_refuses_wrong_input_size(tmp_path):
    with pytest.raises(ValueError, match="arch.layers"):
        save_policy(str(tmp_path / "x.npz"), [np.zeros((10, NUM_ACTIONS), np.float32)], [np.zeros(NUM_ACTIONS)])


def test_policy_bot_plays_legal_deterministic_games(tmp_path):
    path, _ = write(tmp_path)
    g = new_game(7, Rules().with_rounds(1))
    bots = [make_bot(f"policy:{path}", 1), make_bot("greedy", 2), PolicyBot(path, 3), make_bot("random", 4)]
    steps = 0
    while not g.is_over and steps < 3000:
        view = g.view(g.current_player)
        a = bots[g.current_player].act(view)
        assert a in view.legal_actions
        g.step(a)
        steps += 1
    assert g.is_over


def test_learned_bot_loads_the_shipped_policy_and_plays_legal_actions():
    assert os.path.isfile(SHIPPED_POLICY)
    bot = make_bot("learned", 0)
    assert bot.name == "learned"
    meta = bot.policy.meta
    assert meta["evaluation"], "the shipped policy records its evaluation"
    g = new_game(11)
    for _ in range(400):
        view = g.view(g.current_player)
        a = bot.act(view)
        assert a in view.legal_actions
        g.step(a)


def test_policy_path_errors_are_clear(tmp_path):
    with pytest.raises(ValueError, match="not found"):
        make_bot("policy:/nonexistent")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"\x00" * 64)
    with pytest.raises(ValueError, match="not a policy checkpoint"):
        make_bot(f"policy:{junk}")


def test_a_policy_file_names_its_game_and_is_refused_by_another(toy, tmp_path):
    from footcanasta_env.policyfile import load_policy as load_any

    rng = np.random.default_rng(0)
    w = [rng.normal(size=(toy.OBS_SIZE, 4)).astype(np.float32),
         rng.normal(size=(4, toy.NUM_ACTIONS)).astype(np.float32)]
    b = [np.zeros(4, np.float32), np.zeros(toy.NUM_ACTIONS, np.float32)]
    path = str(tmp_path / "toy.npz")
    meta = save_policy(path, w, b, game="toy")
    assert meta["game"] == "toy" and meta["obs_size"] == toy.OBS_SIZE and meta["rules"] == toy.Rules().to_dict()
    pol = load_any(path)
    assert pol.game == "toy" and [x.shape for x in pol.weights] == [x.shape for x in w]
    with pytest.raises(ValueError, match="a policy of 'toy', not of 'footcanasta'"):
        load_any(path, "footcanasta")
    with pytest.raises(ValueError, match="a policy of 'toy', not of 'footcanasta'"):
        PolicyBot(path)  # Foot Canasta's bot plays Foot Canasta's policies only
    with pytest.raises(ValueError, match=r"obs_size 8 to num_actions 6 \(Toy Sum\)"):
        save_policy(str(tmp_path / "bad.npz"), [np.zeros((OBS_SIZE, NUM_ACTIONS), np.float32)],
                    [np.zeros(NUM_ACTIONS, np.float32)], game="toy")
    assert load_policy(SHIPPED_POLICY).game == "footcanasta"  # written before files named their game
