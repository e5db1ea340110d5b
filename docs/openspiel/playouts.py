#!/usr/bin/env python3
"""OpenSpiel random-playout baseline for meeple.

What it measures
----------------
For OpenSpiel's ``tic_tac_toe``, ``connect_four`` (7x6, four in a row),
``breakthrough`` (default 8x8), ``othello``, ``liars_dice`` (two players, one
die each), ``leduc_poker`` (two players) and ``backgammon``, all with default
parameters (the chance nodes of the last three sampled by ``evaluate_bots``),
it measures how
many uniform-random playouts (whole games, from the initial state to a
terminal state) OpenSpiel runs per CPU-second.  The game loop runs in C++:
each playout is one call of

    pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)

with ``bots = [pyspiel.make_uniform_random_bot(p, seed_p) for p in (0, 1)]``.
``evaluate_bots`` plays a single game to the end in C++ (choose move,
ApplyAction, repeat until IsTerminal) and returns the final utilities.  It
plays on the state it is given, in place, so every call gets a fresh state
from ``new_initial_state()``.  The bots are made once per game and keep their
own random generator across calls, so every playout is a different game (the
``seed`` argument of evaluate_bots only drives chance nodes, and these games
have none).

The timing is CPU time (``time.process_time()``) around the N calls, so it
includes the per-call cost paid outside the C++ game loop: the Python loop
itself, the Python->C++ call, ``new_initial_state()``, and converting the bot
list.  ``--overhead`` measures that part separately (calls on an already
terminal state, and ``new_initial_state()`` alone).  Also note OpenSpiel's
UniformRandomBot builds a policy vector (action, probability) at every step
in addition to the legal-action vector, and every ApplyAction appends to the
state's history: that is part of what "OpenSpiel random playout" costs.

The mean game length (moves = plies, both players' moves counted) is measured
separately, NOT timed, by playing ``--length-games`` uniform-random games with
a plain Python loop (state.legal_actions() / random.choice / apply_action).

Output: one line per game,

    game, playouts, cpu_seconds, playouts_per_cpu_second, mean_moves_per_game

How to run
----------
    pip install open_spiel==2.0.2          # or inside a venv
    nice -n 10 python3 docs/openspiel/playouts.py
    python3 docs/openspiel/playouts.py --playouts 10000      # same N for all
    python3 docs/openspiel/playouts.py --games breakthrough --overhead

By default each game runs for about 3 CPU seconds on a 2-core AMD EPYC VM
(650000 / 200000 / 30000 playouts); ``--playouts N`` sets one N for all games.
"""

import argparse
import random
import sys
import time

import pyspiel

GAMES = ("tic_tac_toe", "connect_four", "breakthrough", "othello", "liars_dice",
         "leduc_poker", "backgammon")

# About 3 CPU seconds each on the machine this was written on (~220k, ~65k
# and ~10k playouts per CPU-second).
DEFAULT_PLAYOUTS = {
    "tic_tac_toe": 650_000,
    "connect_four": 200_000,
    "breakthrough": 30_000,
    "othello": 20_000,
    "liars_dice": 300_000,
    "leduc_poker": 300_000,
    "backgammon": 2_000,
}


def time_playouts(game, n, seed):
    """Runs n whole random games in C++; returns CPU seconds used."""
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
    evaluate_bots = pyspiel.evaluate_bots
    new_state = game.new_initial_state
    # Warm-up, not timed.
    for i in range(min(100, n)):
        evaluate_bots(new_state(), bots, i)
    start = time.process_time()
    for i in range(n):
        evaluate_bots(new_state(), bots, i)
    return time.process_time() - start


def mean_moves(game, n_games, seed):
    """Mean number of moves (plies) of uniform-random games. Not timed."""
    rng = random.Random(seed)
    total = 0
    for _ in range(n_games):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        total += moves
    return total / n_games


def overhead(game, n, seed):
    """Per-call cost outside the game loop, in CPU microseconds."""
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
    terminal = game.new_initial_state()
    pyspiel.evaluate_bots(terminal, bots, 0)  # now terminal: loop body never runs
    start = time.process_time()
    for i in range(n):
        pyspiel.evaluate_bots(terminal, bots, i)
    call_us = (time.process_time() - start) / n * 1e6
    new_state = game.new_initial_state
    start = time.process_time()
    for _ in range(n):
        new_state()
    state_us = (time.process_time() - start) / n * 1e6
    return call_us, state_us


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playouts", type=int, default=None,
                        help="playouts per game (default: about 3 CPU s each: "
                        + ", ".join(f"{g}={n}" for g, n in DEFAULT_PLAYOUTS.items())
                        + ")")
    parser.add_argument("--games", nargs="+", default=list(GAMES),
                        choices=GAMES, help="games to measure (default: all)")
    parser.add_argument("--length-games", type=int, default=500,
                        help="untimed Python-loop games for the mean length "
                        "(default 500)")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--overhead", action="store_true",
                        help="also print (as '#' lines) the per-call overhead: "
                        "evaluate_bots on a terminal state, new_initial_state()")
    args = parser.parse_args()

    print("game, playouts, cpu_seconds, playouts_per_cpu_second, "
          "mean_moves_per_game")
    sys.stdout.flush()
    for name in args.games:
        game = pyspiel.load_game(name)
        n = args.playouts if args.playouts is not None else DEFAULT_PLAYOUTS[name]
        cpu = time_playouts(game, n, args.seed)
        moves = mean_moves(game, args.length_games, args.seed)
        print(f"{name}, {n}, {cpu:.3f}, {n / cpu:.0f}, {moves:.2f}")
        if args.overhead:
            call_us, state_us = overhead(game, 100_000, args.seed)
            print(f"# {name} overhead: evaluate_bots on a terminal state "
                  f"{call_us:.2f} us/call; new_initial_state() {state_us:.2f} "
                  f"us/call; playout {cpu / n * 1e6:.2f} us")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
