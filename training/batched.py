"""Many engine games at once, each advanced to its learner's next decision between batched forward passes.

The learner partnership of each game (drawn per game) shares one policy; the other partnership is drawn
per game from an ``OpponentLeague``. ``advance`` plays the opponents (scripted bots one by one, frozen
snapshots in one batch per snapshot) until every game waits for its learner; ``observe`` then gives the
learner seats' observations and masks for one forward pass, and ``step`` applies the learner's actions.

Reward: when rounds finish, the learner partnership's round score difference x ``reward_scale``
(``footcanasta_env.envs.team_reward``, as the envs pay it); a round end is an episode boundary (rounds
are scored separately). A finished game is replaced by a new deal at once.
"""

from __future__ import annotations

import numpy as np

from footcanasta_env.engine import Game, new_game
from footcanasta_env.envs import team_reward
from footcanasta_env.observation import GameEncoder, hidden_cards
from footcanasta_env.rules import Rules
from footcanasta_env.seats import team_of

# helper modules beside this file (training/ is on sys.path when a script runs as a file)
from league import Opponent, OpponentLeague


class BatchedGames:
    """``n`` games, each advanced to its learner partnership's next decision between forward passes."""

    def __init__(self, n: int, rules: Rules, league: OpponentLeague, rng: np.random.Generator,
                 reward_scale: float) -> None:
        self.n, self.rules, self.league, self.rng, self.reward_scale = n, rules, league, rng, reward_scale
        self.games: list[Game] = [None] * n  # type: ignore[list-item]
        self.encs: list[GameEncoder] = [None] * n  # type: ignore[list-item]
        self.team = np.zeros(n, dtype=np.int64)
        self.opp: list[Opponent] = ["expert"] * n
        self.scored = [0] * n
        self.reward = np.zeros(n, dtype=np.float32)
        self.done = np.zeros(n, dtype=bool)
        self.finished: list[tuple[Opponent, float, int]] = []  # (opponent, learner win 1/0.5/0, score diff)
        for i in range(n):
            self._new_game(i)

    def _new_game(self, i: int) -> None:
        g = new_game(int(self.rng.integers(0, 2**62)), self.rules)
        self.games[i] = g
        if self.encs[i] is None:
            self.encs[i] = GameEncoder(g)
        else:
            self.encs[i].reset(g)
        self.team[i] = int(self.rng.integers(2))
        self.opp[i] = self.league.draw()
        self.scored[i] = 0

    def _after_step(self, i: int) -> None:
        """Pay finished rounds to game ``i``'s learner and start a new game when it is over."""
        g = self.games[i]
        self.encs[i].invalidate()
        res = g.results
        if len(res) > self.scored[i]:
            t = int(self.team[i])
            self.reward[i] += team_reward(res[self.scored[i]:], t, scale=self.reward_scale)
            self.scored[i] = len(res)
            self.done[i] = True  # a round end is an episode boundary
            if g.is_over:
                diff = g.total[t] - g.total[1 - t]
                self.finished.append((self.opp[i], 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0, diff))
                self._new_game(i)

    def _learner_to_act(self, i: int) -> bool:
        return team_of(self.games[i].cur) == self.team[i]

    def advance(self) -> None:
        """Play opponents until every game waits for its learner."""
        waiting = list(range(self.n))
        while waiting:
            by_snap: dict[int, list[int]] = {}
            for i in waiting:
                while not self._learner_to_act(i):
                    opp = self.opp[i]
                    if isinstance(opp, int):
                        by_snap.setdefault(opp, []).append(i)
                        break
                    g = self.games[i]
                    g.step(self.league.bots[opp].act(g.view(g.cur)))
                    self._after_step(i)
            waiting = []
            for k, idx in by_snap.items():
                obs = np.stack([self.encs[i].observe(self.games[i].cur) for i in idx])
                mask = np.stack([self.games[i].legal_mask() for i in idx])
                acts = self.league.snapshots[k].act(obs, mask)
                for i, a in zip(idx, np.atleast_1d(acts), strict=True):
                    self.games[i].step(int(a))
                    self._after_step(i)
                    waiting.append(i)

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        """Observations and legal masks of every game's learner seat to act."""
        obs = np.stack([self.encs[i].observe(self.games[i].cur) for i in range(self.n)])
        mask = np.stack([self.games[i].legal_mask() for i in range(self.n)]).astype(bool)
        return obs, mask

    def hidden(self) -> np.ndarray:
        """The hidden cards of every game, relative to its learner seat to act (a privileged critic's extra input)."""
        return np.stack([hidden_cards(g, g.cur) for g in self.games])

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Apply the learner actions, advance to the next decisions; rewards and round-end flags since."""
        self.reward[:] = 0.0
        self.done[:] = False
        for i in range(self.n):
            self.games[i].step(int(actions[i]))
            self._after_step(i)
        self.advance()
        return self.reward.copy(), self.done.copy()
