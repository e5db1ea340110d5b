"""Bulk simulation on Ray (https://docs.ray.io): ``simulate`` splits the seeds into tasks
of ``per_task`` games, runs them wherever the Ray cluster has cores, and merges their
statistics, which are exact integers: the result equals ``meeple.simulate`` of the same
seeds on one machine.

On one machine, ``ray.init(num_cpus=2)`` starts a local cluster; on many, start Ray on
each (``ray start --head`` on one, ``ray start --address=<head>:6379`` on the others),
install the same ``meeple`` wheel on every node, and ``ray.init(address="auto")``.
Fewer, larger tasks beat many small ones (Ray's "too fine-grained tasks" anti-pattern):
a task of 10^4 to 10^5 games runs for about a second or more.
"""

from __future__ import annotations

import ray as _ray

from meeple.simulation import Statistics, _table, simulate as _local_simulate

__all__ = ["simulate"]


@_ray.remote
def _task(name, games, seed, agents, iterations, config, players):
    return _local_simulate(
        name, games, seed=seed, agents=agents, iterations=iterations, config=config, players=players
    )


def simulate(
    game,
    games: int,
    seed: int = 0,
    agents: str | None = None,
    iterations: int = 200,
    config: dict | None = None,
    players: int | None = None,
    per_task: int = 10_000,
) -> Statistics:
    """``meeple.simulate`` split into Ray tasks of at most ``per_task`` games (seeds
    ``seed + k * per_task`` onwards), merged in seed order: exactly the local result.
    Ray must be initialized (``ray.init(...)``); raises ``ValueError`` as
    ``meeple.simulate`` does, and for ``per_task`` below 1."""
    if per_task < 1:
        raise ValueError(f"per_task is at least 1, not {per_task}")
    name, config, players = _table(game, config, players)
    tasks = [
        _task.remote(name, min(per_task, games - first), seed + first, agents, iterations, config, players)
        for first in range(0, games, per_task)
    ]
    parts = _ray.get(tasks)
    if not parts:
        return _local_simulate(name, 0, seed=seed, agents=agents, iterations=iterations, config=config, players=players)
    total = parts[0]
    for part in parts[1:]:
        total.merge(part)
    return total
