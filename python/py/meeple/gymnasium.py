"""meeple's games as Gymnasium environments (https://gymnasium.farama.org): one seat
learns, the others are played by meeple's own agents in Rust (``"random"``, ``"uct"``,
``"ismcts"``), each deciding from its own seat's view.

- ``env(game, seat=0, opponents="random", ...)``: a ``gymnasium.Env`` with
  ``action_masks()`` (sb3-contrib's ``MaskablePPO`` reads it) and the mask in ``info``.
- ``vector_env(game, n, ...)``: a ``gymnasium.vector.VectorEnv`` over ``meeple.VecEnv``,
  ``n`` tables stepped in Rust by one call, reset in the step that ends them
  (``AutoresetMode.SAME_STEP``: the last observation of an ended game is in
  ``info["final_obs"]``).

The reward is the seat's return when its game ends (in -1..1: 1 for a win alone, -1 for
the last alone), else 0. An action that is not legal ends the episode with reward -1 and
``info["illegal_action"] = True`` (as PettingZoo's ``TerminateIllegalWrapper``), so that
agents sampling without the mask learn to avoid them, and a further step raises until
``reset``; ``illegal="raise"`` raises ``ValueError`` instead, changing nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from meeple._core import Game, VecEnv

__all__ = ["MeepleEnv", "MeepleVectorEnv", "env", "vector_env"]


def _game(game, config, players, skip_forced) -> Game:
    if isinstance(game, str):
        return Game(game, config=config, players=players, skip_forced=skip_forced)
    return game


def env(
    game: Game | str,
    seat: int = 0,
    opponents: str = "random",
    iterations: int = 200,
    config: dict | None = None,
    players: int | None = None,
    skip_forced: bool = True,
    illegal: str = "terminate",
    render_mode: str | None = None,
) -> "MeepleEnv":
    """The one-seat environment of ``game`` (a ``meeple.Game`` or a name with its
    ``config`` and ``players``): ``seat`` learns, ``opponents`` play the others (the
    search agents with ``iterations`` playouts per decision)."""
    return MeepleEnv(
        _game(game, config, players, skip_forced),
        seat=seat,
        opponents=opponents,
        iterations=iterations,
        illegal=illegal,
        render_mode=render_mode,
    )


class MeepleEnv(gymnasium.Env):
    """One seat of a meeple game against meeple's agents, as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: str = "random",
        iterations: int = 200,
        illegal: str = "terminate",
        render_mode: str | None = None,
    ):
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat} is not at the table of {game.num_players} seats")
        if opponents not in ("random", "uct", "mcts", "ismcts"):
            raise ValueError(f"unknown agent `{opponents}`; expected `random`, `uct` or `ismcts`")
        if illegal not in ("terminate", "raise"):
            raise ValueError(f"illegal is `terminate` or `raise`, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.iterations = iterations
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            low=-np.inf, high=np.inf, shape=(game.observation_size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self.state = None
        self._ended = False

    def _advance(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            state.play_agent(self.opponents, self.iterations)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The legal integers of the learning seat as booleans (all false when it is not
        choosing: the game is over)."""
        if self.state.current_player() != self.seat:
            return np.zeros(self.game.num_distinct_actions, dtype=bool)
        return self.state.legal_mask()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._ended = False
        while True:
            self.state = self.game.new_initial_state(int(self.np_random.integers(0, 2**63 - 1)))
            self._advance()
            if not self.state.is_terminal():
                break
        return self.state.observation(self.seat), self._info()

    def step(self, action):
        action = int(action)
        if self.state.is_terminal() or self._ended:
            raise ValueError("the episode is over: reset the environment")
        if self.illegal == "terminate" and action not in self.state.legal_actions():
            self._ended = True
            info = self._info()
            info["illegal_action"] = True
            return self.state.observation(self.seat), -1.0, True, False, info
        self.state.apply_action(action)
        self._advance()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self.state.observation(self.seat), reward, terminated, False, self._info()

    def render(self) -> str | None:
        """The learning seat's view as JSON (``ansi``), or printed (``human``)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.state.view(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def vector_env(
    game: Game | str,
    n: int,
    seed: int = 0,
    seat: int = 0,
    opponents: str = "random",
    iterations: int = 200,
    threads: int = 1,
    config: dict | None = None,
    players: int | None = None,
    skip_forced: bool = True,
) -> "MeepleVectorEnv":
    """``n`` tables of ``game`` where ``seat`` learns, stepped together in Rust
    (``threads`` threads), table ``i`` first seeded ``seed + i``."""
    return MeepleVectorEnv(
        _game(game, config, players, skip_forced),
        n,
        seed=seed,
        seat=seat,
        opponents=opponents,
        iterations=iterations,
        threads=threads,
    )


class MeepleVectorEnv(VectorEnv):
    """``n`` tables of a meeple game, one seat learning, as a Gymnasium vector
    environment over ``meeple.VecEnv``. An action that is not legal raises ``ValueError``
    naming its table, before any table moves."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        game: Game,
        n: int,
        seed: int = 0,
        seat: int = 0,
        opponents: str = "random",
        iterations: int = 200,
        threads: int = 1,
    ):
        self.game = game
        self.num_envs = n
        self._tables = VecEnv(
            game, n, seed=seed, seat=seat, opponents=opponents, iterations=iterations, threads=threads
        )
        self.seat = seat
        self.single_observation_space = spaces.Box(
            low=-np.inf, high=np.inf, shape=(game.observation_size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(game.num_distinct_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, n)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, n)
        self._final = None

    def action_masks(self) -> np.ndarray:
        """The legal integers of every table's learning seat, ``[n, num_distinct_actions]``."""
        return self._masks.copy()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Starts every table again: table ``i`` from ``seed + i``, or without a seed from
        the next seeds not yet played (new games)."""
        observations, masks, _, _, _ = self._tables.reset(seed)
        self._masks = masks
        return observations.copy(), {"action_mask": masks.copy()}

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.int64)
        observations, masks, _, rewards, dones = self._tables.step(actions)
        self._masks = masks
        info: dict[str, Any] = {"action_mask": masks.copy()}
        if dones.any():
            info["final_obs"] = self._tables.final_observations.copy()
            info["_final_obs"] = dones.copy()
        return (
            observations.copy(),
            rewards[:, self.seat].astype(np.float64),
            dones.copy(),
            np.zeros(self.num_envs, dtype=bool),
            info,
        )
