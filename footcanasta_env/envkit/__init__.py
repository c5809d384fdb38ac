"""What the environments of every game of the house share: the AEC env, the one-seat gymnasium env and
the side reward, each written once and given a game's pieces by a subclass.

``aec`` is ``GameAECEnv`` (PettingZoo) and ``OrderedAECEnv`` (its wrapper, an illegal action ending the
game), ``one_seat`` is ``GameGymEnv`` (one learner seat or side, the others played inside ``step``),
``reward`` is ``team_reward`` and ``side_rewards`` (zero-sum across the sides of the game's geometry);
``registration`` registers every game's one-seat env with gymnasium once gymnasium loads (importing
neither). Foot Canasta's envs (``footcanasta_env.footcanasta.envs``) and Canasta's
(``footcanasta_env.canasta.envs``) are subclasses that name their game's encoder, sizes, errors and
episode; ``generic`` builds both envs for any registered game from the game interface alone (``game_env``,
``game_gym_env``). Every env reads its agents, seats and sides from the game's ``geometry``.
"""

from .reward import side_rewards, team_reward

__all__ = ["side_rewards", "team_reward"]
