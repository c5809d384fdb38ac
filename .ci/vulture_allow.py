"""Names vulture takes for dead code but something outside the scanned code reads.

The dead-code check of ``.ci/run``: ``python -m vulture footcanasta_env training .ci/vulture_allow.py
--min-confidence 60``.

Every entry says who reads it. Add a name here only when a framework, a protocol or a string reads it;
code that nothing reads is deleted, not listed. Vulture matches by name, so each entry keeps every
attribute of that name alive: keep the list short.
"""

# ruff: noqa: B018
# Each line is an attribute access: vulture counts its name as used, whatever kind of name it is.
_ = object()

# PEP 562 module __getattr__: the lazy faces (footcanasta_env, bots, envs); Python calls it.
_.__getattr__  # unused function

# numpy: ndarray.flags.writeable is set to make the shared deck read-only (engine/rounds.py).
_.writeable  # unused attribute

# PettingZoo: OrderEnforcingWrapper reads _has_updated (envs/aec.py sets it, as the wrapper's own step does).
_._has_updated  # unused attribute

# Tests read it: the AEC env's public flag that a game ended on an illegal action (tests/footcanasta/test_env_aec.py).
_.illegal_ended  # unused property

# uvicorn: the app factory of each worker process of `footcanasta serve --workers N`, named by the string
# APP_FACTORY (web/server.py).
_.app_from_env  # unused function

# tyro: a primitive rule registered by decorator (training/train_common.py).
_._bool_rule  # unused function

# stable-baselines3: BaseCallback hooks; VecEnv.env_method("add_snapshot", ...) calls by name
# (training/maskable_ppo.py).
_._on_training_start  # unused method
_._on_training_end  # unused method
_._on_step  # unused method
_._on_rollout_end  # unused method
_.add_snapshot  # unused method

# Ray RLlib: the RLModule hooks and the policy-mapping signature (training/rllib_env.py).
_.setup  # unused method
_._forward  # unused method
_.compute_values  # unused method
_.get_non_inference_attributes  # unused method
_.episode  # unused variable (policy_mapping_fn(agent_id, episode, **kwargs))
_.embeddings  # unused variable (compute_values(batch, embeddings=None))

# Public accessor of the View, the object every bot reads (a bot written outside the package may use it).
_.incomplete  # unused method

# The game interface (footcanasta_env/games.py): a game's face is read by attribute name through get_game, and
# register_game/unregister_game are the public door for another game (tests/conftest.py registers the toy game).
_.TABLE  # footcanasta/__init__.py's lazy table: ("..tabletext", "TABLE")
_.register_game  # unused function
_.unregister_game  # unused function

# Classic Canasta's View (canasta/engine/view.py) is all a bot may see: the melded black threes are public facts
# its observation encoder and bots read (issue 26: they come next).
_.black_threes  # unused variable

# The seat and side names as catalog entries (footcanasta/events.py): read by Babel's extraction, not at run time
# (seats.SEAT_NAMES, the English names, are what the code translates).
_.SEAT_IDS  # unused variable
_.SIX_SEAT_IDS  # unused variable (canasta/text/names.py: the six-seat table's own seat names, likewise)

# training/trainer_state.py: slim_checkpoint makes the small trainer checkpoint committed to checkpoints/canasta/
# (called by hand, as checkpoints/canasta/README.md shows; tests/training/test_training_canasta.py resumes from one).
_.slim_checkpoint  # unused function

# OpenSpiel: pyspiel's Python-game trampolines (python_games.cc, bots.cc) and its observation module call these by
# name on footcanasta_env.openspiel's games, states, observers and bots.
_._legal_actions  # unused method
_._apply_action  # unused method
_._action_to_string  # unused method
_.chance_outcomes  # unused method
_.make_py_observer  # unused method
_.max_chance_nodes_in_history  # unused method
_.set_from  # unused method
_.string_from  # unused method
_.restart_at  # unused method

# Tests and OpenSpiel users read it: the engine game behind an OpenSpiel state (footcanasta_env/openspiel/state.py).
_.engine_game  # unused property

# The envs of any registered game from the game interface (envkit/generic.py): for users and the tests
# (tests/layers/test_tables.py, tests/training/test_toy_training.py).
_.game_env  # unused function
_.game_gym_env  # unused function

# family/geometry.py: Geometry.next_seat, the turn order a game's engine reads from its table (the tests' toy
# games, tests/helpers/toy_game.py, and the conformance suite do; the two engines keep their own fast tables).
_.next_seat  # unused method
