"""Many engine games at once, each advanced to its learner's next decision between batched forward passes.

The learner partnership of each game (drawn per game) shares one policy; the other partnership is drawn
per game from an ``OpponentLeague``. ``advance`` plays the opponents (scripted bots one by one, policies
in one batch per policy) until every game waits for its learner; ``observe`` then gives the learner
seats' observations and masks for one forward pass, and ``step`` applies the learner's actions.

With ``skip_forced``, a learner decision with a single legal action (a draw with no pickup on offer, say)
is played at once inside ``advance``: it teaches the policy nothing, and a forward pass and a PPO sample
spent on it are wasted. Its rewards go to the learner's previous decision. ``env_steps`` counts every
learner decision, ``forced`` those played that way.

Reward: when rounds finish, the learner partnership's round score difference x ``reward_scale``
(the game's ``team_reward``, as its envs pay it); a round end is an episode boundary (rounds
are scored separately). With ``win_bonus``, the round that ends the game also pays + or - ``win_bonus`` for
winning or losing it (0 for a draw; ``team_reward``'s ``"win"`` mode): what is evaluated is games won, and
in a game's last round the score difference alone misleads (a side ahead should end the game, not chase
points; a side behind needs a big round, not a small loss). A finished game is replaced by a new deal at once.

``times`` adds up the seconds spent per phase (opponents, learner moves, encoding, privileged input),
the profile of the rollout that the trainer reports.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import numpy as np

from training.opponent_league import Opponent, OpponentLeague


class BatchedGames:
    """``n`` games of ``game`` (a game module: ``games.get_game``), each advanced to its learner partnership's
    next decision between forward passes."""

    def __init__(self, game: Any, n: int, rules: Any, league: OpponentLeague, rng: np.random.Generator,
                 reward_scale: float, skip_forced: bool = False, win_bonus: float = 0.0) -> None:
        self.game = game
        self.table = game.geometry(rules)
        self.side_of = [self.table.side_of(s) for s in range(self.table.seats)]  # looked up at every move
        self.win_bonus = win_bonus
        self.n, self.rules, self.league, self.rng, self.reward_scale = n, rules, league, rng, reward_scale
        self.skip_forced = skip_forced
        self.games: list[Any] = [None] * n
        self.encs: list[Any] = [None] * n  # the game's GameEncoder of each game
        self.team = np.zeros(n, dtype=np.int64)
        self.opp: list[Opponent] = ["expert"] * n
        self.scored = [0] * n
        self.reward = np.zeros(n, dtype=np.float32)
        self.done = np.zeros(n, dtype=bool)
        self.finished: list[tuple[str, float, int]] = []  # (opponent kind, learner win 1/0.5/0, score diff)
        self.env_steps = 0
        self.forced = 0
        self.times: Counter[str] = Counter()
        for i in range(n):
            self._new_game(i)

    def _new_game(self, i: int) -> None:
        g = self.game.new_game(int(self.rng.integers(0, 2**62)), self.rules)
        self.games[i] = g
        if self.encs[i] is None:
            self.encs[i] = self.game.GameEncoder(g)
        else:
            self.encs[i].reset(g)
        self.team[i] = int(self.rng.integers(self.table.num_sides))
        self.opp[i] = self.league.draw()
        self.scored[i] = 0

    def _after_step(self, i: int) -> None:
        """Pay finished rounds to game ``i``'s learner and start a new game when it is over."""
        g = self.games[i]
        self.encs[i].invalidate()
        res = g.round_results
        if len(res) > self.scored[i]:
            t = int(self.team[i])
            self.reward[i] += self.game.team_reward(res[self.scored[i]:], t, scale=self.reward_scale,
                                                    geometry=self.table)
            self.scored[i] = len(res)
            self.done[i] = True  # a round end is an episode boundary
            if g.is_over:
                self.reward[i] += self.win_bonus * self.game.team_reward((), t, "win", final_scores=g.scores,
                                                                         geometry=self.table)
                diff = self.table.zero_sum(g.scores, t)
                top = self.table.winners(g.scores)
                kind = self.league.kind(self.opp[i])
                self.finished.append((kind, 1.0 / len(top) if t in top else 0.0, diff))
                self._new_game(i)

    def _learner_to_act(self, i: int) -> bool:
        return self.side_of[self.games[i].current_player] == self.team[i]

    def advance(self) -> None:
        """Play opponents (and, with ``skip_forced``, the learner's forced moves) until every game waits for
        a learner decision with a choice."""
        t0 = time.perf_counter()
        waiting = list(range(self.n))
        bots = self.league.bots
        policies = self.league.policies
        while waiting:
            by_policy: dict[int, list[int]] = {}
            for i in waiting:
                g = self.games[i]
                while True:
                    if self._learner_to_act(i):
                        bits = g.legal_bits() if self.skip_forced else 0
                        if not bits or bits & (bits - 1):  # a choice (or skipping is off): the learner's turn
                            break
                        g.step(bits.bit_length() - 1)
                        self.forced += 1
                        self.env_steps += 1
                        self._after_step(i)
                        g = self.games[i]
                        continue
                    opp = self.opp[i]
                    if isinstance(opp, int):
                        by_policy.setdefault(opp, []).append(i)
                        break
                    g.step(bots[opp].act(g.view(g.current_player)))
                    self._after_step(i)
                    g = self.games[i]
            waiting = []
            for k, idx in by_policy.items():
                obs = np.stack([self.encs[i].observe(self.games[i].current_player) for i in idx])
                mask = np.stack([self.games[i].legal_mask() for i in idx])
                acts = policies[k].act(obs, mask)
                for i, a in zip(idx, np.atleast_1d(acts), strict=True):
                    self.games[i].step(int(a))
                    self._after_step(i)
                    waiting.append(i)
        self.times["opponents' moves (and forced learner moves)"] += time.perf_counter() - t0

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        """Observations and legal masks of every game's learner seat to act."""
        t0 = time.perf_counter()
        obs = np.stack([self.encs[i].observe(self.games[i].current_player) for i in range(self.n)])
        mask = np.stack([self.games[i].legal_mask() for i in range(self.n)]).astype(bool)
        self.times["observation encoding and masks"] += time.perf_counter() - t0
        return obs, mask

    def hidden(self) -> np.ndarray:
        """The hidden cards of every game, relative to its learner seat to act (a privileged critic's extra input)."""
        t0 = time.perf_counter()
        out = np.stack([self.game.hidden_cards(g, g.current_player) for g in self.games])
        self.times["privileged critic input (hidden cards)"] += time.perf_counter() - t0
        return out

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Apply the learner actions, advance to the next decisions; rewards and round-end flags since."""
        t0 = time.perf_counter()
        self.reward[:] = 0.0
        self.done[:] = False
        for i in range(self.n):
            self.games[i].step(int(actions[i]))
            self._after_step(i)
        self.env_steps += self.n
        self.times["learner's moves"] += time.perf_counter() - t0
        self.advance()
        return self.reward.copy(), self.done.copy()
