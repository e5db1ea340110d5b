"""The OpenSpiel adapter: every game registered and loaded by name passes OpenSpiel's
own random simulation test with serialization; legal actions are sorted, clones are
independent, chance is stated honestly."""

import pickle

import numpy as np
import pyspiel
import pytest

import meeple.openspiel
from conftest import TABLES


def load(name):
    config, players = TABLES[name]
    short_name = meeple.openspiel.register(name)
    params = {"players": players}
    if config:
        import json

        params["config"] = json.dumps(config)
    return pyspiel.load_game(short_name, params)


def test_every_game_passes_openspiels_random_simulation_test(name):
    game = load(name)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_chance_and_information_are_stated():
    assert load("connect_four").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert load("connect_four").get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    hearts = load("hearts").get_type()
    assert hearts.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert hearts.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_connect_four_in_openspiel():
    game = load("connect_four")
    assert game.num_distinct_actions() == 43
    assert game.num_players() == 2
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(36, 43))
    clone = state.clone()
    state.apply_action(39)
    assert clone.legal_actions() == list(range(36, 43))
    assert state.legal_actions() == [32, 36, 37, 38, 40, 41, 42]
    tensor = np.array(state.observation_tensor(1))
    assert tensor.shape == (219,)
    assert list(tensor[38 * 4 : 39 * 4]) == [0, 0, 1, 0]
    restored = pickle.loads(pickle.dumps(state))
    assert restored.legal_actions() == state.legal_actions()


def test_openspiels_bots_play_a_meeple_game_in_cpp():
    game = load("tictactoe")
    bots = [pyspiel.make_uniform_random_bot(seat, 7) for seat in range(2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_table_of_one_is_refused_as_zero_sum():
    short_name = meeple.openspiel.register("blackjack")
    with pytest.raises(Exception) as error:
        pyspiel.load_game(short_name, {"players": 1})
    assert "zero-sum, which needs two seats or more, not 1" in str(error.value)
