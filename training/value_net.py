"""Train the value net of full positions that the search bot scores its rollouts with.

Records positions from games of four ``learned`` bots (with a little exploration, so that the positions a
search reaches after a move the policy would not make are covered too), labels each position with the
Monte Carlo return of its round: the final round score difference from the acting seat's partnership's
side. Features: the acting seat's observation (``encode(view)``) and ``hidden_cards(game, seat)`` (the true
state: the value is only ever applied to worlds the search bot sampled from its own view). A small torch
MLP regresses the return; validation is on held-out games. Exports plain numpy arrays (``bots/value.py``'s
format, never a pickle)::

    python training/value_net.py --games 2500 --out runs/value.npz

The shipped value is the PPO trainer's privileged critic (``export_critic.py``: same input, same target,
fitted on a hundred times more positions) fine-tuned by this script on the positions the search scores
(``checkpoints/footcanasta/VALUE.md``)::

    python training/export_critic.py --checkpoint checkpoints/footcanasta/trainer/ppo7.ckpt.npz --out runs/critic.npz
    python training/value_net.py --games 10000 --rounds 4 --positions turns --keep 0.25 --explore 0.1 \
        --workers 2 --init runs/critic.npz --epochs 4 --lr 3e-4 --threads 2 --seed 301 --out runs/value_turns.npz
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import multiprocessing as mp
import time
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from footcanasta_env.footcanasta.bots.value import FEATURES_SIZE, ValueNet, load_value, save_value
from footcanasta_env.seeds import worker_seed
from training.positions import record, record_turns
from training.train_common import command_line, parse_args, seed_everything, write_json


@dataclass
class Args:
    """Record positions of learned self-play, fit a value MLP, export it as numpy arrays."""

    games: int = 2500
    """games to record (each of --rounds rounds)"""
    rounds: int = 4
    """rounds per recorded game (1 to 4): all four minimums appear with 4"""
    keep: float = 0.1
    """share of positions kept (positions of one round are strongly correlated; fewer, from more rounds)"""
    explore: float = 0.05
    """chance that a recorded game's seat plays a random legal action instead of the policy's (with
    --positions turns: that a decision the search would search is played as another of its candidates)"""
    positions: str = "choices"
    """which positions are kept: 'choices' (any with more than one legal action) or 'turns' (turn starts,
    where the search bot applies its value; positions.record_turns)"""
    init: str = ""
    """start from this value file's weights (e.g. the exported critic) instead of at random; its layer sizes
    and target scale replace --hidden and --target-scale"""
    workers: int = 1
    """processes recording games"""
    hidden: str = "256,256"
    """hidden layer sizes, comma-separated"""
    epochs: int = 12
    """training epochs (the one with the lowest validation error is kept)"""
    batch: int = 512
    """minibatch size"""
    lr: float = 1e-3
    """Adam learning rate (cosine-annealed to zero)"""
    weight_decay: float = 1e-4
    """AdamW weight decay"""
    val_share: float = 0.1
    """share of games held out for validation"""
    target_scale: float = 0.001
    """the net predicts points x this"""
    seed: int = 0
    """seed for games, exploration and training"""
    threads: int = 1
    """torch threads (the machine is shared)"""
    out: str = "runs/value.npz"
    """the value file to write (the shipped one is footcanasta_env/footcanasta/data/value.npz, see
    checkpoints/footcanasta/VALUE.md)"""
    summary: str = "runs/value_summary.json"
    """where the figures go (JSON)"""


def fit(x: np.ndarray, y: np.ndarray, val: np.ndarray, args: Args,
        start: ValueNet | None = None) -> tuple[nn.Sequential, dict]:
    """Regress y x target_scale on x, from ``start``'s weights if given; figures on the held-out rows ``val``
    (a bool mask)."""
    sizes = [FEATURES_SIZE] + [int(h) for h in args.hidden.split(",") if h.strip()] + [1]
    if start is not None:
        sizes = list(start.meta["layers"])
    mods: list[nn.Module] = []
    for i in range(len(sizes) - 1):
        mods.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            mods.append(nn.ReLU())
    net = nn.Sequential(*mods)
    if start is not None:
        lin = [m for m in net if isinstance(m, nn.Linear)]
        with torch.no_grad():
            for m, w, b in zip(lin, start.weights, start.biases, strict=True):
                m.weight.copy_(torch.from_numpy(w.T))
                m.bias.copy_(torch.from_numpy(b))
    xt = torch.from_numpy(x[~val].astype(np.float32))
    yt = torch.from_numpy(y[~val] * args.target_scale)
    xv = torch.from_numpy(x[val].astype(np.float32))
    yv = y[val]
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    steps = args.epochs * -(-len(xt) // args.batch)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, max(1, steps))
    gen = torch.Generator().manual_seed(args.seed)
    curve = []
    best: tuple[float, dict] | None = None  # the epoch with the lowest validation error is kept
    if start is not None:  # the start itself counts: fine-tuning that makes it worse keeps it
        figs0 = evaluate(net, xv, yv, args.target_scale)
        print(f"start ({args.init}): val rmse {figs0['val_mse'] ** 0.5:.0f}, explained variance "
              f"{figs0['explained_variance']:.3f}", flush=True)
        curve.append({**figs0, "epoch": 0, "train_mse": float("nan")})
        best = (figs0["val_mse"], {k: v.clone() for k, v in net.state_dict().items()})
    for epoch in range(args.epochs):
        net.train()
        perm = torch.randperm(len(xt), generator=gen)
        total = 0.0
        for i in range(0, len(xt), args.batch):
            idx = perm[i:i + args.batch]
            loss = nn.functional.mse_loss(net(xt[idx])[:, 0], yt[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        figs = evaluate(net, xv, yv, args.target_scale)
        figs.update(epoch=epoch + 1, train_mse=total / len(xt) / args.target_scale**2)
        curve.append(figs)
        if best is None or figs["val_mse"] < best[0]:
            best = (figs["val_mse"], {k: v.clone() for k, v in net.state_dict().items()})
        print(f"epoch {epoch + 1}: train rmse {figs['train_mse'] ** 0.5:.0f}, val rmse {figs['val_mse'] ** 0.5:.0f}, "
              f"explained variance {figs['explained_variance']:.3f}", flush=True)
    assert best is not None
    net.load_state_dict(best[1])
    kept = min(curve, key=lambda f: f["val_mse"])
    return net, {"curve": curve, **kept, "kept_epoch": kept["epoch"]}


def evaluate(net: nn.Module, xv: torch.Tensor, yv: np.ndarray, scale: float) -> dict:
    """Validation MSE (points^2), explained variance and the label spread."""
    net.eval()
    with torch.no_grad():
        pred = net(xv)[:, 0].numpy() / scale
    mse = float(np.mean((pred - yv) ** 2))
    var = float(np.var(yv))
    return {"val_mse": mse, "val_label_sd": var**0.5, "explained_variance": 1 - mse / var}


def main(argv: list[str] | None = None) -> dict:
    """Record, fit, export; returns the summary."""
    args = parse_args(Args, argv)
    if not 1 <= args.rounds <= 4:
        raise SystemExit(f"--rounds must be 1 to 4, got {args.rounds}")
    if args.positions not in ("choices", "turns"):
        raise SystemExit(f"--positions must be 'choices' or 'turns', got {args.positions!r}")
    start = None
    if args.init:
        try:
            start = load_value(args.init)
        except ValueError as e:
            raise SystemExit(f"--init: {e}") from None
        args.target_scale = start.scale  # the file's own scale: its predictions in points stay what they were
    if args.games < 2:
        raise SystemExit(f"--games must be at least 2 (some are held out), got {args.games}")
    seed_everything(args.seed, args.threads)
    t0 = time.time()
    chunk = max(1, min(50, args.games // max(1, args.workers * 4)))
    recorder = record_turns if args.positions == "turns" else record
    tasks = [(worker_seed(args.seed, i), min(chunk, args.games - i * chunk), args.rounds, args.keep, args.explore)
             for i in range(-(-args.games // chunk))]
    if args.workers > 1:
        with mp.get_context("fork").Pool(args.workers) as pool:
            parts = pool.map(recorder, tasks)
    else:
        parts = []
        for k, t in enumerate(tasks):
            parts.append(recorder(t))
            done = min((k + 1) * chunk, args.games)
            print(f"recorded {done}/{args.games} games, {time.time() - t0:.0f}s", flush=True)
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    gid = np.concatenate([p[2] for p in parts])
    record_s = time.time() - t0
    games = np.unique(gid)
    held = np.random.default_rng(args.seed).permutation(games)[: max(1, int(len(games) * args.val_share))]
    val = np.isin(gid, held)
    print(f"{len(y)} positions from {len(games)} games in {record_s:.0f}s; label sd {y.std():.0f}", flush=True)
    net, figs = fit(x, y, val, args, start)
    lin = [m for m in net if isinstance(m, nn.Linear)]
    training = {"command": command_line(argv), "positions": int(len(y)), "train_positions": int((~val).sum()),
                "val_positions": int(val.sum()), "record_s": round(record_s), "total_s": round(time.time() - t0),
                **{k: v for k, v in figs.items() if k != "curve"}, "args": vars(args)}
    save_value(args.out, [m.weight.detach().numpy().T for m in lin], [m.bias.detach().numpy() for m in lin],
               args.target_scale, training)
    summary = {**training, "curve": figs["curve"]}
    if args.summary:
        write_json(args.summary, summary)
    print(f"wrote {args.out}: val rmse {figs['val_mse'] ** 0.5:.0f} points, explained variance "
          f"{figs['explained_variance']:.3f}, {time.time() - t0:.0f}s", flush=True)
    return summary


if __name__ == "__main__":
    main()
