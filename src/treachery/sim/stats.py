"""Small statistics for simulation reports."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_difference(first: list[bool], second: list[bool], z: float = Z95) -> tuple[float, float, float]:
    """The difference of two win rates measured on the same games (seeds), ``first`` minus ``second``, with its
    95% interval: the mean of the per-game differences (-1, 0 or 1) ± z standard errors. Pairing by seed takes
    out what the deal does to both, so the interval is narrower than that of two independent rates."""
    n = len(first)
    if n != len(second) or n < 2:
        raise ValueError(f"a paired difference needs two equal lists of two or more games, got {n} and {len(second)}")
    d = [int(a) - int(b) for a, b in zip(first, second, strict=True)]
    mean = sum(d) / n
    variance = sum((x - mean) ** 2 for x in d) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean, mean - half, mean + half
