"""What a self-play run reports as it goes: its evaluations of the exported policies (``Evaluations``),
where its time goes (``Speed``, ``profile``) and each update's scalars and console line (``log_update``).
``selfplay_ppo.py``'s run (``Run``) is what they read and write."""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from training.evaluator import Evaluator
from training.train_common import Phases, Timer, write_json

Run = Any  # selfplay_ppo.Run: its args, step counts, summary, writer and paths (imported by it, not from it)
Loop = Any  # selfplay_ppo.Loop: the games finished since the last report and the progress bar


class Evaluations:
    """The run's evaluations of its exported policies: queued (in a background process with --eval-background),
    filed as they finish (TensorBoard, the curve or the final record, ``summary.json``), and the best policy."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.evaluator = Evaluator(background=run.args.eval_background)
        self.partial: dict[int, dict] = {}  # step -> the results in so far
        self.best: dict = run.summary.get("best", {"win_rate": -1.0, "path": run.path("bc.npz")})

    def submit(self, at: int, deals: int, final: bool = False) -> None:
        """Export the policy and queue its matches (``final``: also against random and the fixed policies)."""
        path = self.run.export("final.npz" if final else f"ppo_{at}.npz")
        self.partial[at] = {"steps": at, "path": path, "final": final, "want": 0, "t0": time.time()}
        others = ["greedy"] + (["random"] + [f"policy:{p}" for p in self.run.fixed] if final else [])
        for opp, d, seed in [("expert", deals, 10_000 + at % 997)] + [(o, max(2, deals // 4), 20_000 + at % 997)
                                                                      for o in others]:
            self.partial[at]["want"] += 1
            self.evaluator.submit(at, path, opp, d, seed)

    def ready(self) -> None:
        """File the evaluations finished so far."""
        self._record(self.evaluator.ready())

    def wait(self) -> None:
        """File every queued evaluation, once finished."""
        self._record(self.evaluator.wait())

    def close(self) -> None:
        """Stop the background process (later evaluations run in this one)."""
        self.evaluator.close()

    def _record(self, done: list) -> None:
        for at, opp, r in done:
            res = self.partial[at]
            key = "fixed:" + os.path.basename(opp[7:]) if opp.startswith("policy:") else opp
            res[key] = r
            res["want"] -= 1
            self.run.writer.add_scalar(f"eval/win_rate_vs_{key}", r["win_rate"], at)
            self.run.writer.add_scalar(f"eval/mean_diff_vs_{key}", r["mean_diff"], at)
            if not res["want"]:
                del self.partial[at]
                self._file(at, res)

    def _file(self, at: int, res: dict) -> None:
        """File a policy's finished matches: the curve (and the best so far) or the final record."""
        path, final, t0 = res.pop("path"), res.pop("final"), res.pop("t0")
        del res["want"]
        print(f"eval @ {at}: " + ", ".join(f"vs {k} {v['win_rate']:.3f} (diff {v['mean_diff']:+.0f})"
                                           for k, v in res.items() if k != "steps")
              + f" [{time.time() - t0:.0f}s]", flush=True)
        summary = self.run.summary
        if final:
            summary["final"] = res
        else:
            summary["curve"].append(res)
            if res["expert"]["win_rate"] > self.best["win_rate"]:
                self.best = {"win_rate": res["expert"]["win_rate"], "path": path, "steps": at}
        summary["best"] = self.best
        write_json(self.run.path("summary.json"), summary)


@dataclass
class Speed:
    """Where the PPO phase's time goes, per phase of this process (``learner``) and of the rollout side, and
    the steps per second since it started."""

    workers: int
    steps0: int
    env0: int
    learner: Phases = field(default_factory=Phases)
    rollout: Counter = field(default_factory=Counter)
    timer: Timer = field(default_factory=Timer)

    def rates(self, run: Run) -> tuple[float, float]:
        """Decisions trained on and env steps, per second."""
        wall = self.timer.elapsed()
        return (run.step - self.steps0) / wall, (run.env_steps - self.env0) / wall

    def profile(self, run: Run) -> dict:
        """The summary's ``profile``."""
        return profile(self.learner.seconds, self.rollout, self.timer.elapsed(), run.step - self.steps0,
                       run.env_steps - self.env0, self.workers)


def profile(learner: Counter, rollout: Counter, wall: float, steps: int, env_steps: int, workers: int) -> dict:
    """Where the PPO phase's time went: seconds and share of the wall time per phase of each side."""
    def side(c: Counter) -> dict:
        return {k: {"seconds": round(v, 2), "share": round(v / max(wall, 1e-9), 4)}
                for k, v in sorted(c.items(), key=lambda kv: -kv[1])}

    return {"wall_seconds": round(wall, 2), "steps": steps, "env_steps": env_steps, "rollout_workers": workers,
            "learner": side(learner), "rollout": side(rollout)}


def log_update(run: Run, speed: Speed, loop: Loop, data: dict, stats: dict, update: int, updates: int) -> None:
    """An update's TensorBoard scalars and progress; a line on the console every 5 updates."""
    writer, step = run.writer, run.step
    sps, esps = speed.rates(run)
    writer.add_scalar("charts/steps_per_s", sps, step)
    writer.add_scalar("charts/env_steps_per_s", esps, step)
    writer.add_scalar("charts/forced_fraction", data["forced"] / max(1, data["env_steps"]), step)
    writer.add_scalar("charts/learning_rate", run.opt.param_groups[0]["lr"], step)
    for k, v in stats.items():
        writer.add_scalar(f"losses/{k}", v, step)
    writer.add_scalar("charts/mean_reward", float(data["rew"].sum() / max(1.0, float(data["done"].sum()))), step)
    finished = loop.finished
    for kind in sorted({f[0] for f in finished}):
        writer.add_scalar(f"train/win_rate_vs_{kind}", float(np.mean([w for k_, w, _ in finished if k_ == kind])),
                          step)
    if finished and update % 5 == 0:
        ex = [w for k_, w, _ in finished if k_ == "expert"]
        print(f"update {update}/{updates} step {step}: {sps:.0f} steps/s ({esps:.0f} env steps/s), "
              f"games {len(finished)}, train win vs expert {np.mean(ex) if ex else float('nan'):.3f}, "
              f"v_loss {stats['value_loss']:.4f}, kl {stats['approx_kl']:.4f}", flush=True)
        loop.finished = []
    run.summary["progress"] = {"ppo_steps": step, "env_steps": run.env_steps, "steps_per_s": sps,
                               "env_steps_per_s": esps}
    if loop.bar is not None:
        loop.bar.update(loop.task, completed=step)
