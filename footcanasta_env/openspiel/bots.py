"""Bots across the two worlds: the house's bots as ``pyspiel.Bot``s, and OpenSpiel's bots as house bots.

* ``HouseBot(game, name, seed)``: any bot of ``make_bot`` (``random``, ``greedy``, ``expert``, ``learned``,
  ``search``...) playing an OpenSpiel state; it is handed only ``state.view(seat)``, as at the house's tables.
  Every bot here is made for the game's rules (``make_bot(name, seed, rules=...)``), so it plays the table's
  size, and one that cannot (a policy file of another size) is refused by ``make_bot``'s own message.
* ``SpielPlayer(game, bot, seed)``: an OpenSpiel bot (ISMCTS, say) as a house bot (``name``, ``act(view)``),
  so the house's duplicate evaluation measures it: each decision starts the OpenSpiel bot from a state
  built from the view alone (a world ``sample_world`` deals from it), so it sees nothing the seat may not.
* ``ismcts_bot(game, ...)``: OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) on one of our
  games, its worlds drawn by the state's ``resample_from_infostate`` (the house's ``sample_world``) from
  its own seeded generator, its leaves valued by ``RolloutEvaluator``: games played out by a house bot
  (``random`` for OpenSpiel's plain random rollouts; ``greedy`` by default: random rollouts of a
  270-card game say little) from the sampled world.
* ``PIMCBot(game, ...)``: perfect-information Monte Carlo on the same worlds and rollouts (OpenSpiel's own
  PIMC bot is C++ only and cannot reach a Python game's resampling).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from .state import CanastaFamilyState


def _config(game: pyspiel.Game) -> Any:
    config = getattr(game, "config", None)
    if config is None:
        raise ValueError(f"not a game of footcanasta_env.openspiel: {game}")
    return config


def _module(game: pyspiel.Game) -> Any:
    return _config(game).module


def _make_bot(game: pyspiel.Game, name: str, seed: int | None) -> Any:
    """The house bot ``name`` for the game's rules (its table's size)."""
    config = _config(game)
    return config.module.make_bot(name, seed, rules=config.rules)


class HouseBot(pyspiel.Bot):
    """A house bot (by its ``make_bot`` name) as an OpenSpiel bot; it reads only the seat's view."""

    def __init__(self, game: pyspiel.Game, name: str, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self._bot = _make_bot(game, name, seed)

    def step(self, state: CanastaFamilyState) -> int:
        """The bot's action for the seat to act."""
        return int(self._bot.act(state.view(state.current_player())))

    def restart_at(self, state: CanastaFamilyState) -> None:
        """Nothing to forget: the house's bots decide from the view alone."""


class SpielPlayer:
    """An OpenSpiel bot as a house bot (``name``, ``act(view)``), deciding on a world drawn from the view."""

    def __init__(self, game: pyspiel.Game, bot: pyspiel.Bot, seed: int | None = None, name: str = "openspiel") -> None:
        self.name = name
        self._game = game
        self._bot = bot
        self._rng = np.random.default_rng(seed)
        self._root = game.new_initial_state()

    def act(self, view: Any) -> int:
        """The OpenSpiel bot's action from a state consistent with ``view`` (the hidden cards dealt at random)."""
        world = _module(self._game).sample_world(view, self._rng)
        return int(self._bot.step(self._root.start_from(world)))


class RolloutEvaluator:
    """OpenSpiel's MCTS evaluator protocol (``evaluate``, ``prior``): the mean returns of ``rollouts`` games
    played to the end by a house bot at every seat from the state; a uniform prior."""

    def __init__(self, game: pyspiel.Game, bot: str = "greedy", rollouts: int = 1, seed: int | None = None) -> None:
        rng = np.random.default_rng(seed)
        self._players = game.num_players()  # the table's seats, as the game's geometry gave them
        self._bots = [_make_bot(game, bot, int(rng.integers(2**63))) for _ in range(self._players)]
        self._rollouts = rollouts

    def evaluate(self, state: CanastaFamilyState) -> np.ndarray:
        """Mean returns of the rollouts from ``state``."""
        total = np.zeros(self._players)
        for _ in range(self._rollouts):
            s = state.clone()
            while not s.is_terminal():
                p = s.current_player()
                s.apply_action(int(self._bots[p].act(s.view(p))))
            total += s.returns()
        return total / self._rollouts

    def prior(self, state: CanastaFamilyState) -> list[tuple[int, float]]:
        """Uniform over the legal actions."""
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class PIMCBot(pyspiel.Bot):
    """Perfect-information Monte Carlo over OpenSpiel's API: ``determinizations`` worlds drawn by
    ``resample_from_infostate`` (the house's ``sample_world``); in each, every legal action is played and the
    game rolled out by ``RolloutEvaluator``; the action with the best mean return for the seat is played
    (ties: the lowest id). OpenSpiel's own ``PIMCBot`` is C++ (not in pyspiel) and asks the C++
    ``ResampleFromInfostate``, which a Python game cannot provide, hence this one."""

    def __init__(self, game: pyspiel.Game, determinizations: int = 8, rollout_bot: str = "greedy",
                 seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        rng = np.random.default_rng(seed)
        self._evaluator = RolloutEvaluator(game, rollout_bot, 1, int(rng.integers(2**63)))
        self._worlds = np.random.default_rng(int(rng.integers(2**63)))
        self._n = determinizations

    def action_values(self, state: CanastaFamilyState) -> dict[int, float]:
        """Each legal action's mean return for the seat to act, over the determinizations."""
        player = state.current_player()
        legal = state.legal_actions()
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self._n):
            world = state.resample_from_infostate(player, self._worlds.random)
            for a in legal:
                child = world.clone()
                child.apply_action(a)
                totals[a] += float(self._evaluator.evaluate(child)[player])
        return {a: v / self._n for a, v in totals.items()}

    def step(self, state: CanastaFamilyState) -> int:
        """The action with the best mean return (the only one, without search)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(state)
        return max(legal, key=lambda a: (values[a], -a))

    def restart_at(self, state: CanastaFamilyState) -> None:
        """Nothing to forget: every decision samples its worlds afresh."""


def ismcts_bot(game: pyspiel.Game, simulations: int = 100, uct_c: float = 2.0, seed: int = 0,
               rollout_bot: str = "greedy", rollouts: int = 1) -> pyspiel.Bot:
    """OpenSpiel's ISMCTS on ``game``, seeded: its worlds from ``sample_world``, its leaves by rollouts."""
    from open_spiel.python.algorithms import ismcts

    rng = np.random.default_rng(seed)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=RolloutEvaluator(game, rollout_bot, rollouts, int(rng.integers(2**63))), uct_c=uct_c,
        max_simulations=simulations, random_state=np.random.RandomState(int(rng.integers(2**31))),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    worlds = np.random.default_rng(int(rng.integers(2**63)))
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.random))
    return bot
