"""The search bot: candidate moves compared in sampled worlds by short policy rollouts and a learned value.

For a decision that matters (the draw/pickup step, a discard, a turn where a wild card could be spent
in a meld or an add; melds of naturals the policy wants are left to it) the bot

1. takes candidates: the policy's ``top`` best legal actions, plus every meld or add that spends a wild
   card (so declining or making such a meld is always compared);
2. samples ``worlds`` complete games consistent with its view (``engine.worlds.sample_world``: it
   reads the view only, so the bot cannot see hidden cards);
3. plays each candidate in each world, then lets the policy play every seat until the searching seat's
   ``horizon``-th next turn begins, and scores that position with the value of full positions (the
   expected round score difference); a round that ends sooner scores its actual result. Common random
   numbers: every candidate meets the same worlds, and the rollout policy is deterministic, so
   differences between candidates are paired;
4. plays the best mean, unless it beats the policy's own choice by less than ``prior`` points plus
   ``margin`` standard errors of the paired difference. The standard errors guard against the noise of
   the worlds; ``prior`` against the value's bias: the value overrates the candidates the policy ranks
   lower, and the best of several noisy means more (measured against true-world outcomes by
   ``benchmarks/search_decisions.py`` and ``benchmarks/search_rules.py``; figures in
   ``checkpoints/footcanasta/SEARCH.md``).

Rollouts stop at a horizon rather than the end of the round because one round's luck swamps the
difference between two moves; the value removes most of that luck.

The bot is given its policy (anything with ``logits(obs)``) and its value (anything with
``predict(features)``), as OpenSpiel's ISMCTS is given its evaluator; ``make_search_bot`` builds it with
the shipped ones (``bots/policy.py``'s ``learned``, ``bots/value.py``), loaded once per process. Its options
are one frozen ``SearchOptions``; in a bot name, ``search:worlds=16,time=0.8,horizon=1,top=5,margin=1,prior=100``
(``parse_options``). The time budget (seconds per decision) is a hard cap: worlds are played in chunks and
the search stops before a chunk would overrun it (then with fewer worlds; with none, the policy's choice).
Choices are a function of the seed and the views shown, as long as the budget is not what stopped the search.
"""

from __future__ import annotations

import numbers
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

import numpy as np
from threadpoolctl import ThreadpoolController

from ..actions import ACTION_JK, ACTION_TWO, ACTION_TYPE, ADD, DISCARD, MELD, NUM_ACTIONS
from ..engine import Game, View, sample_world
from ..observation import GameEncoder, encode
from .base import check_legal
from .policy import load_shipped
from .value import load_shipped_value, value_features

CHUNK = 4  # worlds played together in one batched rollout; the time budget is checked between steps
MAX_ROLLOUT_STEPS = 600  # a safety net: a horizon is normally reached in a few dozen steps
SPENDS_WILD = frozenset(a for a in range(NUM_ACTIONS)
                        if ACTION_TYPE[a] in (MELD, ADD) and (ACTION_TWO[a] or ACTION_JK[a]))


class RolloutPolicy(Protocol):
    """What the search asks of its policy: action logits for one observation or a batch."""

    def logits(self, obs: np.ndarray) -> np.ndarray: ...


class Evaluator(Protocol):
    """What the search asks of its value: points for one seat's side, for a batch of ``value_features``."""

    def predict(self, x: np.ndarray) -> Any: ...


def _option(default: float, low: float, doc: str) -> Any:
    return field(default=default, metadata={"low": low, "doc": doc})


_KINDS = {"int": int, "float": float}  # a field's annotation (a string here) -> the type its values take


@dataclass(frozen=True)
class SearchOptions:
    """How the search bot searches (``search:OPTIONS`` in a bot name); refused on creation when out of range."""

    worlds: int = _option(16, 1, "worlds sampled per decision")
    time: float = _option(0.8, 0.001, "seconds per decision, a hard cap")
    horizon: int = _option(1, 1, "turns of the searching seat played out before the value scores the position")
    top: int = _option(5, 1, "the policy's best legal actions taken as candidates")
    margin: float = _option(1.0, 0.0, "standard errors of the paired difference an overrule must clear")
    prior: float = _option(100.0, 0.0, "points an overrule must clear besides the margin")

    def __post_init__(self) -> None:
        for f in fields(self):
            kind, value = _KINDS[str(f.type)], getattr(self, f.name)
            wanted = numbers.Integral if kind is int else numbers.Real
            if isinstance(value, bool) or not isinstance(value, wanted):
                raise ValueError(f"search: option {f.name} must be {'an int' if kind is int else 'a number'}, "
                                 f"got {value!r}")
            if not value >= f.metadata["low"]:  # also refuses nan
                raise ValueError(f"search: option {f.name} must be at least {f.metadata['low']}, got {value}")
            object.__setattr__(self, f.name, kind(value))

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The options' names, in the order of the documentation."""
        return tuple(f.name for f in fields(cls))


