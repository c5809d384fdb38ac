"""Evaluations of a training run in a background process at the lowest priority.

The learner keeps its core busy with updates and the rollout worker leaves part of the other one idle
while it waits for weights; an evaluation there costs the run almost nothing, where one in the learner's
process stopped training for its whole length. ``submit`` queues a duplicate-deal match of a policy file
against a bot; ``ready`` gives the finished ones in the order they were asked for; ``wait`` the rest.
With ``background=False`` it evaluates at once, in this process.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections import deque
from typing import Any

from training.train_common import eval_vs


def _init() -> None:
    from threadpoolctl import threadpool_limits

    os.nice(19)  # only the cycles nobody else wants
    threadpool_limits(1)


def _run(task: tuple[Any, str, str, int, int]) -> tuple[Any, str, dict]:
    tag, path, opponent, deals, seed = task
    return tag, opponent, eval_vs(path, opponent, deals, seed)


class Evaluator:
    """Duplicate-deal evaluations, in a niced worker process (``background``) or in this one."""

    def __init__(self, background: bool) -> None:
        self.pool = mp.get_context("spawn").Pool(1, initializer=_init) if background else None
        self.pending: deque = deque()  # (task, its result: an AsyncResult in the background, else the value)

    def submit(self, tag: Any, path: str, opponent: str, deals: int, seed: int) -> None:
        """Queue ``path`` (a policy file that stays on disk) against ``opponent``; ``tag`` comes back with it."""
        task = (tag, path, opponent, deals, seed)
        self.pending.append((task, _run(task) if self.pool is None else self.pool.apply_async(_run, (task,))))

    def ready(self) -> list[tuple[Any, str, dict]]:
        """The finished evaluations, oldest first, up to the first one still running."""
        out = []
        while self.pending and (self.pool is None or self.pending[0][1].ready()):
            _task, res = self.pending.popleft()
            out.append(res if self.pool is None else res.get())
        return out

    def wait(self) -> list[tuple[Any, str, dict]]:
        """Every evaluation still queued, once finished. Those the background process has not finished are
        run here instead (training is over, and at the lowest priority a busy machine could starve them);
        they are seeded, so the results are the same."""
        out = self.ready()
        left = [task for task, _res in self.pending]
        self.pending.clear()
        if left:
            self.close()
            out += [_run(t) for t in left]
        return out

    def close(self) -> None:
        """Stop the background process (whatever it is still running is dropped); later evaluations run here."""
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
