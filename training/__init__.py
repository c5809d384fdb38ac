"""Training: one CleanRL-style script per method, and the helper modules they share, as one package.

Scripts (files with a ``__main__`` block) run from the repository root as files, ``python training/X.py``, or
as modules, ``python -m training.X``; every module imports the others from this package (``from
training.bc import ...``), so tools and IDEs follow the imports. A script run as a file has its own folder,
not the repository root, first on ``sys.path``: its first lines put the root there (only when it runs as a
file, ``__package__`` empty) before it imports ``training.*`` or the checkout's ``footcanasta_env``. No
script imports another script, and none reaches a game's engine, observation, envs or actions but through
``footcanasta_env.games.get_game`` (``--game``; ``tests/training/test_training.py`` checks both).
"""