def parse_options(text: str) -> SearchOptions:
    """``"worlds=8,time=0.5"`` -> options over the defaults; unknown or bad options are refused by name."""
    given: dict[str, int | float] = {}
    kinds = {f.name: _KINDS[str(f.type)] for f in fields(SearchOptions)}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if key not in kinds:
            raise ValueError(f"search: unknown option {key!r} (known: {', '.join(kinds)})")
        if not eq:
            raise ValueError(f"search: option {key!r} needs a value ({key}=...)")
        try:
            given[key] = kinds[key](value.strip())
        except ValueError:
            raise ValueError(f"search: option {key}={value.strip()!r} is not a {kinds[key].__name__}") from None
    return SearchOptions(**given)


def one_blas_thread():
    """A context in which numpy's BLAS runs on one thread, restored on leaving.

    Why: the rollouts multiply small batches, and OpenBLAS's spinning worker threads then cost far more
    than they bring on a small shared machine. The limit holds only while the bot searches, so the rest of
    the process keeps its threads.
    """
    global _BLAS
    if _BLAS is None:
        _BLAS = ThreadpoolController()  # inspecting the loaded libraries once is the slow part
    return _BLAS.limit(limits=1, user_api="blas")


_BLAS: ThreadpoolController | None = None
_SHIPPED: list[tuple[RolloutPolicy, Evaluator]] = []


def shipped_nets() -> tuple[RolloutPolicy, Evaluator]:
    """The shipped policy and value (loaded on first use, then kept for the process)."""
    if not _SHIPPED:
        _SHIPPED.append((load_shipped(0).policy, load_shipped_value()))
    return _SHIPPED[0]


def clear_cache() -> None:
    """Forget the shipped nets (the next search bot loads them again)."""
    _SHIPPED.clear()


@dataclass
class Analysis:
    """One decision searched: candidates, their values per world (points, the seat's side) and the choice."""

    candidates: list[int]
    values: np.ndarray  # (worlds, candidates)
    policy_action: int
    chosen: int
    notes: dict = field(default_factory=dict)

    @property
    def worlds(self) -> int:
        """Worlds completed."""
        return int(self.values.shape[0])

    def means(self) -> np.ndarray:
        """Mean value of each candidate."""
        return self.values.mean(axis=0) if self.worlds else np.zeros(len(self.candidates))

    def best(self) -> int:
        """The candidate with the highest mean (the policy's choice when none was searched)."""
        return self.candidates[int(np.argmax(self.means()))] if self.worlds else self.policy_action

    def loss(self, action: int, against: int | None = None) -> tuple[float, float]:
        """Points ``action`` loses against the best candidate (or the candidate ``against``), and the standard
        error of that paired difference."""
        if self.worlds == 0 or action not in self.candidates:
            return 0.0, 0.0
        b = self.candidates.index(self.best() if against is None else against)
        d = self.values[:, b] - self.values[:, self.candidates.index(action)]
        se = float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else float("inf")
        return float(d.mean()), se


def rule(values: np.ndarray, p: int, margin: float, prior: float) -> int:
    """The candidate to play (an index), from per-world values ``(worlds, candidates)`` with at least two
    worlds and the policy's candidate ``p``: the best other mean is played if its paired advantage over ``p``
    clears ``prior`` points plus ``margin`` standard errors of that difference, else ``p``."""
    d = values - values[:, [p]]
    mean = d.mean(axis=0)
    mean[p] = -np.inf
    j = int(np.argmax(mean))
    se = float(d[:, j].std(ddof=1) / np.sqrt(len(d)))
    return j if mean[j] > prior + margin * se else p


