"""meeple's games in OpenSpiel (https://openspiel.readthedocs.io): after
``meeple.openspiel.register("connect_four")``, ``pyspiel.load_game("meeple_connect_four")``
is a ``pyspiel.Game`` that OpenSpiel's C++ and Python algorithms play, through the
``pyspiel.Game``/``pyspiel.State`` subclasses OpenSpiel's own Python games use.

Parameters: ``players`` (the table's seats), ``config`` (the config as a JSON object,
``""`` for the default), ``skip_forced`` (default false: every step is asked, forced or
not, so lengths match OpenSpiel's own games) and ``seeds`` (how many seeds the chance
node at the root of a game with chance draws among).

Chance, honestly: meeple draws chance inside moves from a state's seeded generator, not
as choices of their own. So a game with chance starts at one explicit chance node that
draws the table's seed, one of ``seeds`` equally likely (parameter, default 4096); every
later draw (a deal, a shuffle, a card from the shoe) follows from that seed inside the
moves. The game is registered ``EXPLICIT_STOCHASTIC`` and is exactly the game of a seed
drawn among ``seeds``: an algorithm that enumerates chance (expectimax, exact values)
branches on seeds, not on cards, so its tree is ``seeds`` times a deterministic game's
and says nothing of the cards' own odds. CFR and exploitability need information states
too, which are not provided yet. Such algorithms are unfit for these games until meeple
exposes chance inside moves as nodes of their own, with information states.
(OpenSpiel's ``SAMPLED_STOCHASTIC`` mode would need the game's generator state, which its
trampoline for Python games does not forward, so serialization would fail.) Games without
chance are ``DETERMINISTIC``, with no chance node.

Returns are in -1..1 (1 for a win alone, -1 for the last alone) and sum to zero at a
table of two seats or more, so every game is registered ``ZERO_SUM`` with at least two
seats (a table of one is refused); observations are written from the seat's own view
(``observation_tensor``, ``observation_string``); information-state tensors are not
provided.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from meeple._core import Game

__all__ = ["register", "registered"]

#: How many random games ``register`` plays to bound a game's length, and the factor
#: over the longest it saw.
_LENGTH_PROBES = 32
_LENGTH_MARGIN = 4

#: How many seeds the chance node at the root of a game with chance draws among.
_SEEDS = 4096

_REGISTERED: dict[str, type] = {}


def registered() -> list[str]:
    """The short names registered so far in this process (``meeple_<name>``)."""
    return sorted(_REGISTERED)


def _core_game(name: str, params: dict) -> Game:
    config = params.get("config") or ""
    return Game(
        name,
        config=json.loads(config) if config else None,
        players=params.get("players"),
        skip_forced=bool(params.get("skip_forced", False)),
    )


def _perfect_information(game: Game) -> bool:
    """Whether every seat's view is the whole state, in a few random games."""
    rng = random.Random(0)
    for seed in range(4):
        state = game.new_initial_state(seed)
        for _ in range(200):
            whole = state.view()
            if any(state.view(seat) != whole for seat in range(game.num_players)):
                return False
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return True


def _longest(game: Game) -> int:
    """The longest of a few random games, in integers chosen."""
    rng = random.Random(1)
    longest = 0
    for seed in range(_LENGTH_PROBES):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        longest = max(longest, len(state.history()))
    return longest


def register(name: str, players: int | None = None, config: dict | None = None) -> str:
    """Registers the meeple game ``name`` with OpenSpiel as ``meeple_<name>`` and returns
    that short name. ``players`` and ``config`` set the registered defaults of its
    parameters; ``pyspiel.load_game("meeple_<name>", {...})`` may set others.

    Raises ``ValueError`` with meeple's message for an unknown game, config or count.
    Registering a name a second time returns it again unchanged.
    """
    short_name = f"meeple_{name}"
    if short_name in _REGISTERED:
        return short_name
    default = Game(name, config=config, players=players, skip_forced=False)
    low, high = default.players_range
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"meeple {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if default.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if _perfect_information(default)
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=max(low, 2),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default.num_players,
            "config": json.dumps(config) if config else "",
            "skip_forced": False,
            "seeds": _SEEDS,
        },
    )

    class MeepleGame(pyspiel.Game):
        __doc__ = f"The meeple game {name} in OpenSpiel."

        def __init__(self, params=None):
            params = dict(params or {})
            merged = {**game_type.parameter_specification, **params}
            self.core = _core_game(name, merged)
            if self.core.num_players < 2:
                raise ValueError(
                    f"meeple_{name} is registered zero-sum, which needs two seats or more, "
                    f"not {self.core.num_players}"
                )
            self.seeds = int(merged["seeds"])
            if self.seeds < 1:
                raise ValueError(f"seeds is at least 1, not {self.seeds}")
            info = pyspiel.GameInfo(
                num_distinct_actions=self.core.num_distinct_actions,
                max_chance_outcomes=self.seeds if self.core.has_chance else 0,
                num_players=self.core.num_players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=max(1, _longest(self.core) * _LENGTH_MARGIN)
                + int(self.core.has_chance),
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            if self.core.has_chance:
                return MeepleState(self, None)
            return MeepleState(self, self.core.new_initial_state(0))

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"meeple observations take no parameters, not {params}")
            if iig_obs_type is not None and (
                iig_obs_type.perfect_recall
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise ValueError(
                    "meeple provides the observation of one seat's view alone, "
                    f"not {iig_obs_type}"
                )
            return MeepleObserver(self.core)

    MeepleGame.__name__ = MeepleGame.__qualname__ = f"Meeple_{name}_Game"
    pyspiel.register_game(game_type, MeepleGame)
    _REGISTERED[short_name] = MeepleGame
    return short_name


class MeepleState(pyspiel.State):
    """A meeple ``State`` as a ``pyspiel.State``; ``core`` is the meeple state, ``None``
    at the chance node that draws a game's seed."""

    def __init__(self, game, core):
        super().__init__(game)
        self.core = core
        self._seeds = game.seeds

    def current_player(self):
        if self.core is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.core.current_player()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def chance_outcomes(self):
        if self.core is not None:
            return []
        probability = 1.0 / self._seeds
        return [(seed, probability) for seed in range(self._seeds)]

    def _legal_actions(self, player):
        if self.core is None or player != self.core.current_player():
            return []
        return self.core.legal_actions()

    def _apply_action(self, action):
        if self.core is None:
            if not 0 <= action < self._seeds:
                raise ValueError(f"the seed is below {self._seeds}, not {action}")
            self.core = self.get_game().core.new_initial_state(action)
        else:
            self.core.apply_action(action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.core.action_to_string(action)

    def is_terminal(self):
        return self.core is not None and self.core.is_terminal()

    def returns(self):
        if self.core is None:
            return [0.0] * self.get_game().num_players()
        return self.core.returns()

    def __str__(self):
        return "(the seed is being drawn)" if self.core is None else self.core.view()


class MeepleObserver:
    """One seat's observation, after OpenSpiel's PyObserver: a flat ``tensor`` and a
    ``dict`` of named, shaped views onto it (the pieces of ``Game.observation_layout()``)."""

    def __init__(self, core: Game):
        self.tensor = np.zeros(core.observation_size, np.float32)
        self.dict = {}
        for piece, shape, offset in core.observation_layout():
            size = int(np.prod(shape))
            self.dict[piece] = self.tensor[offset : offset + size].reshape(shape)

    def set_from(self, state, player):
        if state.core is None:
            self.tensor.fill(0)
        else:
            state.core.observation(player, self.tensor)

    def string_from(self, state, player):
        return "(the seed is being drawn)" if state.core is None else state.core.view(player)
