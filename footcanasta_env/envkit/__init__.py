"""What the environments of every game of the house share: the AEC env, the one-seat gymnasium env and
the team reward, each written once and given a game's pieces by a subclass.

``aec`` is ``GameAECEnv`` (PettingZoo) and ``OrderedAECEnv`` (its wrapper, an illegal action ending the
game), ``one_seat`` is ``GameGymEnv`` (one learner seat or partnership, the others played inside
``step``), ``reward`` is ``team_reward``; ``registration`` registers every game's
one-seat env with gymnasium once gymnasium loads (importing neither). Foot Canasta's envs
(``footcanasta_env.footcanasta.envs``) and Canasta's
(``footcanasta_env.canasta.envs``) are subclasses that name their game's encoder, sizes, errors and
episode.
"""

from .reward import team_reward

__all__ = ["team_reward"]
