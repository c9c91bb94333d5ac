"""Rules engine benchmark: legal-result generation speed beside GNU Backgammon's, and the worst time to judge a play.

Why side by side: the target is "as fast as GNU Backgammon's own generator through its Python bindings", and this
machine's speed varies with its load, so both run in the same process, interleaved in rounds, and the medians are
compared. Single-threaded; CPU time (``time.process_time``) so other processes' load disturbs it less.

``run_rules_benchmark()`` returns a dict; ``bgref bench`` may print it. The gnubg bindings (``pip install gnubg``)
are optional: without them the comparison fields are None.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any, Optional

from rules.judge import judge
from rules.moves import apply_play, legal_plays, legal_results, legal_states
from rules.position import Position


def _random_position(rng: random.Random) -> Position:
    """A random middle-game, race or bear-off position (both sides 15 checkers, some borne off)."""
    me, opp = [0] * 25, [0] * 25
    kind = rng.random()
    highest = 24 if kind < 0.7 else 6  # 30%: all home, bearing off
    for _ in range(rng.randint(8, 15)):
        me[rng.randint(1, highest) - 1] += 1
    for _ in range(rng.randint(8, 15)):
        p = rng.randint(1, 24)
        if not me[24 - p]:
            opp[p - 1] += 1
    if kind < 0.15 and sum(me) < 15:
        me[24] += 1
    return Position(tuple(me), tuple(opp))


def hard_positions(count: int = 40, seed: int = 8) -> list[tuple[Position, tuple[int, int]]]:
    """Doubles with the mover's checkers spread one or two per point over many points: the most plays."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        me, opp = [0] * 25, [0] * 25
        points = rng.sample(range(1, 25), rng.randint(9, 13))
        left = 15
        for p in points:
            if left:
                n = min(left, rng.randint(1, 2))
                me[p - 1] += n
                left -= n
        for p in rng.sample(range(1, 25), 8):
            if not me[p - 1]:
                opp[24 - p] = rng.choice((0, 1, 2))
        d = rng.choice((1, 2, 3))
        out.append((Position(tuple(me), tuple(opp)), (d, d)))
    return out


def _gnubg() -> Optional[Any]:
    try:
        import gnubg  # type: ignore[import-not-found]
    except Exception:
        return None
    return gnubg


def _judge_ms(before: Position, dice: tuple[int, int], after: Position) -> float:
    """CPU milliseconds for one judgement (the median of 3 runs: load spikes on a shared machine are not ours)."""
    times = []
    for _ in range(3):
        t0 = time.process_time()
        judge(before, dice, after)
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times)


def run_rules_benchmark(positions: int = 1000, rounds: int = 5, seed: int = 1) -> dict:
    """Plays generated per second (ours and gnubg's bindings, same positions), and judge times on hard positions."""
    rng = random.Random(seed)
    requests = [(_random_position(rng), rng.randint(1, 6), rng.randint(1, 6)) for _ in range(positions)]
    gnubg = _gnubg()
    if gnubg is not None:
        cube, evalctx = gnubg.cubeinfo(), gnubg.evalcontext()
        boards = [(p.opponent, p.player) for p, _, _ in requests]

    ours_rates, state_rates, gnubg_rates = [], [], []
    ours_count = gnubg_count = 0
    if gnubg is not None:
        gnubg.findbestmoves(boards[0], cube, evalctx, (3, 1))  # first call loads its networks: not timed
    for _ in range(rounds):
        t0 = time.process_time()
        state_count = sum(len(legal_states(p, a, b)) for p, a, b in requests)
        state_rates.append(state_count / (time.process_time() - t0))
        t0 = time.process_time()
        ours_count = sum(len(legal_results(p, a, b)) for p, a, b in requests)
        ours_rates.append(ours_count / (time.process_time() - t0))
        if gnubg is not None:
            t0 = time.process_time()
            gnubg_count = sum(len(gnubg.findbestmoves(bd, cube, evalctx, (a, b)))
                              for bd, (_, a, b) in zip(boards, requests))
            gnubg_rates.append(gnubg_count / (time.process_time() - t0))

    # judging: every legal play of the hard positions, and illegal ones (partial plays, wrong dice)
    legal_ms, illegal_ms = [], []
    hard = hard_positions()
    for pos, dice in hard:
        plays = legal_plays(pos, *dice)
        sample = plays[:: max(1, len(plays) // 20)]
        for play in sample:
            legal_ms.append(_judge_ms(pos, dice, play.position))
            if len(play.moves) > 1:
                illegal_ms.append(_judge_ms(pos, dice, apply_play(pos, play.moves[:-1])))  # not the whole roll
        other = (dice[0] % 6 + 1, dice[0] % 6 + 1)  # a play made with a different double
        for play in legal_plays(pos, *other)[:5]:
            illegal_ms.append(_judge_ms(pos, dice, play.position))
    return {
        "positions": positions,
        "rounds": rounds,
        "results_per_position": ours_count / positions,
        "ours_states_per_s": round(statistics.median(state_rates)),
        "ours_plays_per_s": round(statistics.median(ours_rates)),
        "gnubg_plays_per_s": round(statistics.median(gnubg_rates)) if gnubg_rates else None,
        "gnubg_results_per_position": gnubg_count / positions if gnubg_rates else None,
        "speed_ratio_states": round(statistics.median(state_rates) / statistics.median(gnubg_rates), 2)
        if gnubg_rates else None,
        "speed_ratio_plays": round(statistics.median(ours_rates) / statistics.median(gnubg_rates), 2)
        if gnubg_rates else None,
        "judge_legal_median_ms": round(statistics.median(legal_ms), 3),
        "judge_legal_worst_ms": round(max(legal_ms), 3),
        "judge_illegal_median_ms": round(statistics.median(illegal_ms), 3),
        "judge_illegal_worst_ms": round(max(illegal_ms), 3),
        "judged": len(legal_ms) + len(illegal_ms),
        "hard_results_per_position": round(sum(len(legal_states(p, *d)) for p, d in hard) / len(hard), 1),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run_rules_benchmark(), indent=1))