class SearchBot:
    """Determinized search over the policy's candidates, scored by short rollouts and a learned value."""

    def __init__(self, policy: RolloutPolicy, value: Evaluator, options: SearchOptions | None = None,
                 seed: int | None = None, name: str = "search") -> None:
        if options is not None and not isinstance(options, SearchOptions):
            raise TypeError(f"SearchBot: options must be a SearchOptions, got {type(options).__name__}")
        self.policy = policy
        self.value = value
        self.options = options if options is not None else SearchOptions()
        self.name = name
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.last: Analysis | None = None  # the last decision's analysis (for review and curiosity)

    # -- candidates -----------------------------------------------------------------------------------
    def _logits(self, view: View) -> np.ndarray:
        return self.policy.logits(encode(view))

    def candidates(self, view: View, include: int | Sequence[int] | None = None) -> tuple[list[int], int]:
        """The legal actions worth comparing here (``include``: one or more actions added), and the policy's own
        choice."""
        legal = list(view.legal_actions)
        logits = self._logits(view)
        order = sorted(legal, key=lambda a: (-logits[a], a))  # ties: lowest id, as PolicyBot
        policy_action = order[0]
        chosen = order[: self.options.top]
        chosen += [a for a in legal if a in SPENDS_WILD and a not in chosen]
        extra = [] if include is None else [include] if isinstance(include, numbers.Integral) else list(include)
        chosen += [a for i, a in enumerate(extra) if a not in chosen and a not in extra[:i]]
        return chosen, policy_action

    @staticmethod
    def matters(view: View, policy_action: int) -> bool:
        """Whether to search: the draw step, a discard, or a turn where a wild card could be spent. A meld or
        add of naturals the policy wants is left to it (melding naturals is nearly always right, and
        searching it would double the cost of a game)."""
        return (view.phase == "draw" or ACTION_TYPE[policy_action] == DISCARD
                or any(a in SPENDS_WILD for a in view.legal_actions))

    # -- search ---------------------------------------------------------------------------------------
    def analyse(self, view: View, include: int | Sequence[int] | None = None,
                deadline: float | None = None) -> Analysis:
        """Search one decision (``include`` forces one or more actions into the candidates, for review)."""
        t0 = time.perf_counter()
        legal = check_legal(view, "SearchBot")
        cands, policy_action = self.candidates(view, include)
        if len(legal) == 1 or len(cands) == 1 or (include is None and not self.matters(view, policy_action)):
            return Analysis(cands, np.zeros((0, len(cands))), policy_action, policy_action)
        if deadline is None:
            deadline = t0 + self.options.time
        with one_blas_thread():
            return self._search(view, cands, policy_action, deadline)

    def _search(self, view: View, cands: list[int], policy_action: int, deadline: float) -> Analysis:
        worlds = self.options.worlds
        rows: list[np.ndarray] = []
        while len(rows) < worlds:
            n = min(CHUNK, worlds - len(rows))
            starts, before = [], []
            for _ in range(n):
                world = sample_world(view, self.rng)
                for a in cands:
                    g = world.clone()
                    g.step(a)  # the candidate itself may end the round (going out): counted from before it
                    starts.append(g)
                    before.append(len(world.round_results))
            vals = self.rollouts(starts, before, view.seat, deadline)
            if vals is None:  # out of time: this chunk is dropped, the worlds done so far decide
                break
            rows.extend(vals.reshape(n, len(cands)))
        values = np.array(rows, dtype=np.float64).reshape(len(rows), len(cands))
        an = Analysis(cands, values, policy_action, policy_action)
        an.chosen = self._decide(an)
        return an

    def _decide(self, an: Analysis) -> int:
        if an.worlds < 2:
            return an.policy_action
        j = rule(an.values, an.candidates.index(an.policy_action), self.options.margin, self.options.prior)
        return an.candidates[j]

    def rollouts(self, games: list[Game], results0: list[int], seat: int, deadline: float,
                 horizon: int | None = None, max_steps: int = MAX_ROLLOUT_STEPS) -> np.ndarray | None:
        """Each game's value for ``seat``: played on by the policy (batched) to the horizon (``horizon`` turns
        of ``seat``; the bot's option by default), then valued (``results0``: each game's count of finished
        rounds before the candidate); ``None`` once ``deadline`` passes. A huge horizon and ``max_steps``
        play every game to the end of its round (``benchmarks/search_decisions.py``'s true outcomes)."""
        n = len(games)
        out = np.zeros(n)
        turns = [0] * n
        horizon = self.options.horizon if horizon is None else horizon
        to_value: list[int] = []
        active = list(range(n))
        encs = [GameEncoder(g) for g in games]  # incremental: a fraction of encode(view)'s cost per step
        for _ in range(max_steps):
            if time.perf_counter() > deadline:
                return None
            still, todo = [], []
            for i in active:
                g = games[i]
                if len(g.round_results) > results0[i] or g.is_over:
                    sc = g.round_results[results0[i]]["scores"]  # the round that ended
                    out[i] = sc[seat & 1] - sc[1 - (seat & 1)]
                    continue
                if g.current_player == seat and g.phase == "draw":
                    turns[i] += 1
                    if turns[i] >= horizon:
                        to_value.append(i)
                        continue
                still.append(i)
                legal = g.legal_actions()
                if len(legal) == 1:
                    g.step(legal[0])
                    encs[i].invalidate()
                    continue
                todo.append((i, legal))
            if todo:
                logits = self.policy.logits(np.stack([encs[i].observe(games[i].current_player) for i, _ in todo]))
                for (i, legal), row in zip(todo, logits, strict=True):
                    games[i].step(legal[int(np.argmax(row[legal]))])  # ties: the lowest id, as PolicyBot
                    encs[i].invalidate()
            active = still
            if not active:
                break
        to_value.extend(active)  # the safety net: whatever is left is valued where it stands
        if to_value:
            feats = np.stack([value_features(games[i], seat) for i in to_value])
            out[to_value] = self.value.predict(feats)
        return out

    def act(self, view: View) -> int:
        """The chosen legal action for ``view``."""
        an = self.analyse(view)
        self.last = an
        return int(an.chosen)


def make_search_bot(options: str = "", seed: int | None = None) -> SearchBot:
    """``search`` or ``search:OPTIONS`` (see ``parse_options``) with the shipped policy and value."""
    opts = parse_options(options)  # bad options are refused before any net is loaded
    policy, value = shipped_nets()
    name = "search" if not options.strip() else f"search:{options.strip()}"
    return SearchBot(policy, value, opts, seed, name=name)
