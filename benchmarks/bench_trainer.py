"""Throughput of the batched PPO trainer (``training/selfplay_ppo.py``) in the shipped configuration.

Two uses:

* ``python benchmarks/bench_trainer.py --updates 40 --runs 3`` trains from the shipped policy for
  ``--updates`` PPO updates (8,192 decisions each, 512x512 policy, privileged critic, expert opponents,
  updates of actor and critic from the first one, an evaluation every 10 updates) in each mode, the modes
  interleaved run by run, and prints each run's steps/s, the medians, and each mode's ratio to the
  ``inline`` peer measured in the same runs:

  - ``shipped``: a rollout worker process beside the learner, forced decisions skipped, bf16 update,
    evaluations in the background (the settings of the shipped run);
  - ``worker-fp32``: the same in fp32;
  - ``inline``: everything in one process, one after the other, fp32, every decision in the batch,
    evaluations in the foreground, 2 torch threads: the trainer as it was before it was split.

* ``python benchmarks/bench_trainer.py --summary runs/RUN/summary.json`` prints the sustained figures of
  a finished (or checkpointed) run and where its time went (the ``profile`` the trainer records).

"steps" are the decisions the PPO update trains on; "env steps" every learner decision played, forced
ones included (the unit of the old trainer, where both were the same). Wall-clock figures on a shared
machine: read the ratios, and quote medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["--hidden", "512,512", "--critic-hidden", "256,256", "--init-policy", "checkpoints/footcanasta/learned.npz",
           "--num-games", "128", "--rollout-len", "64", "--update-epochs", "4", "--num-minibatches", "8",
           "--lr", "1e-4", "--clip-coef", "0.1", "--target-kl", "0.02", "--critic-warmup", "0", "--gae-lambda",
           "0.9", "--ent-coef", "0.0", "--p-expert", "1.0", "--p-greedy", "0.0", "--eval-every", "10",
           "--eval-deals", "20", "--final-eval-deals", "0", "--checkpoint-every", "0", "--progress", "false"]
MODES = {
    "shipped": ["--threads", "1", "--rollout-workers", "1", "--skip-forced", "true", "--bf16", "true",
                "--eval-background", "true"],
    "worker-fp32": ["--threads", "1", "--rollout-workers", "1", "--skip-forced", "true", "--bf16", "false",
                    "--eval-background", "true"],
    "inline": ["--threads", "2", "--rollout-workers", "0", "--skip-forced", "false", "--bf16", "false",
               "--eval-background", "false"],
}


def run_once(mode: str, updates: int, seed: int, out: str) -> dict:
    """Train ``updates`` updates in ``mode``; the run's summary."""
    steps = str(updates * 128 * 64)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    cmd = [sys.executable, "training/selfplay_ppo.py", *SHIPPED, *MODES[mode], "--total-steps", steps,
           "--seed", str(seed), "--exp-name", mode, "--out-dir", out]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"{mode} failed:\n{proc.stderr[-3000:]}")
    run = max((os.path.join(out, d) for d in os.listdir(out) if d.startswith(mode + "__")), key=os.path.getmtime)
    with open(os.path.join(run, "summary.json")) as f:
        return json.load(f)


def show_profile(summary: dict) -> None:
    prof = summary["profile"]
    print(f"wall {prof['wall_seconds']:.0f} s, {prof['steps']:,} steps trained on, {prof['env_steps']:,} env steps, "
          f"rollout workers {prof['rollout_workers']}")
    print(f"sustained: {prof['steps'] / prof['wall_seconds']:,.0f} steps/s, "
          f"{prof['env_steps'] / prof['wall_seconds']:,.0f} env steps/s")
    for side in ("learner", "rollout"):
        print(f"{side} (share of the wall time):")
        for k, v in prof[side].items():
            print(f"  {k:52s} {v['seconds']:9.1f} s {v['share']:7.1%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--updates", type=int, default=40, help="PPO updates per run (8,192 decisions each)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each mode, interleaved")
    ap.add_argument("--modes", default=",".join(MODES), help="comma-separated, of: " + ", ".join(MODES))
    ap.add_argument("--summary", help="print a run's sustained figures and profile instead")
    a = ap.parse_args()
    if a.summary:
        with open(a.summary) as f:
            show_profile(json.load(f))
        return
    modes = [m for m in a.modes.split(",") if m]
    unknown = set(modes) - set(MODES)
    if unknown:
        raise SystemExit(f"unknown mode(s) {sorted(unknown)}; known: {', '.join(MODES)}")
    rates: dict[str, list[tuple[float, float]]] = {m: [] for m in modes}
    with tempfile.TemporaryDirectory() as out:
        for r in range(a.runs):
            for m in modes:
                s = run_once(m, a.updates, 100 + r, out)
                rates[m].append((s["steps_per_s"], s["env_steps_per_s"]))
                print(f"run {r + 1} {m:12s} {s['steps_per_s']:7,.0f} steps/s {s['env_steps_per_s']:7,.0f} env steps/s",
                      flush=True)
    print(f"\nmedians over {a.runs} runs of {a.updates} updates ({a.updates * 8192:,} steps trained on):")
    base = statistics.median(e for _, e in rates["inline"]) if "inline" in rates else None
    for m in modes:
        s, e = statistics.median(x for x, _ in rates[m]), statistics.median(x for _, x in rates[m])
        ratio = f"  {e / base:4.2f}x inline's env steps/s" if base else ""
        print(f"  {m:12s} {s:7,.0f} steps/s {e:7,.0f} env steps/s{ratio}")


if __name__ == "__main__":
    main()
