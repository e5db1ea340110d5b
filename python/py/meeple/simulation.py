"""Bulk simulation: whole games played by meeple's agents in Rust on every core, as
``meeple simulate`` plays them (the same games for the same table and seeds, so the same
figures), with statistics that merge exactly: a simulation split into parts, on one
machine or many (``meeple.ray.simulate``), adds up to the one run."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from meeple._core import Game, _simulate

__all__ = ["Statistics", "Tally", "simulate"]


@dataclass
class Tally:
    """The count, sum and sum of squares of a measure's values, as integers."""

    count: int = 0
    sum: int = 0
    squares: int = 0

    def merge(self, other: "Tally") -> None:
        self.count += other.count
        self.sum += other.sum
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.sum / self.count if self.count else 0.0

    @property
    def interval(self) -> float:
        """The half-width of the 95% confidence interval of the mean (normal
        approximation; 0 for fewer than two values), as ``meeple simulate`` prints it."""
        if self.count < 2:
            return 0.0
        n = self.count
        variance = (self.squares * n - self.sum * self.sum) / n / (n - 1)
        return 1.96 * math.sqrt(max(variance, 0.0) / n)


@dataclass
class Statistics:
    """What simulated games add up to: ``games``, ``records``, ``moves``, ``draws``, and
    per seat ``points`` (games that keep scores), ``wins`` (alone), ``shared`` (wins
    shared) and ``places``, each a ``Tally``."""

    game: str
    games: int = 0
    records: int = 0
    moves: int = 0
    draws: Tally = field(default_factory=Tally)
    points: list[Tally] = field(default_factory=list)
    wins: list[Tally] = field(default_factory=list)
    shared: list[Tally] = field(default_factory=list)
    places: list[Tally] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict) -> "Statistics":
        seats = lambda key: [Tally(**item) for item in data[key]]  # noqa: E731
        return cls(
            game=data["game"],
            games=data["games"],
            records=data["records"],
            moves=data["moves"],
            draws=Tally(**data["draws"]),
            points=seats("points"),
            wins=seats("wins"),
            shared=seats("shared"),
            places=seats("places"),
        )

    def merge(self, other: "Statistics") -> "Statistics":
        """Adds the games of ``other`` (the same game and seats) and returns ``self``."""
        if other.game != self.game or len(other.wins) != len(self.wins):
            raise ValueError(
                f"statistics of {other.game} at {len(other.wins)} seats do not merge "
                f"into {self.game} at {len(self.wins)}"
            )
        self.games += other.games
        self.records += other.records
        self.moves += other.moves
        self.draws.merge(other.draws)
        for mine, theirs in zip(
            (self.points, self.wins, self.shared, self.places),
            (other.points, other.wins, other.shared, other.places),
        ):
            for a, b in zip(mine, theirs):
                a.merge(b)
        return self

    def summary(self) -> str:
        """The figures as ``meeple simulate`` prints them (without its timing and agents)."""
        percent = lambda tally: f"{100 * tally.mean:.1f}% ± {100 * tally.interval:.1f}"  # noqa: E731
        lines = [f"game:       {self.game}", f"games:      {self.games}"]
        lines += [f"records:    {self.records}", f"moves:      {self.moves}"]
        seats = len(self.wins)
        if seats > 1:
            lines.append(f"draws:      {percent(self.draws)}")
        any_shared = any(tally.sum > 0 for tally in self.shared)
        for seat in range(seats):
            line = f"seat {seat}:"
            if self.points[seat].count > 0:
                points = self.points[seat]
                line += f" mean points {points.mean:.2f} ± {points.interval:.2f},"
            line += f" wins {percent(self.wins[seat])}"
            if any_shared:
                line += f", shared wins {percent(self.shared[seat])}"
            if seats > 2:
                places = self.places[seat]
                line += f", mean place {places.mean:.2f} ± {places.interval:.2f}"
            lines.append(line)
        return "\n".join(lines)


def _table(game: Game | str, config: dict | None, players: int | None):
    """The name, config and seats a simulation plays: a ``Game``'s own, or those given
    beside a name."""
    if isinstance(game, Game):
        return game.name, game.config, game.num_players
    return game, config, players


def simulate(
    game: Game | str,
    games: int,
    seed: int = 0,
    agents: str | None = None,
    iterations: int = 200,
    config: dict | None = None,
    players: int | None = None,
) -> Statistics:
    """Plays ``games`` games of ``game`` (a ``meeple.Game``, whose config and seats are
    used, or a name with ``config`` and ``players``) from seeds ``seed``, ``seed + 1``...
    by ``agents`` (one name for every seat or one per seat, comma-separated:
    ``"ismcts,random"``; random when absent; search agents with ``iterations`` playouts),
    on every core. The same figures as ``meeple simulate`` for the same table and seeds.

    Raises ``ValueError`` with meeple's message for a game, config, count or agents the
    table refuses.
    """
    name, config, players = _table(game, config, players)
    data = _simulate(
        name,
        games,
        seed=seed,
        agents=agents,
        iterations=iterations,
        config=json.dumps(config) if config is not None else None,
        players=players,
    )
    return Statistics.from_dict(data)
