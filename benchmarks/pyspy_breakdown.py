"""Where a run of the old trainer's time went: py-spy's raw samples of ``training/selfplay_ppo.py`` at commit
539d98e (before the trainer was split into rollout worker and learner), sorted into its phases.

    git show 539d98e:training/selfplay_ppo.py > /tmp/old_ppo.py   # and run it from training/ of that commit
    py-spy record -r 50 -f raw -o old.txt -- python training/selfplay_ppo.py ARGS
    python benchmarks/pyspy_breakdown.py old.txt

The phases are read off the line of ``main`` each sample was in (the rollout loop, GAE, the update
loop, ...) and the functions below it, so the line ranges are those of that commit's file.
"""

from __future__ import annotations

import re
import sys
from collections import Counter

ROLLOUT, GAE, UPDATE = range(283, 296), range(296, 313), range(313, 341)


def phase(stack: str) -> str:
    mains = [f for f in stack.split(";") if f.startswith("main (training/selfplay_ppo.py")]
    if not mains:
        return "startup, imports, TensorBoard's writer thread"
    line = int(re.search(r":(\d+)\)", mains[0]).group(1))
    if "evaluate_now" in stack:
        return "evaluations (in the learner's process)"
    if line in ROLLOUT:
        if "BatchedGames.advance" in stack:
            if "ExpertBot" in stack:
                return "rollout: opponents' moves (the expert deciding)"
            return "rollout: opponents' moves (views)" if ".view (" in stack else "rollout: opponents' moves (engine)"
        for name, label in (("BatchedGames.step", "rollout: learner's moves (engine)"),
                            ("BatchedGames.observe", "rollout: observation encoding and masks"),
                            ("BatchedGames.hidden", "rollout: privileged critic input"),
                            ("critic_input", "rollout: privileged critic input"),
                            ("Agent.value", "rollout: critic forward")):
            if name in stack:
                return label
        return "rollout: policy forward and sampling (torch)"
    if line in GAE:
        return "GAE, last value, batch reshaping"
    if line in UPDATE:
        if "backward" in stack:
            return "update: backward"
        if "optim" in stack or "Adam" in stack:
            return "update: Adam step"
        return "update: gradient clipping" if "clip_grad" in stack else "update: forward and losses"
    return "setup" if line < ROLLOUT.start else "logging, snapshots, exports"


def main() -> None:
    counts: Counter[str] = Counter()
    for row in open(sys.argv[1]):
        stack, n = row.rstrip().rsplit(" ", 1)
        counts[phase(stack)] += int(n)
    total = sum(counts.values())
    print(f"{total} samples")
    for k, v in counts.most_common():
        print(f"{v / total:6.1%}  {k}")


if __name__ == "__main__":
    main()
