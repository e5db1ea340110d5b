"""Shared settings of the Python tests: every game of ``meeple.games()`` at a table that
ends in a reasonable number of steps."""

import pytest

import meeple

#: Per game, the config and seats the tests play (Hearts to 20 points, not 100).
TABLES = {
    "tictactoe": (None, 2),
    "connect_four": (None, 2),
    "breakthrough": (None, 2),
    "memory": (None, 2),
    "hearts": ({"target_score": 20}, 4),
    "blackjack": (None, 3),
    "smash": (None, 2),
    "othello": (None, 2),
    "liars_dice": (None, 2),
    "leduc_poker": (None, 2),
    "backgammon": ({"max_turns": 60}, 2),
}


def table(name, skip_forced=True):
    """The game ``name`` at its test table."""
    config, players = TABLES[name]
    return meeple.Game(name, config=config, players=players, skip_forced=skip_forced)


@pytest.fixture(params=sorted(TABLES))
def name(request):
    """Each game's name in turn."""
    return request.param
