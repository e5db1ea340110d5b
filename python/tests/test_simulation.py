"""Bulk simulation: ``meeple.simulate`` gives the figures ``meeple simulate`` prints for
the same table and seeds, its statistics merge exactly, and Ray's split run equals the
local one."""

import pathlib
import subprocess

import pytest

import meeple
from meeple.simulation import Statistics

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def meeple_command():
    """The `meeple` binary of this checkout, built if needed."""
    subprocess.run(
        ["cargo", "build", "--quiet", "-p", "meeple-cli", "--bin", "meeple"],
        cwd=ROOT,
        check=True,
    )
    return ROOT / "target" / "debug" / "meeple"


def printed(command, *arguments):
    out = subprocess.run(
        [str(command), "simulate", *arguments], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    # The command's figures, without its agents and timing lines.
    return "\n".join(
        line if not line.startswith("seat ") else line[:7] + line[19:]
        for line in out.splitlines()
        if not line.startswith(("agents:", "time:"))
    )


@pytest.mark.parametrize(
    "game, arguments, options",
    [
        ("tictactoe", ["--games", "300", "--seed", "5"], {}),
        ("hearts", ["--games", "20", "--seed", "2", "--config", '{"target_score":20}'], {"config": {"target_score": 20}}),
        ("memory", ["--games", "40", "--players", "3", "--agents", "random"], {"players": 3}),
    ],
)
def test_the_figures_are_meeple_simulates(meeple_command, game, arguments, options):
    seed = int(arguments[arguments.index("--seed") + 1]) if "--seed" in arguments else 0
    games = int(arguments[arguments.index("--games") + 1])
    statistics = meeple.simulate(game, games, seed=seed, **options)
    assert statistics.summary() == printed(meeple_command, game, *arguments)


def test_statistics_of_parts_merge_into_the_whole():
    whole = meeple.simulate("connect_four", 100, seed=10)
    parts = [meeple.simulate("connect_four", 25, seed=10 + 25 * k) for k in range(4)]
    merged = parts[0]
    for part in parts[1:]:
        merged.merge(part)
    assert merged == whole
    assert whole.games == 100 and whole.wins[0].count == 100
    with pytest.raises(ValueError):
        whole.merge(meeple.simulate("tictactoe", 1))


def test_a_table_the_game_refuses_raises_meeples_message():
    with pytest.raises(ValueError) as error:
        meeple.simulate("hearts", 1, players=2)
    assert str(error.value) == "hearts is played by 4 players, not 2"
    with pytest.raises(ValueError) as error:
        meeple.simulate("tictactoe", 1, agents="alphazero")
    assert "unknown agent `alphazero`" in str(error.value)


def test_ray_splits_the_seeds_into_tasks_and_equals_the_local_run():
    import ray

    import meeple.ray

    ray.init(num_cpus=2, include_dashboard=False, num_gpus=0, _node_ip_address="127.0.0.1", log_to_driver=False)
    try:
        split = meeple.ray.simulate("tictactoe", 1000, seed=3, per_task=150)
        assert isinstance(split, Statistics)
        assert split == meeple.simulate("tictactoe", 1000, seed=3)
        hearts = meeple.ray.simulate("hearts", 12, seed=1, config={"target_score": 20}, per_task=5)
        assert hearts == meeple.simulate("hearts", 12, seed=1, config={"target_score": 20})
    finally:
        ray.shutdown()
