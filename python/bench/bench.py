"""The Python package against its anchors, one thread, in one run (issue 47's targets;
figures in docs/PERFORMANCE.md). Run from python/ with the package installed
(``scripts/test-python`` makes target/python-venv):

    ../target/python-venv/bin/python bench/bench.py [--seconds 3]

CPU time (``time.process_time``) throughout, so a loaded machine slows both sides alike.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import resource
import subprocess
import time

import numpy as np

import meeple
import meeple.openspiel
import meeple.pettingzoo

ROOT = pathlib.Path(__file__).resolve().parents[2]


def timed(step, seconds):
    """Calls ``step()`` (which returns how many steps it took) until ``seconds`` of CPU
    time have passed; returns steps per CPU-second."""
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += step()
    return steps / (time.process_time() - start)


def aec_steps(make_env, seconds):
    """PettingZoo AEC steps per second: ``agent_iter``, ``last``, a random legal action
    from the mask, ``step``; a new game at each end."""
    env = make_env()
    rng = random.Random(0)
    seed = [0]

    def game():
        env.reset(seed=seed[0])
        seed[0] += 1
        steps = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
        return steps

    return timed(game, seconds)


def pyspiel_steps(game, seconds):
    """Steps per second of OpenSpiel's C++ loop (``evaluate_bots``, uniform random bots)."""
    import pyspiel

    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(seat, 1) for seat in range(players)]
    # The games' mean length, from the same random play in Python; then the C++ loop's
    # games per second, timed alone.
    rng = np.random.default_rng(0)
    lengths = []
    for _ in range(200):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        lengths.append(steps)
    seed = [0]

    def one():
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed[0])
        seed[0] += 1
        return 1

    return timed(one, seconds) * float(np.mean(lengths))


def vec_steps(name, n, seconds):
    """Batched API env-steps per second: ``n`` tables, observations and masks of every
    table, a random legal action per table chosen in numpy."""
    env = meeple.VecEnv(name, n, seed=0)
    observations, masks, players, rewards, dones = env.reset()
    rng = np.random.default_rng(0)

    def call():
        noise = rng.random(masks.shape, dtype=np.float32)
        actions = np.argmax(np.where(masks, noise, -1.0), axis=1).astype(np.int64)
        env.step(actions)
        return n

    return timed(call, seconds)


def simulate_rates(name, games):
    """Games per CPU-second of ``meeple.simulate`` and of the ``meeple simulate`` binary
    built with the same profile (``python``), random agents, the same seeds."""
    start = time.process_time()
    meeple.simulate(name, games, seed=0)
    python = games / (time.process_time() - start)
    binary = ROOT / "target" / "python" / "meeple"
    subprocess.run(
        ["cargo", "build", "--quiet", "--profile", "python", "-p", "meeple-cli", "--bin", "meeple"],
        cwd=ROOT,
        check=True,
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([str(binary), "simulate", name, "--games", str(games)], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return python, games / cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    parser.add_argument("--games", type=int, default=20_000, help="games per simulate run")
    seconds = parser.parse_args().seconds
    games = parser.parse_args().games
    os.environ.setdefault("RAYON_NUM_THREADS", "1")

    from pettingzoo.classic import connect_four_v3
    import pyspiel

    print(f"one thread, {seconds:.0f} CPU-s a figure")
    ours = aec_steps(lambda: meeple.pettingzoo.env("connect_four"), seconds)
    theirs = aec_steps(connect_four_v3.env, seconds)
    print(f"AEC Connect Four, meeple:              {ours:>10,.0f} steps/s")
    print(f"AEC connect_four_v3, PettingZoo:       {theirs:>10,.0f} steps/s  (meeple {ours / theirs:.1f}x)")
    ours = pyspiel_steps(pyspiel.load_game(meeple.openspiel.register("connect_four")), seconds)
    theirs = pyspiel_steps(pyspiel.load_game("connect_four"), seconds)
    print(f"pyspiel meeple_connect_four (C++ loop):{ours:>10,.0f} steps/s")
    print(f"pyspiel connect_four, OpenSpiel C++:   {theirs:>10,.0f} steps/s")
    for n in (16, 256, 2048):
        print(f"VecEnv Connect Four, {n:>4} tables:      {vec_steps('connect_four', n, seconds):>10,.0f} env-steps/s")
    hearts = aec_steps(lambda: meeple.pettingzoo.env("hearts"), seconds)
    print(f"AEC Hearts, meeple:                    {hearts:>10,.0f} steps/s")
    theirs = pyspiel_steps(pyspiel.load_game("hearts"), seconds)
    print(f"pyspiel hearts, OpenSpiel C++:         {theirs:>10,.0f} steps/s")
    python, binary = simulate_rates("connect_four", games)
    print(f"meeple.simulate Connect Four:          {python:>10,.0f} games/CPU-s")
    print(f"meeple simulate Connect Four:          {binary:>10,.0f} games/CPU-s  (Python {100 * python / binary:.0f}%)")


if __name__ == "__main__":
    main()
