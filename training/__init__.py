"""Training: one CleanRL-style script per method, and the helper modules they share.

Scripts (files with a ``__main__`` block) run as files from the repository root, ``python training/X.py``,
and import only the helper modules beside them (``batched``, ``league``, ``bc``, ``export``, ``common``) by
their flat names: a script's own folder is on ``sys.path``, and pytest adds it (``pyproject.toml``). No
script imports another script (``tests/test_training.py`` checks it).
"""
