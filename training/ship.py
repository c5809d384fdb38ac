"""Ship a trained policy of its game: copy it to the game's ``checkpoints/<game>/`` folder with its evaluation record
and a learning-curve PNG, and the same policy and record into the game's package data, what the game's
``make_bot("learned")`` loads from an installed wheel. Both folders come from the game's manifest
(``footcanasta_env.family.manifest``; ``shipped_folders``): the record goes to ``MANIFEST.checkpoints`` (Foot
Canasta's ``checkpoints/footcanasta/``), the package copy to the game's ``data/`` (``footcanasta_env/footcanasta/
data/``), which the manifest must ship (``MANIFEST.shipped``), or the wheel would go without it.

    python training/ship.py --policy runs/RUN/ppo_N.npz --summaries runs/BC/summary.json,runs/RUN/summary.json \
        --evals runs/eval_expert.json,runs/eval_greedy.json,runs/eval_random.json --commands "...;...;..."

``--evals`` are the ``--json`` outputs of ``footcanasta evaluate learned OPPONENT ...`` (run with the
policy already at ``--out``, or with ``policy:PATH``); ``--commands`` the commands that produced them, in
the same order. The weights are copied unchanged; only the metadata's ``evaluation`` record is filled in.
``learned.npz`` and ``learned.json`` are written once to ``--out-dir`` and copied byte for byte to
``--package-dir``, so the two copies cannot disagree. A game of several table sizes ships one policy per size,
named by the game's ``learned_stem(rules)`` from the rules the policy records: Canasta's two-player policy is
``learned2.npz`` and ``learned2.json`` (its curve ``learning_curve2.png``), beside the four-player ``learned.*``,
which it never overwrites. Run it from the repository root (the default folders
are relative to the working directory).
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import json
import os
import shutil
from dataclasses import dataclass
from typing import Any

import numpy as np

from footcanasta_env import games
from footcanasta_env.family.sizes import size_of, table_title
from footcanasta_env.games import get_game
from footcanasta_env.policyfile import load_policy, save_policy
from training.train_common import parse_args, write_json


@dataclass
class Args:
    """Write the game's checkpoints/<game>/learned.npz, learned.json and learning_curve.png from a run (another table
    size's files name it: learned2.npz, learned2.json, learning_curve2.png), and the policy and its record into the
    package (footcanasta_env/<game>/data/)."""

    policy: str = ""
    """the policy file to ship"""
    summaries: str = ""
    """comma-separated summary.json files of the runs behind it, in training order (for the curve)"""
    evals: str = ""
    """comma-separated JSON reports of `footcanasta evaluate ... --json`"""
    commands: str = ""
    """semicolon-separated commands that produced the reports, in the same order"""
    stages: str = ""
    """a JSON file describing the training stages behind the policy (merged into the training record)"""
    out_dir: str = ""
    """where to write learned.npz, learned.json and learning_curve.png (empty: the checkpoints folder of the
    policy's game's manifest)"""
    package_dir: str = ""
    """where the package keeps its copy of learned.npz and learned.json (made if missing; empty: the policy's
    game's data/ folder, which its manifest ships; none: no copy)"""


def policy_stem(game: Any, rules: Any) -> str:
    """The name (without suffix) of the shipped policy of the table of ``rules``: the game's ``learned_stem(rules)``
    for a game of several table sizes (Canasta: ``learned2`` at two players), ``learned`` for a game of one."""
    stem = getattr(game, "learned_stem", None)
    return stem(rules) if stem is not None else "learned"


def copied(stem: str = "learned") -> tuple[str, str]:
    """The files copied into the package (``STEM.npz``, ``STEM.json``): the manifest must ship them as
    ``data/<name>``."""
    return f"{stem}.npz", f"{stem}.json"


def shipped_folders(game: str, stem: str = "learned") -> tuple[str, str]:
    """The game's folders of a shipped policy, from its manifest: the record's (``MANIFEST.checkpoints``, relative
    to the repository root) and the package data's (the game's ``data/``, relative to the working directory
    where it lies below it). A game whose manifest names no checkpoints folder or does not ship ``copied(stem)`` is
    refused, naming what to give instead."""
    manifest = games.manifest(game)
    lacking = [f"data/{name}" for name in copied(stem) if f"data/{name}" not in manifest.shipped]
    if not manifest.checkpoints or lacking:
        why = f"its manifest ships no {', '.join(lacking)}" if lacking else "its manifest names no checkpoints folder"
        raise SystemExit(f"error: no shipping folders are known for the game {game!r} ({why}): give --out-dir and "
                         "--package-dir")
    data = games.game_folder(game) / "data"
    below = data.is_relative_to(Path.cwd())
    return manifest.checkpoints, str(data.relative_to(Path.cwd()) if below else data)


def folders(args: Args, game: str, stem: str = "learned") -> tuple[str, str]:
    """``--out-dir`` and ``--package-dir``, the game's own where not given ("" for no package copy)."""
    if args.out_dir and args.package_dir:
        out_dir, package_dir = args.out_dir, args.package_dir
    else:
        record, data = shipped_folders(game, stem)
        out_dir, package_dir = args.out_dir or record, args.package_dir or data
    return out_dir, "" if package_dir == "none" else package_dir


def plot_curve(curves: list[tuple[str, list[dict]]], path: str, title: str = "Foot Canasta") -> None:
    """Win rate against each scripted bot over training steps (runs placed end to end)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    fig, ax = plt.subplots(figsize=(7, 4))
    offset = 0
    for label, curve in curves:
        if not curve:
            continue
        for opp, style in (("expert", "o-"), ("greedy", "s--"), ("random", "^:")):
            pts = [(offset + c["steps"], c[opp]) for c in curve if opp in c]
            if pts:
                xs = [p[0] for p in pts]
                ax.plot(xs, [p[1]["win_rate"] for p in pts], style, label=f"{label}: vs {opp}", markersize=3)
                lo = [p[1].get("win_lo", p[1]["win_rate"]) for p in pts]
                hi = [p[1].get("win_hi", p[1]["win_rate"]) for p in pts]
                if opp == "expert":  # the other bands (tiny samples, clean sweeps) would hide the plot
                    ax.fill_between(xs, lo, hi, alpha=0.12)
        offset += max(c["steps"] for c in curve)
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.axhline(0.6, color="red", lw=0.8, ls=":", label="target vs expert (60%)")
    # Millions written out: matplotlib's own "1e8" offset text lands on the long x label.
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda x, _pos: f"{x / 1e6:g}M" if x else "0"))
    ax.set_xlabel("learner decisions: PPO steps or DAgger labels (runs end to end; 0 = behaviour-cloned policy)")
    ax.set_ylabel("win rate (duplicate deals, 95% CI band)")
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=7, loc="lower right")
    ax.set_title(f"Learned {title} policy against the scripted bots during training")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def dagger_curve(summary: dict) -> list[dict]:
    """A DAgger run's evaluations against the expert, over the labelled decisions it has gathered."""
    curve, steps = [], 0
    for it in summary.get("iterations", []):
        steps += it["new"]
        if it.get("expert"):
            curve.append({"steps": steps, "expert": it["expert"]})
    return curve


def main(argv: list[str] | None = None) -> None:
    """Ship the policy."""
    args = parse_args(Args, argv)
    pol = load_policy(args.policy)
    reports = [json.load(open(p)) for p in args.evals.split(",") if p]
    commands = [c.strip() for c in args.commands.split(";") if c.strip()]
    evaluation = {r["b"]: dict(r, command=(commands[i] if i < len(commands) else "")) for i, r in enumerate(reports)}
    training = dict(pol.meta["training"])
    if args.stages:
        training["stages"] = json.load(open(args.stages))
    game = get_game(pol.game)
    rules = game.Rules.from_dict(pol.meta["rules"])
    stem = policy_stem(game, rules)  # each table size ships its own file: learned.npz, learned2.npz
    out_dir, package_dir = folders(args, game.NAME, stem)
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, f"{stem}.npz")
    meta = save_policy(out, pol.weights, pol.biases, pol.activation, rules, training, evaluation, game=game.NAME)
    assert all(np.array_equal(a, b) for a, b in zip(load_policy(out).weights, pol.weights, strict=True))
    curves = []
    for p in args.summaries.split(","):
        if p:
            s = json.load(open(p))
            curves.append((s["run"].split("__")[0], s.get("curve") or dagger_curve(s)))
    record = dict(meta, source=args.policy, curves=dict(curves), size_bytes=os.path.getsize(out))
    write_json(os.path.join(out_dir, f"{stem}.json"), record)
    curve_png = f"learning_curve{stem.removeprefix('learned')}.png"
    plot_curve(curves, os.path.join(out_dir, curve_png), table_title(game, size_of(game, rules)))
    print(f"shipped {args.policy} -> {out} ({os.path.getsize(out)} bytes)")
    if package_dir and os.path.abspath(package_dir) != os.path.abspath(out_dir):
        os.makedirs(package_dir, exist_ok=True)
        for name in copied(stem):
            shutil.copyfile(os.path.join(out_dir, name), os.path.join(package_dir, name))
        print(f"copied {' and '.join(copied(stem))} -> {package_dir}")


if __name__ == "__main__":
    main()
