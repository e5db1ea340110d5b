"""The batched API: n tables stepped by one call, arrays reused, auto-reset from seeds
handed out in table order, the same seeds and actions giving the same arrays on one
thread or several."""

import numpy as np
import pytest

import meeple
from conftest import table


def run(env, steps, seed):
    """Plays `steps` steps of random legal integers; returns a copy of every array."""
    rng = np.random.default_rng(seed)
    observations, masks, players, rewards, dones = env.reset()
    seen = [(observations.copy(), masks.copy(), players.copy())]
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks], dtype=np.int64)
        observations, masks, players, rewards, dones = env.step(actions)
        seen.append((observations.copy(), masks.copy(), players.copy(), rewards.copy(), dones.copy()))
    return seen


def same(a, b):
    return all(
        all(np.array_equal(x, y) for x, y in zip(first, second)) for first, second in zip(a, b)
    )


def test_the_arrays_have_their_shapes_and_are_reused():
    env = meeple.VecEnv("connect_four", 16, seed=3)
    assert env.num_envs == 16
    observations, masks, players, rewards, dones = env.reset()
    assert observations.shape == (16, 219) and observations.dtype == np.float32
    assert masks.shape == (16, 43) and masks.dtype == np.bool_
    assert players.tolist() == [0] * 16
    assert rewards.shape == (16, 2) and dones.shape == (16,)
    again = env.step(np.full(16, 39, dtype=np.int64))
    assert again[0] is observations and again[1] is masks
    assert players.tolist() == [1] * 16


def test_the_same_seeds_and_actions_give_the_same_arrays_on_any_threads(name):
    game = table(name)
    one = run(meeple.VecEnv(game, 8, seed=11), 60, seed=1)
    two = run(meeple.VecEnv(game, 8, seed=11, threads=2), 60, seed=1)
    assert same(one, two)


def test_ended_tables_start_anew_from_the_next_seeds_in_table_order():
    env = meeple.VecEnv("tictactoe", 4, seed=100)
    rng = np.random.default_rng(0)
    observations, masks, players, rewards, dones = env.reset()
    ended = 0
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks], dtype=np.int64)
        observations, masks, players, rewards, dones = env.step(actions)
        assert np.allclose(rewards.sum(axis=1), 0)
        assert not rewards[~dones].any()
        ended += int(dones.sum())
    assert ended >= 4
    # Every table is playable: each has a legal integer and a seat choosing.
    assert masks.any(axis=1).all() and (players >= 0).all()


def test_an_illegal_integer_is_refused_before_any_table_moves():
    env = meeple.VecEnv("tictactoe", 3, seed=0)
    observations, masks, players, rewards, dones = env.reset()
    before = observations.copy()
    with pytest.raises(ValueError) as error:
        env.step(np.array([1, 0, 1], dtype=np.int64))
    assert str(error.value) == (
        "table 1: distinct action 0 is not legal now; legal: [1, 2, 3, 4, 5, 6, 7, 8, 9]"
    )
    assert np.array_equal(observations, before)
    with pytest.raises(ValueError) as error:
        env.step(np.array([1, 2], dtype=np.int64))
    assert str(error.value) == "2 actions for 3 tables"
    with pytest.raises(ValueError):
        meeple.VecEnv("tictactoe", 0)


def test_games_that_end_before_anyone_chooses_are_dealt_again():
    # One round of Blackjack ends at its deal whenever the dealer's peek finds a blackjack.
    game = meeple.Game("blackjack", config={"rounds": 1}, players=2)
    over_at_deal = [seed for seed in range(200) if game.new_initial_state(seed).is_terminal()]
    assert over_at_deal, "some deals end at once"
    env = meeple.VecEnv(game, 64, seed=0)
    observations, masks, players, rewards, dones = env.reset()
    assert (players >= 0).all() and masks.any(axis=1).all()
    rng = np.random.default_rng(0)
    for _ in range(200):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks], dtype=np.int64)
        observations, masks, players, rewards, dones = env.step(actions)
        assert (players >= 0).all() and masks.any(axis=1).all()


def test_an_unseeded_reset_plays_new_games_and_a_seeded_one_the_same():
    env = meeple.VecEnv(table("hearts"), 4, seed=9)
    first = env.reset(9)[0].copy()
    assert np.array_equal(env.reset(9)[0], first)
    assert not np.array_equal(env.reset()[0], first)
