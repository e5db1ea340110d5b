"""The Gymnasium environments: Gymnasium's own checker for every game, one seat against
meeple's agents, masks, illegal actions, and the vector environment over VecEnv."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import meeple.gymnasium
from conftest import table


def test_every_game_passes_gymnasiums_env_checker(name):
    check_env(meeple.gymnasium.env(table(name)), skip_render_check=True)


def test_the_learning_seat_chooses_and_the_others_are_played_by_agents():
    env = meeple.gymnasium.env("connect_four", seat=1, opponents="random")
    observation, info = env.reset(seed=4)
    # Seat 0 (the random agent) has dropped a disc: one disc of the other's on the board.
    assert env.state.current_player() == 1
    assert len(env.state.history()) == 1
    assert observation.shape == (219,) and observation.dtype == np.float32
    assert np.array_equal(env.action_masks(), info["action_mask"])
    total = 0.0
    while True:
        action = int(np.flatnonzero(env.action_masks())[0])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated:
            break
    assert total in (-1.0, 0.0, 1.0)
    assert not env.action_masks().any()


def test_an_illegal_action_ends_the_episode_or_raises():
    env = meeple.gymnasium.env("tictactoe")
    env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = meeple.gymnasium.env("tictactoe", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError) as error:
        strict.step(0)
    assert str(error.value).startswith("distinct action 0 is not legal now")


def test_a_bad_seat_or_agent_is_refused():
    with pytest.raises(ValueError) as error:
        meeple.gymnasium.env("tictactoe", seat=2)
    assert str(error.value) == "seat 2 is not at the table of 2 seats"
    with pytest.raises(ValueError) as error:
        meeple.gymnasium.env("tictactoe", opponents="alphazero")
    assert str(error.value) == "unknown agent `alphazero`; expected `random`, `uct` or `ismcts`"


def test_search_opponents_play_from_their_own_view():
    env = meeple.gymnasium.env(table("hearts"), opponents="ismcts", iterations=8)
    env.reset(seed=2)
    steps = 0
    while True:
        action = int(np.flatnonzero(env.action_masks())[0])
        _, reward, terminated, _, _ = env.step(action)
        steps += 1
        if terminated:
            break
    assert -1.0 <= reward <= 1.0 and steps > 10


def test_the_vector_environment_steps_every_table_and_starts_ended_ones_anew():
    env = meeple.gymnasium.vector_env("tictactoe", 8, seed=5, seat=0)
    observations, info = env.reset()
    assert observations.shape == (8, 54)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(40):
        masks = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert rewards.shape == (8,) and terminated.shape == (8,)
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any()
        if terminated.any():
            assert info["_final_obs"].tolist() == terminated.tolist()
            assert info["final_obs"].shape == (8, 54)
        ended += int(terminated.sum())
        # Every table waits on the learning seat.
        assert info["action_mask"].any(axis=1).all()
    assert ended > 8
    with pytest.raises(ValueError) as error:
        env.step(np.zeros(8, dtype=np.int64))
    assert str(error.value).startswith("table 0: distinct action 0 is not legal now")
