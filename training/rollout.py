"""Rollouts of the batched trainer: ``rollout_len`` learner decisions of every game, in this process or in a
worker process on the other core.

The policy plays in numpy (the exported MLP, ``footcanasta_env.footcanasta.bots.policy.Policy``), sampling with the
Gumbel-max trick from a generator of its own, so a worker needs no torch. A batch holds, for every game,
``T`` observations with their masks, actions, log-probabilities, rewards and episode flags, plus the
observation after the last one (the bootstrap), and the privileged critic input when asked for. The
learner computes the values itself, in one batched pass.

With a worker (``workers=1``), ``Rollouts.next`` hands the worker the newest weights and takes the batch it
collected meanwhile with the weights of one update before: collection and the PPO update run side by
side, one on each core. The lag is one update; the PPO ratio is taken against the log-probabilities the
batch was played with, so it stays an importance ratio (as in APPO). With ``workers=0`` the batch is
collected in this process with the newest weights (no lag, one core).

The worker's generator derives from the run's seed and the update it starts at, so a resumed run deals
a fresh, reproducible stream without saving the worker's state.
"""

from __future__ import annotations

import multiprocessing as mp
import time
import traceback
from dataclasses import dataclass
from typing import Any

import numpy as np

from footcanasta_env.games import TRAINING, get_game
from footcanasta_env.policyfile import Policy, observation_size
from training.batched import BatchedGames
from training.opponent_league import OpponentLeague


@dataclass(frozen=True)
class RolloutConfig:
    """What a rollout worker needs to build its games and league (plain values: it crosses processes).
    ``game`` is the game's name (``games.get_game``), ``rules`` the ``dataclasses.asdict`` of its rules."""

    game: str
    num_games: int
    rollout_len: int
    rules: dict
    reward_scale: float
    skip_forced: bool
    privileged: bool
    p_expert: float
    p_greedy: float
    p_fixed: float
    fixed: tuple[str, ...]
    max_snapshots: int
    seed: int
    start_update: int
    win_bonus: float = 0.0


def hidden_size(game: Any, rules: Any) -> int:
    """The privileged critic's extra width at the table of ``rules``: ``hidden_cards_size(rules)`` where the game
    has it (Canasta's sizes differ), else its ``HIDDEN_CARDS_SIZE``."""
    if hasattr(game, "hidden_cards_size"):
        return int(game.hidden_cards_size(rules))
    return int(game.HIDDEN_CARDS_SIZE)


