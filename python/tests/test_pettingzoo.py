"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every game,
the mask in the observation and in the infos, and pickles and deep copies mid-game that
go on identically and independently (PettingZoo #1307's case)."""

import copy
import pickle
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import meeple.pettingzoo
from conftest import TABLES, table


def test_every_game_passes_pettingzoos_api_test(name):
    api_test(meeple.pettingzoo.env(table(name)), num_cycles=200)


def test_every_game_passes_pettingzoos_seed_test(name):
    seed_test(lambda: meeple.pettingzoo.env(table(name)), num_cycles=200)


def test_an_environment_by_name_refuses_a_bad_count():
    with pytest.raises(ValueError) as error:
        meeple.pettingzoo.env("hearts", players=5)
    assert str(error.value) == "hearts is played by 4 players, not 5"


def test_the_mask_is_in_the_observation_and_the_infos():
    env = meeple.pettingzoo.env("connect_four")
    env.reset(seed=3)
    observation, reward, terminated, truncated, info = env.last()
    assert env.agent_selection == "player_0"
    assert list(np.flatnonzero(observation["action_mask"])) == list(range(36, 43))
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    assert observation["observation"].dtype == np.float32
    # The seat that waits is offered nothing.
    assert not env.observe("player_1")["action_mask"].any()


def play(env, steps):
    """Plays `steps` steps by legal integers drawn from a generator seeded alike for
    every call (or to the end), recording each observation."""
    rng = random.Random(0)
    seen = []
    for agent in env.agent_iter(steps):
        observation, reward, terminated, truncated, info = env.last()
        seen.append((agent, observation["observation"].tolist(), reward, terminated))
        legal = np.flatnonzero(observation["action_mask"])
        action = None if terminated or truncated else int(rng.choice(legal))
        env.step(action)
    return seen


@pytest.mark.parametrize("duplicate", ["pickle", "deepcopy"])
def test_a_copy_mid_game_goes_on_identically_and_independently(name, duplicate):
    env = meeple.pettingzoo.env(table(name))
    # Six steps in, or fewer for a game that ends sooner (Liar's Dice, poker).
    for steps in range(6, 0, -1):
        env.reset(seed=7)
        play(env, steps)
        if not env.state.is_terminal():
            break
    assert not env.state.is_terminal()
    other = pickle.loads(pickle.dumps(env)) if duplicate == "pickle" else copy.deepcopy(env)
    assert other.agent_selection == env.agent_selection
    theirs = play(other, 10_000)
    # The copy played to the end; the original stands where it was copied.
    assert not other.agents
    assert env.agents and env.state.history() != other.state.history()
    assert play(env, 10_000) == theirs


def test_hearts_seats_are_named_and_rewarded_at_the_end():
    env = meeple.pettingzoo.env(table("hearts"))
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        action = None if terminated else int(np.flatnonzero(observation["action_mask"])[-1])
        env.step(action)
    assert abs(sum(total.values())) < 1e-9
    assert max(total.values()) > 0


def test_every_game_is_tested():
    assert sorted(TABLES) == sorted(meeple.games())



def test_a_game_over_at_its_deal_ends_every_agent_at_reset():
    # One round of Blackjack ends at its deal whenever the dealer's peek finds a blackjack.
    env = meeple.pettingzoo.env("blackjack", config={"rounds": 1}, players=2)
    seed = next(seed for seed in range(2000) if (env.reset(seed=seed), env.state.is_terminal())[1])
    env.reset(seed=seed)
    assert all(env.terminations.values())
    returns = env.state.returns()
    assert env._cumulative_rewards == {"player_0": returns[0], "player_1": returns[1]}
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        assert terminated and not info["action_mask"].any()
        env.step(None)
        steps += 1
    assert steps == 2 and not env.agents
