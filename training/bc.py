"""Behaviour cloning: recording the expert bot's decisions, and fitting an actor to labelled decisions.

A decision set is a dict of three aligned arrays, the format of the ``--bc-data`` cache files:

    obs     (N, OBS_SIZE) float16           the observation of the seat to act (the game's ``GameEncoder``)
    mask    (N, ceil(NUM_ACTIONS/8)) uint8  its legal mask, ``np.packbits`` of NUM_ACTIONS bools
    action  (N,) int16                      the label: the expert's action

Only decisions with more than one legal action are kept (the others teach nothing). The functions take
the game module (``games.get_game``); a worker process gets its name and looks it up.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from typing import Any

import numpy as np
import torch
from torch import nn

from footcanasta_env.games import TRAINING, get_game
from footcanasta_env.seeds import worker_seed
from training.train_common import masked_logits, training_rules

KEYS = ("obs", "mask", "action")


def _record_games(task: tuple[str, int, int, int, dict | None]) -> dict[str, np.ndarray]:
    """Play ``n`` games of expert bots (one per seat) of the game named ``game`` from ``seed`` at the table of
    ``table`` (its rules' ``to_dict``; ``None``: the default); their decisions with a choice."""
    name, seed, n, rounds, table = task
    game = get_game(name, need=TRAINING)
    rules = training_rules(game, rounds, None if table is None else game.Rules.from_dict(table))
    rng = np.random.default_rng(seed)
    obs, masks, acts = [], [], []
    for _ in range(n):
        g = game.new_game(int(rng.integers(0, 2**62)), rules)
        enc = game.GameEncoder(g)
        bots = [game.make_bot("expert", int(rng.integers(0, 2**62)), rules=rules)
                for _ in range(game.geometry(rules).seats)]
        while not g.is_over:
            s = g.current_player
            mask = g.legal_mask()
            a = bots[s].act(g.view(s))
            if int(mask.sum()) > 1:
                obs.append(enc.observe(s).astype(np.float16))
                masks.append(np.packbits(mask.astype(bool)))
                acts.append(a)
            g.step(a)
            enc.invalidate()
    return {"obs": np.stack(obs), "mask": np.stack(masks), "action": np.asarray(acts, dtype=np.int16)}


def record_expert(game: Any, games: int, workers: int, seed: int, rounds: int,
                  table: Any = None) -> dict[str, np.ndarray]:
    """The expert's decisions in ``games`` games of ``rounds`` rounds (0: whole games) at the table of ``table``
    (the game's rules; ``None``: its default), over ``workers`` processes."""
    chunk = max(1, min(50, games // max(1, workers * 4)))
    spec = None if table is None else table.to_dict()
    tasks = [(game.NAME, worker_seed(seed, i), min(chunk, games - i * chunk), rounds, spec)
             for i in range(-(-games // chunk))]
    if workers > 1:
        with mp.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_record_games, tasks)
    else:
        parts = [_record_games(t) for t in tasks]
    return concat(parts)


def concat(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """One decision set from several."""
    return {k: np.concatenate([p[k] for p in parts]) for k in KEYS}


def expert_data(game: Any, path: str, games: int, workers: int, seed: int, rounds: int,
                table: Any = None, width: int | None = None) -> dict[str, np.ndarray] | None:
    """The decision set cached at ``path`` if it exists, else ``games`` recorded expert games at the table of
    ``table`` (then cached at ``path`` when one is given); ``None`` when there is neither a cache nor games to
    record. A cache whose observations are not ``width`` wide (another table size) is refused."""
    if path and os.path.exists(path):
        with np.load(path) as z:
            data = {k: z[k] for k in KEYS}
        if width is not None and data["obs"].shape[1] != width:
            raise ValueError(f"--bc-data {path!r} holds observations of {data['obs'].shape[1]} features, this "
                             f"table's have {width}: it was recorded at another table size")
        return data
    if games <= 0:
        return None
    data = record_expert(game, games, workers, seed, rounds, table)
    if path:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        np.savez(path, **data)
    return data


def behaviour_clone(game: Any, actor: nn.Module, data: dict[str, np.ndarray], *, epochs: int, batch: int,
                    lr: float, seed: int, writer: Any = None) -> float:
    """Fit ``actor`` (logits of ``game``'s actions) to the labels (masked cross-entropy, Adam with a cosine decay
    to 5% of ``lr``); returns the accuracy on a held-out tenth (at most 20000 decisions). ``writer``: a
    TensorBoard ``SummaryWriter`` for ``bc/`` scalars."""
    n = len(data["action"])
    rng = np.random.default_rng(seed)
    perm = rng.permutation(n)
    n_val = min(20000, n // 10)
    val, train = perm[:n_val], perm[n_val:]
    obs = torch.from_numpy(data["obs"])
    mask = torch.from_numpy(np.unpackbits(data["mask"], axis=1, count=game.NUM_ACTIONS).astype(bool))
    act = torch.from_numpy(data["action"].astype(np.int64))
    opt = torch.optim.Adam(actor.parameters(), lr=lr)
    steps = epochs * (len(train) // batch)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, max(1, steps), eta_min=lr * 0.05)
    step = 0

    def accuracy() -> float:
        with torch.no_grad():
            idx = torch.from_numpy(val)
            logits = masked_logits(actor(obs[idx].float()), mask[idx])
            return float((logits.argmax(1) == act[idx]).float().mean())

    t0 = time.time()
    loss = torch.tensor(float("nan"))
    for epoch in range(epochs):
        rng.shuffle(train)
        for i in range(len(train) // batch):
            idx = torch.from_numpy(train[i * batch:(i + 1) * batch])
            logits = masked_logits(actor(obs[idx].float()), mask[idx])
            loss = nn.functional.cross_entropy(logits, act[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            if writer is not None and step % 100 == 0:
                writer.add_scalar("bc/loss", loss.item(), step)
                writer.add_scalar("bc/samples_per_s", step * batch / (time.time() - t0), step)
        acc = accuracy()
        if writer is not None:
            writer.add_scalar("bc/val_accuracy", acc, epoch + 1)
        print(f"BC epoch {epoch + 1}/{epochs}: loss {loss.item():.4f}, held-out accuracy {acc:.4f}", flush=True)
    return accuracy()