def sample(logits: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One action per row from the masked softmax (Gumbel-max), with its log-probability."""
    z = np.where(mask, logits.astype(np.float64), -np.inf)
    z -= z.max(axis=1, keepdims=True)
    logz = np.log(np.exp(z).sum(axis=1))
    gumbel = -np.log(-np.log(rng.random(z.shape)))
    a = np.argmax(z + gumbel, axis=1)
    logp = z[np.arange(len(a)), a] - logz
    return a, logp.astype(np.float32)


class Collector:
    """The games and league of one rollout stream; ``collect`` plays one batch."""

    def __init__(self, cfg: RolloutConfig, snapshots: list[Policy]) -> None:
        self.cfg = cfg
        self.game = get_game(cfg.game, need=TRAINING)
        self.rng = np.random.default_rng(np.random.SeedSequence([cfg.seed, 0x5EED, cfg.start_update]))
        rules = self.game.Rules(**cfg.rules)
        self.obs_size, self.hidden_size = observation_size(self.game, rules), hidden_size(self.game, rules)
        self.league = OpponentLeague(self.game, self.rng, cfg.p_expert, cfg.p_greedy, cfg.max_snapshots,
                                     list(cfg.fixed), cfg.p_fixed, rules)
        for p in snapshots:
            self.league.add(p)
        self.envs = BatchedGames(self.game, cfg.num_games, rules, self.league, self.rng,
                                 cfg.reward_scale, skip_forced=cfg.skip_forced, win_bonus=cfg.win_bonus)
        self.envs.advance()
        self.next_done = np.zeros(cfg.num_games, dtype=bool)

    def collect(self, policy: Policy) -> dict[str, Any]:
        """``rollout_len`` decisions of every game with ``policy`` (sampled)."""
        cfg, envs, game = self.cfg, self.envs, self.game
        T, n = cfg.rollout_len, cfg.num_games
        out: dict[str, Any] = {
            "obs": np.empty((T + 1, n, self.obs_size), np.float32),
            "mask": np.empty((T, n, game.NUM_ACTIONS), bool),
            "act": np.empty((T, n), np.int64),
            "logp": np.empty((T, n), np.float32),
            "rew": np.empty((T, n), np.float32),
            "done": np.empty((T + 1, n), bool),
        }
        if cfg.privileged:
            out["hidden"] = np.empty((T + 1, n, self.hidden_size), np.float32)
        steps0, forced0 = envs.env_steps, envs.forced
        envs.times.clear()
        o, m = envs.observe()
        out["done"][0] = self.next_done
        for t in range(T):
            out["obs"][t], out["mask"][t] = o, m
            if cfg.privileged:
                out["hidden"][t] = envs.hidden()
            t0 = time.perf_counter()
            a, lp = sample(policy.logits(o), m, self.rng)
            envs.times["policy forward and sampling"] += time.perf_counter() - t0
            out["act"][t], out["logp"][t] = a, lp
            r, dn = envs.step(a)
            out["rew"][t], out["done"][t + 1] = r, dn
            o, m = envs.observe()
        out["obs"][T] = o
        if cfg.privileged:
            out["hidden"][T] = envs.hidden()
        self.next_done = out["done"][T].copy()
        out["finished"], envs.finished = envs.finished, []
        out["env_steps"], out["forced"] = envs.env_steps - steps0, envs.forced - forced0
        out["times"] = dict(envs.times)
        return out


def _worker(conn: Any, cfg: RolloutConfig, snapshots: list[tuple[list, list, str]]) -> None:
    """A worker process: collect a batch for every set of weights received, until ``None``."""
    from threadpoolctl import threadpool_limits

    try:
        with threadpool_limits(1):  # one core each: the learner has the other
            col = Collector(cfg, [Policy(w, b, act) for w, b, act in snapshots])
            while (msg := conn.recv()) is not None:
                weights, biases, activation, snap = msg
                if snap is not None:
                    col.league.add(Policy(*snap))
                t0 = time.perf_counter()
                batch = col.collect(Policy(weights, biases, activation))
                batch["worker_seconds"] = time.perf_counter() - t0
                conn.send(batch)
    except (EOFError, KeyboardInterrupt):
        pass
    except Exception:  # the learner reports it: a worker's traceback is otherwise lost
        conn.send({"error": traceback.format_exc()})


def _arrays(p: Policy) -> tuple[list, list, str]:
    return (p.weights, p.biases, p.activation)


class Rollouts:
    """Batches of learner decisions, collected in this process (``workers=0``) or by a worker process (1)."""

    def __init__(self, cfg: RolloutConfig, workers: int, policy: Policy, snapshots: list[Policy]) -> None:
        if workers not in (0, 1):
            raise ValueError(f"rollout workers must be 0 (this process) or 1 (a worker process), got {workers}")
        self.workers = workers
        self.waiting = 0.0  # seconds the learner waited for batches (the worker was the slower side)
        if workers == 0:
            self.collector = Collector(cfg, snapshots)
            return
        ctx = mp.get_context("spawn")  # no torch threads forked mid-flight
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, cfg, [_arrays(p) for p in snapshots]), daemon=True)
        self.proc.start()
        child.close()
        self.conn.send((*_arrays(policy), None))

    def next(self, policy: Policy, new_snapshot: Policy | None = None, more: bool = True) -> dict[str, Any]:
        """The next batch. ``policy`` is the newest actor; ``new_snapshot`` joins the opponents' league;
        ``more=False``: this is the last batch (the worker starts no other)."""
        if self.workers == 0:
            if new_snapshot is not None:
                self.collector.league.add(new_snapshot)
            t0 = time.perf_counter()
            batch = self.collector.collect(policy)
            batch["worker_seconds"] = time.perf_counter() - t0
            return batch
        t0 = time.perf_counter()
        try:
            batch = self.conn.recv()
        except EOFError:
            raise RuntimeError(f"the rollout worker died (exit code {self.proc.exitcode})") from None
        self.waiting += time.perf_counter() - t0
        if "error" in batch:
            raise RuntimeError("the rollout worker failed:\n" + batch["error"])
        if more:
            self.conn.send((*_arrays(policy), None if new_snapshot is None else _arrays(new_snapshot)))
        return batch

    def close(self) -> None:
        """Stop the worker (a batch it is still collecting is dropped)."""
        if self.workers == 1 and self.proc.is_alive():
            try:
                self.conn.send(None)
            except (BrokenPipeError, OSError):
                pass
            self.proc.join(timeout=30)
            if self.proc.is_alive():
                self.proc.terminate()
