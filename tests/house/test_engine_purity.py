"""The engine is pure Python with numpy: importing and playing it loads no RL framework."""

import subprocess
import sys

CODE = """
import sys
import footcanasta_env
from footcanasta_env import new_game
g = new_game(3)
while not g.is_over:
    g.step(g.legal_actions()[-1])
g.view(0)
# (the envs' face is loaded, for its gymnasium registration, but none of the envs)
bad = sorted(m for m in ("gymnasium", "pettingzoo", "torch", "stable_baselines3", "ray", "starlette", "uvicorn",
                          "footcanasta_env.web", "footcanasta_env.footcanasta.envs.aec",
                          "footcanasta_env.footcanasta.envs.one_seat",
                          "footcanasta_env.footcanasta.envs._episode", "pyspiel", "open_spiel",
                          "footcanasta_env.openspiel") if m in sys.modules)
print(",".join(bad) or "clean")
"""


def test_engine_imports_no_rl_framework():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "clean"
