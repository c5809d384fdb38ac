"""A game's AEC env (Foot Canasta by default) and a masked MLP as RLlib (new API stack) pieces: the env adapter,
the RLModule, the policy mappings and the checkpoint's plain-tensor copy of the modules.

Ray lives here and in ``rllib_ppo.py`` only: nothing in ``footcanasta_env`` imports it, and the exporter
(``rllib_export.py``) reads the tensor file this module writes without importing Ray.

* ``FootCanastaMultiAgentEnv``: a ``MultiAgentEnv`` over the game's ``env(...)`` that behaves as RLlib's
  own ``PettingZooEnv`` (one agent observes per step, with the reward it collected since its last
  observation; at the end of the game every seat gets its final observation), with the observation dict
  keyed as RLlib's masking pattern expects: ``{"observations": float32[width], "action_mask": int8[NUM_ACTIONS]}``
  (``width``: the observation of the table of its ``rules``, ``OBS_SIZE`` at the default table).
* ``MaskedMLPModule``: a ``TorchRLModule`` with separate actor and critic MLPs (``train_common.mlp``) whose
  logits are masked by the observation's ``action_mask`` (RLlib has no built-in masking; its documented
  pattern is a masking RLModule, as in its ``action_masking`` example). The actor is exactly the MLP of
  the project policy file, so exporting it is a copy of its Linear layers.
* ``mappings(game, rules)``: ``shared`` (one module for every seat: self-play, the observation is seat-relative) and
  ``partnership`` (one module per side of the game's table, ``team_<side>``: at four seats ``team_0`` for
  player_0/player_2, ``team_1`` for player_1/player_3), each as (mapping function, module ids).

The env and the module are built inside Ray's workers from plain configs, so they name the game
(``"game"``, a name ``footcanasta_env.games.get_game`` knows; ``"footcanasta"`` when absent) and its table
(``"rules"``, the rules' ``to_dict``, e.g. ``{"players": 2}`` for Canasta for two; absent: the game's default).
"""

from __future__ import annotations

import os
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis import InferenceOnlyAPI, ValueFunctionAPI
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from footcanasta_env.games import TRAINING, get_game
from footcanasta_env.policyfile import observation_size
from training.train_common import layer_sizes, masked_logits, mlp

MODULES_FILE = "footcanasta_modules.pt"  # inside a checkpoint folder; rllib_export.py reads it by this name
MODULES_FORMAT = "footcanasta-rllib-modules"


class SideMapping:
    """Agent ``player_<seat>`` -> ``team_<side>``, the module of its side at a table (a ``Geometry``);
    picklable, as Ray's workers need."""

    def __init__(self, geometry: Any) -> None:
        self.sides = tuple(geometry.side_of(s) for s in range(geometry.seats))
        self.modules = tuple(f"team_{side}" for side in range(geometry.num_sides))

    def __call__(self, agent_id: str, episode: Any = None, **kwargs: Any) -> str:
        return self.modules[self.sides[int(agent_id.rsplit("_", 1)[1])]]


def shared_mapping(agent_id: str, episode: Any = None, **kwargs: Any) -> str:
    """One module for every seat."""
    return "shared"


def table_of(game: Any, rules: dict | None) -> Any:
    """The rules of ``game`` (a game module) at the table of a config's ``rules`` (a dict of its fields;
    ``None``: the game's default)."""
    return game.Rules() if rules is None else game.Rules.from_dict(rules)


def mappings(game: str | None = None, rules: dict | None = None) -> dict[str, tuple[Any, tuple[str, ...]]]:
    """Each mapping's function and module ids for the game named ``game`` at the table of ``rules`` (a dict of
    its rules' fields; ``None``: the default table): one module per side of that table."""
    the_game = get_game(game)
    sides = SideMapping(the_game.geometry(table_of(the_game, rules)))
    return {"shared": (shared_mapping, ("shared",)), "partnership": (sides, sides.modules)}


