"""meeple's games as PettingZoo AEC environments (https://pettingzoo.farama.org/api/aec/).

``env(game, ...)`` is an ``AECEnv`` subclass with no wrapper around it: PettingZoo's
classic wrappers cost most of a step's time, and an illegal action already raises a
``ValueError`` that changes nothing. The observation is the dict classic games give,
``{"observation": float32 array, "action_mask": int8 array}``, and the mask is also in
``infos[agent]["action_mask"]``. One agent may act several steps in a row: one per
selection of its action (Hearts' pass of three cards is three steps).

Rewards come once, when the game ends: each seat's return, in -1..1 (1 for a win alone,
-1 for the last alone, summing to 0). An environment pickles and deep-copies mid-game into
one that continues identically and independently.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from meeple._core import Game

__all__ = ["MeepleEnv", "env"]


def env(
    game: Game | str,
    config: dict | None = None,
    players: int | None = None,
    skip_forced: bool = True,
    render_mode: str | None = None,
) -> "MeepleEnv":
    """The AEC environment of ``game``: a ``meeple.Game``, or a name with its ``config``
    (a dict) and ``players`` (the game's usual count when absent).

    Raises ``ValueError`` with meeple's message for an unknown name, a config or count
    the game refuses.
    """
    if isinstance(game, str):
        game = Game(game, config=config, players=players, skip_forced=skip_forced)
    return MeepleEnv(game, render_mode=render_mode)


class MeepleEnv(AECEnv):
    """A meeple game as a PettingZoo AEC environment; agents are ``player_0``, ``player_1``..."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"meeple_{game.name}")
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = game.num_distinct_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-np.inf, high=np.inf, shape=(game.observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        # The mask of a seat that is not choosing: all zeros, shared and read-only.
        self._nothing = np.zeros(size, dtype=np.int8)
        self._nothing.flags.writeable = False
        self.state = None
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Starts a new game: chance seeded by ``seed``, else by the environment's own
        generator (itself seeded by the last ``seed`` given)."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {"action_mask": self._nothing} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._select()
        if self.state.is_terminal():
            # A game over at its deal (a Blackjack the dealer's peek settles): every agent
            # is told the end, with its reward, and steps out with None.
            for seat, value in enumerate(self.state.returns()):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = {agent: True for agent in self.agents}
            self._accumulate_rewards()

    def _select(self) -> None:
        """Points ``agent_selection`` at the seat choosing now and refreshes the masks:
        a new array for the seat choosing (a bool array read as int8, no copy), the
        shared zeros for the others."""
        seat = self.state.current_player()
        infos = self.infos
        if seat is None:
            for agent in self.agents:
                infos[agent]["action_mask"] = self._nothing
            return
        previous = self.agent_selection
        selected = self.possible_agents[seat]
        if previous != selected and previous in infos:
            infos[previous]["action_mask"] = self._nothing
        self.agent_selection = selected
        infos[selected]["action_mask"] = self.state.legal_mask().view(np.int8)

    def observe(self, agent: str) -> dict[str, Any]:
        info = self.infos.get(agent)
        mask = info.get("action_mask", self._nothing) if info is not None else self._nothing
        return {"observation": self.state.observation(self._seats[agent]), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is choosing: the action is an integer, not None")
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        state.apply_action(int(action))
        # Rewards come only at the end: until then they stay 0 and add nothing.
        if state.is_terminal():
            for seat, value in enumerate(state.returns()):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = {agent: True for agent in self.agents}
            self._select()
            self._accumulate_rewards()
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole state as JSON (``ansi``), or printed (``human``)."""
        if self.render_mode is None:
            return None
        text = self.state.view()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
