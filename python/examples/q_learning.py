"""Tabular Q-learning on Tic-tac-toe against meeple's random agent, with numpy alone: a
learning loop over ``meeple.gymnasium.env`` that ends up beating random play.

    python examples/q_learning.py [--episodes 20000]

Each observation (the board's planes, whose turn, the decision) is a key of a table of
values, one per distinct action; the agent picks the best legal action (the mask) or, with
probability epsilon, a random legal one, and moves the value toward the reward plus the
best value that follows (Watkins's Q-learning, Sutton and Barto chapter 6.5).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

import meeple.gymnasium


def train(episodes: int, seed: int = 0, alpha: float = 0.5, gamma: float = 1.0, epsilon: float = 0.1):
    """Learns values for seat 0 against the random agent; returns the table."""
    env = meeple.gymnasium.env("tictactoe", seat=0, opponents="random")
    size = env.action_space.n
    values = defaultdict(lambda: np.zeros(size))
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    for _ in range(episodes):
        key = observation.tobytes()
        mask = info["action_mask"]
        legal = np.flatnonzero(mask)
        if rng.random() < epsilon:
            action = int(rng.choice(legal))
        else:
            action = int(legal[np.argmax(values[key][legal])])
        while True:
            observation, reward, terminated, truncated, info = env.step(action)
            following = observation.tobytes()
            if terminated:
                target = reward
            else:
                later = np.flatnonzero(info["action_mask"])
                target = reward + gamma * values[following][later].max()
            values[key][action] += alpha * (target - values[key][action])
            if terminated:
                observation, info = env.reset()
                break
            key, legal = following, np.flatnonzero(info["action_mask"])
            action = (
                int(rng.choice(legal))
                if rng.random() < epsilon
                else int(legal[np.argmax(values[key][legal])])
            )
    return values


def play(values, games: int, seed: int = 1) -> float:
    """The share of `games` that seat 0 wins against the random agent, greedily by
    `values` (random play where it knows nothing: all values 0)."""
    env = meeple.gymnasium.env("tictactoe", seat=0, opponents="random")
    rng = np.random.default_rng(seed)
    wins = 0
    observation, info = env.reset(seed=seed)
    for _ in range(games):
        while True:
            legal = np.flatnonzero(info["action_mask"])
            known = values.get(observation.tobytes())
            if known is None or not known[legal].any():
                action = int(rng.choice(legal))
            else:
                action = int(legal[np.argmax(known[legal])])
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated:
                wins += reward > 0
                observation, info = env.reset()
                break
    return wins / games


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--episodes", type=int, default=20_000)
    episodes = parser.parse_args().episodes
    before = play({}, 1000)
    values = train(episodes)
    after = play(dict(values), 1000)
    print(f"seat 0 against random play: {100 * before:.1f}% wins untrained, {100 * after:.1f}% after {episodes} episodes")


if __name__ == "__main__":
    main()
