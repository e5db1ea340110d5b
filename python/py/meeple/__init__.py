"""meeple's board and card games as environments for learning agents.

Every game of ``meeple-games`` is played one distinct action at a time: an integer per
selection of an action, from a layout fixed per game, config and seats
(``Game.action_layout()``), so Hearts' pass is three card steps rather than one of 22,100
sets. Tree-shaking guarantees that every legal integer leads to a complete action.
Observations are written from the seat's own view, so they hold nothing that seat may not
see.

- ``meeple.Game(name, config=None, players=None, skip_forced=True)``: a game at a table;
  ``game.new_initial_state(seed)`` starts a ``State`` (OpenSpiel's state API).
- ``meeple.VecEnv(game, n, seed)``: ``n`` tables stepped by one call in Rust.
- ``meeple.pettingzoo.env(...)``: a PettingZoo AEC environment.
- ``meeple.gymnasium.env(...)``, ``meeple.gymnasium.vector_env(...)``: one seat learning
  against meeple's agents.
- ``meeple.openspiel.register(...)``: the game for ``pyspiel.load_game``.
- ``meeple.simulate(game, games, seed, agents)``: whole games by meeple's agents on
  every core, with statistics that merge exactly (``meeple.ray.simulate`` on Ray).
- ``meeple.games()``: the names of the games.
"""

from meeple._core import Game, State, VecEnv, games
from meeple.simulation import Statistics, Tally, simulate

__all__ = ["Game", "State", "Statistics", "Tally", "VecEnv", "games", "simulate"]