class FootCanastaMultiAgentEnv(MultiAgentEnv):
    """The game's ``env(**config)`` as an RLlib ``MultiAgentEnv`` (turn-based: one agent per step).

    ``config``: ``game`` (its name; default ``footcanasta``) and any keyword of the game's ``env``
    (``rounds``, ``reward_mode``, ``reward_scale``, ``max_actions``, ``rules``); RLlib's ``EnvContext``
    extras are ignored.
    """

    def __init__(self, config: dict | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        keys = ("rules", "rounds", "reward_mode", "reward_scale", "max_actions")
        kwargs = {k: v for k, v in config.items() if k in keys and v is not None}
        self.aec = get_game(config.get("game"), need=TRAINING).env(**kwargs)
        self.possible_agents = list(self.aec.possible_agents)
        self.agents = list(self.possible_agents)
        inner = self.aec.observation_space(self.possible_agents[0])
        space = gym.spaces.Dict({"observations": inner["observation"], "action_mask": inner["action_mask"]})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: self.aec.action_space(a) for a in self.possible_agents}
        self.observation_space = gym.spaces.Dict(self.observation_spaces)
        self.action_space = gym.spaces.Dict(self.action_spaces)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Deal; only the first agent to act observes."""
        self.aec.reset(seed=seed, options=options)
        agent = self.aec.agent_selection
        return {agent: self._obs(agent)}, {}

    def _obs(self, agent: str) -> dict[str, np.ndarray]:
        o = self.aec.observe(agent)
        return {"observations": o["observation"], "action_mask": o["action_mask"]}

    def step(self, action_dict: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Play the acting agent's action; the next agent to act observes (every seat once the game ends)."""
        aec = self.aec
        aec.step(int(action_dict[aec.agent_selection]))
        obs, rew, term, trunc, info = {}, {}, {}, {}, {}
        while aec.agents:
            agent = aec.agent_selection
            _, r, te, tr, inf = aec.last(observe=False)
            obs[agent] = self._obs(agent)
            rew[agent] = float(r)
            term[agent], trunc[agent], info[agent] = bool(te), bool(tr), dict(inf)
            if te or tr:
                aec.step(None)  # remove the finished agent; the next one comes up
            else:
                break
        done = not aec.agents  # ``self.agents`` keeps every seat until the next reset (as PettingZooEnv)
        term["__all__"] = done and all(term.values())
        trunc["__all__"] = done and not term["__all__"]
        return obs, rew, term, trunc, info


class MaskedMLPModule(TorchRLModule, ValueFunctionAPI, InferenceOnlyAPI):
    """Actor and critic MLPs on ``observations``; illegal actions' logits set to -1e8 (``train_common.masked_logits``).

    ``model_config``: ``game`` (its name; default ``footcanasta``), ``rules`` (the table's, a dict of its fields:
    the observation's width; default the game's table), ``hidden`` (e.g. ``"256,256"``),
    ``critic_hidden`` (default: ``hidden``) and ``activation`` (``"relu"`` or ``"tanh"``). Env runners build it
    ``inference_only`` (no critic).
    """

    def setup(self) -> None:
        cfg = self.model_config
        game = get_game(cfg.get("game"), need=TRAINING)
        self.hidden = str(cfg.get("hidden", "256,256"))
        self.activation = str(cfg.get("activation", "relu"))
        width = observation_size(game, table_of(game, cfg.get("rules")))
        self.actor = mlp(layer_sizes(game, self.hidden, width), self.activation, out_gain=0.01)
        if not self.inference_only:
            critic = [width] + layer_sizes(game, str(cfg.get("critic_hidden") or self.hidden))[1:-1] + [1]
            self.critic = mlp(critic, self.activation, out_gain=1.0)

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        obs = batch[Columns.OBS]
        logits = self.actor(obs["observations"])
        return {Columns.ACTION_DIST_INPUTS: masked_logits(logits, obs["action_mask"] > 0)}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        """Value of each observation (the critic ignores the mask)."""
        return self.critic(batch[Columns.OBS]["observations"]).squeeze(-1)

    def get_non_inference_attributes(self) -> list[str]:
        """What env runners do without: the critic."""
        return ["critic"]


def actor_state(weights: dict[str, Any]) -> dict[str, torch.Tensor]:
    """The ``actor.*`` entries of a module's weights (numpy or torch), as CPU tensors keyed like ``mlp``'s."""
    return {k[len("actor."):]: torch.as_tensor(np.asarray(v)).clone() for k, v in weights.items()
            if k.startswith("actor.")}


def write_modules_file(game: Any, checkpoint_dir: str, weights: dict[str, dict[str, Any]], meta: dict[str, Any]) -> str:
    """Write each module's actor (of ``game``'s observation at the table of ``meta["rules"]``, a dict of its
    rules' fields, and its actions) as plain tensors into ``checkpoint_dir/MODULES_FILE``; its path.

    ``torch.load(path, weights_only=True)`` reads it back (tensors, strings, numbers, lists and dicts
    only), so the export needs neither Ray nor unpickling RLlib's own checkpoint files.
    """
    os.makedirs(checkpoint_dir, exist_ok=True)
    path = os.path.join(checkpoint_dir, MODULES_FILE)
    torch.save({"format": MODULES_FORMAT, "game": game.NAME, "num_actions": game.NUM_ACTIONS,
                "obs_size": observation_size(game, table_of(game, meta.get("rules"))), "meta": meta,
                "modules": {mid: actor_state(w) for mid, w in weights.items()}}, path)
    return path
