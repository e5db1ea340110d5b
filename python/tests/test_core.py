"""The native classes: games by name, errors with meeple's messages, distinct actions
and observations, copies and pickles, and random games where every legal integer is
accepted and every other refused with nothing changed."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import meeple
from conftest import TABLES, table


def test_every_game_is_offered_by_name():
    assert meeple.games() == [
        "tictactoe",
        "connect_four",
        "breakthrough",
        "memory",
        "hearts",
        "blackjack",
        "smash",
        "othello",
        "liars_dice",
        "leduc_poker",
        "backgammon",
    ]
    assert sorted(meeple.games()) == sorted(TABLES)


def test_a_bad_name_count_or_config_is_refused_with_meeples_message():
    with pytest.raises(ValueError) as error:
        meeple.Game("chess")
    assert str(error.value) == (
        "no game named `chess`; the games are: tictactoe, connect_four, breakthrough, "
        "memory, hearts, blackjack, smash, othello, liars_dice, leduc_poker, backgammon"
    )
    with pytest.raises(ValueError) as error:
        meeple.Game("hearts", players=3)
    assert str(error.value) == "hearts is played by 4 players, not 3"
    with pytest.raises(ValueError) as error:
        meeple.Game("hearts", config={"target_score": 0})
    assert "target_score" in str(error.value)
    with pytest.raises(ValueError) as error:
        meeple.Game("tictactoe", config={"size": "big"})
    assert str(error.value).startswith("invalid config: ")
    with pytest.raises(ValueError) as error:
        meeple.Game("tictactoe", config=[3])
    assert str(error.value).startswith("the config of tictactoe is a dict of its fields by name")


def test_connect_four_is_laid_out_as_its_spaces():
    game = meeple.Game("connect_four")
    assert game.num_players == 2
    assert game.num_distinct_actions == 43
    assert game.action_layout() == [("action", 0, 1, False), ("drop_disc.space", 1, 42, False)]
    assert game.observation_layout() == [
        ("board", (6, 7, 4), 0),
        ("supplies", (2, 3), 168),
        ("to_act", (2,), 174),
        ("decision", (43,), 176),
    ]
    assert game.observation_size == 219
    assert not game.has_chance
    state = game.new_initial_state(0)
    assert state.current_player() == 0
    assert state.legal_actions() == list(range(36, 43))
    assert list(np.flatnonzero(state.legal_mask())) == list(range(36, 43))
    state.apply_action(39)
    assert state.current_player() == 1
    assert state.legal_actions() == [32, 36, 37, 38, 40, 41, 42]
    assert state.action_to_string(32) == "drop_disc.space 31"
    observation = state.observation(1)
    assert observation.dtype == np.float32 and observation.shape == (219,)
    # Seat 1 sees seat 0's disc on space 38 as the other's: [empty, own, other, hidden].
    assert list(observation[38 * 4 : 39 * 4]) == [0, 0, 1, 0]


def test_a_hearts_pass_is_three_steps_of_the_same_seat():
    game = table("hearts")
    assert game.has_chance
    state = game.new_initial_state(3)
    assert state.current_player() == 0
    first = state.legal_actions()
    state.apply_action(first[0])
    assert state.current_player() == 0 and state.decision_depth == 2
    # Cards are chosen in ascending order: nothing at or below the first is offered again.
    assert all(integer > first[0] for integer in state.legal_actions())
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1


def test_an_illegal_integer_raises_and_changes_nothing():
    state = meeple.Game("tictactoe").new_initial_state(0)
    state.apply_action(5)
    before = (state.view(), state.history(), state.legal_actions())
    with pytest.raises(ValueError) as error:
        state.apply_action(5)
    assert str(error.value) == "distinct action 5 is not legal now; legal: [1, 2, 3, 4, 6, 7, 8, 9]"
    with pytest.raises(ValueError):
        state.apply_action(10**6)
    assert (state.view(), state.history(), state.legal_actions()) == before


def test_a_finished_game_refuses_every_integer():
    state = meeple.Game("tictactoe").new_initial_state(0)
    for integer in [1, 4, 2, 5, 3]:
        state.apply_action(integer)
    assert state.is_terminal() and state.current_player() is None
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    with pytest.raises(ValueError) as error:
        state.apply_action(6)
    assert str(error.value) == "the game is over"


def test_copies_and_pickles_go_on_identically_and_independently(name):
    game = table(name)
    state = game.new_initial_state(11)
    rng = random.Random(11)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    copies = [state.clone(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    for other in copies:
        assert other.view() == state.view()
        assert other.history() == state.history()
    # Each goes on alone: the same integers give the same games, the original untouched.
    moves = []
    for other in copies:
        rng = random.Random(5)
        played = []
        while not other.is_terminal() and len(played) < 50:
            integer = rng.choice(other.legal_actions())
            other.apply_action(integer)
            played.append((integer, other.view()))
        moves.append(played)
    assert all(played == moves[0] for played in moves)
    assert len(state.history()) <= 10
    pickled_game = pickle.loads(pickle.dumps(game))
    assert repr(pickled_game) == repr(game)
    assert pickled_game.config == game.config


def play_random(game, seed, check_illegal):
    """Plays a random game; at every step the mask agrees with the legal integers, and
    with ``check_illegal`` an integer that is not legal is refused, changing nothing."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    size = game.num_distinct_actions
    mask = np.zeros(size, dtype=bool)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"seed {seed}: something is legal"
        state.legal_mask(mask)
        assert list(np.flatnonzero(mask)) == legal
        if check_illegal:
            illegal = rng.randrange(size + 1)
            if illegal not in legal:
                history = state.history()
                with pytest.raises(ValueError):
                    state.apply_action(illegal)
                assert state.history() == history and state.legal_actions() == legal
        state.apply_action(rng.choice(legal))
        steps += 1
        assert steps < 100_000
    returns = state.returns()
    if game.num_players > 1:
        assert abs(sum(returns)) < 1e-9
    return state


@pytest.mark.parametrize("skip_forced", [True, False])
def test_a_thousand_random_games_accept_every_legal_integer_and_refuse_the_rest(name, skip_forced):
    game = table(name, skip_forced=skip_forced)
    for seed in range(1000):
        play_random(game, seed, check_illegal=True)


def test_a_game_replays_from_its_seed_and_integers(name):
    game = table(name)
    state = play_random(game, 42, check_illegal=False)
    again = game.new_initial_state(42)
    for integer in state.history():
        again.apply_action(integer)
    assert again.is_terminal()
    assert again.view() == state.view()
    assert again.returns() == state.returns()


def test_views_are_json_and_an_observation_has_its_layouts_size(name):
    game = table(name)
    state = game.new_initial_state(1)
    assert isinstance(json.loads(state.view()), dict)
    for seat in range(game.num_players):
        assert isinstance(json.loads(state.view(seat)), dict)
        out = np.full(game.observation_size, np.nan, dtype=np.float32)
        assert state.observation(seat, out) is out
        assert np.isfinite(out).all()
    with pytest.raises(IndexError):
        state.observation(game.num_players)
    with pytest.raises(ValueError):
        state.observation(0, np.zeros(3, dtype=np.float32))


def test_a_table_of_one_returns_the_sign_of_its_score():
    game = meeple.Game("blackjack", config={"rounds": 3}, players=1)
    signs = set()
    for seed in range(40):
        state = play_random(game, seed, check_illegal=False)
        (score,) = state.scores()
        assert state.returns() == [float((score > 0) - (score < 0))]
        signs.add(state.returns()[0])
    assert len(signs) >= 2, signs
