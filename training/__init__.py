"""Training: one CleanRL-style script per method, and the helper modules they share.

Scripts (files with a ``__main__`` block) run as files from the repository root, ``python training/X.py``,
and import only the helper modules beside them (``batched``, ``opponent_league``, ``bc``, ``policy_export``,
``train_common``, ...) by their flat names: a script's own folder is on ``sys.path``, and pytest adds it
(``pyproject.toml``), so a helper's name must not be one an installed package could take. No script
imports another script, and none reaches a game's engine, observation, envs or actions but through
``footcanasta_env.games.get_game`` (``--game``; ``tests/training/test_training.py`` checks both).
"""
