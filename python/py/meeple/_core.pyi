"""Stubs of the native module ``meeple._core`` (built from ``python/src``)."""

from typing import Optional

import numpy as np
import numpy.typing as npt

def games() -> list[str]:
    """The names of the games this module plays, in the order they were added."""

class Game:
    """A game by name, at a table of a config and a count of seats.

    Raises ``ValueError`` with meeple's message for an unknown name, a config the game
    refuses or a count of seats it is not played by.
    """

    def __init__(
        self,
        name: str,
        config: Optional[dict] = None,
        players: Optional[int] = None,
        skip_forced: bool = True,
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def about(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def players_range(self) -> tuple[int, int]: ...
    @property
    def skip_forced(self) -> bool: ...
    @property
    def config(self) -> dict: ...
    @property
    def num_distinct_actions(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def has_chance(self) -> bool: ...
    def action_layout(self) -> list[tuple[str, int, int, bool]]:
        """``(name, first, size, done)`` per block of distinct actions."""
    def observation_layout(self) -> list[tuple[str, tuple[int, ...], int]]:
        """``(name, shape, first)`` per piece of an observation."""
    def new_initial_state(self, seed: int = 0) -> State: ...

class State:
    """A table played one integer at a time by the seat choosing now."""

    @property
    def game(self) -> Game: ...
    @property
    def seed(self) -> int: ...
    @property
    def decision_depth(self) -> int: ...
    @property
    def chance_draws(self) -> int: ...
    def current_player(self) -> Optional[int]: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def legal_mask(self, out: Optional[npt.NDArray[np.bool_]] = None) -> npt.NDArray[np.bool_]: ...
    def apply_action(self, action: int) -> None:
        """Raises ``ValueError`` for an integer that is not legal; nothing changes."""
    def returns(self) -> list[float]: ...
    def scores(self) -> Optional[list[int]]: ...
    def observation(
        self, seat: int, out: Optional[npt.NDArray[np.float32]] = None
    ) -> npt.NDArray[np.float32]: ...
    def history(self) -> list[int]: ...
    def view(self, seat: Optional[int] = None) -> str: ...
    def prompt(self) -> str: ...
    def action_to_string(self, action: int) -> str: ...
    def play_agent(self, agent: str = "random", iterations: int = 200) -> None:
        """Plays the seat choosing now by meeple's ``random``, ``uct`` or ``ismcts`` agent."""
    def reset(self, seed: int) -> None: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: dict) -> State: ...

_Arrays = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]

class VecEnv:
    """``n`` tables of one game stepped by one call, Python's lock released.

    Every call returns the same arrays ``(observations, masks, players, rewards, dones)``,
    overwritten by the next call.
    """

    def __init__(
        self,
        game: Game | str,
        n: int,
        seed: int = 0,
        threads: int = 1,
        config: Optional[dict] = None,
        players: Optional[int] = None,
        skip_forced: bool = True,
        seat: Optional[int] = None,
        opponents: str = "random",
        iterations: int = 200,
    ) -> None: ...
    @property
    def game(self) -> Game: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def final_observations(self) -> npt.NDArray[np.float32]: ...
    def reset(self) -> _Arrays: ...
    def step(self, actions: npt.NDArray[np.int64]) -> _Arrays:
        """Raises ``ValueError`` naming the first table whose integer is not legal, before
        any table moves."""

def _restore_state(game: Game, seed: int, history: list[int]) -> State: ...
def _simulate(
    name: str,
    games: int,
    seed: int = 0,
    agents: Optional[str] = None,
    iterations: int = 200,
    config: Optional[str] = None,
    players: Optional[int] = None,
) -> dict: ...
