"""Judging an observed play: legal (and which play explains it) or illegal (why, and the closest legal plays).

Why a search and not a rule list: an observed position only shows where checkers left and where they arrived. To
say *which* rule was broken, we replay the roll under relaxed rules (a checker may land on a held point, move
while one of ours is on the bar, bear off too early or from the wrong point, use fewer dice) and find the
explanation that breaks the fewest rules. The search only ever moves checkers from points that hold more than
the observed position does, so it stays small even for doubles. A false alarm is as bad as a missed illegal
play, so a play is legal exactly when its position is one of :func:`rules.moves.legal_results`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from rules.moves import (
    OFF_POINT,
    Board,
    Move,
    Play,
    board_of,
    can_play_die,
    check_dice,
    path_of,
    result_branches,
    state_of,
    state_position,
)
from rules.notation import format_play
from rules.position import CHECKERS, Position

_OPP = 26
_LOW_BITS = (1 << 104) - 1  # the mover's 26 slots of a generator state (4 bits each); hits are above

# machine codes, most specific first: the order used to choose among equally short explanations
RULE_CODES = ("bar_first", "blocked_point", "bearoff_not_home", "bearoff_higher", "larger_die", "not_whole_roll")
CODES = (
    "legal",
    "no_play",
    *RULE_CODES,
    "wrong_total",
    "opponent_moved",
    "no_play_made",
    "play_when_none",
    "dice_mismatch",
)


@dataclass(frozen=True)
class Verdict:
    """The referee's answer for one observed play.

    ``code`` is ``legal`` (a play made), ``no_play`` (legal: nothing could be played and nothing was) or one of
    the illegal codes in :data:`CODES`. ``closest`` lists legal plays nearest to what was observed (illegal only).
    """

    legal: bool
    play: Optional[Play]
    reason: Optional[str]
    closest: list[Play] = field(default_factory=list)
    code: str = "legal"

    def to_dict(self) -> dict:
        return {
            "legal": self.legal,
            "play": None if self.play is None else self.play.notation(),
            "reason": self.reason,
            "closest": [p.notation() for p in self.closest],
            "code": self.code,
        }


def _pt(n: int) -> str:
    return "the bar" if n == 25 else f"point {n}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------------------------- relaxed search
@dataclass(frozen=True)
class _Explanation:
    moves: tuple[tuple[int, int, bool], ...]
    faults: tuple[tuple[str, str], ...]  # (code, player-language detail), in the order they happened


def _relaxed_moves(board: Board, die: int, target: Board) -> list[tuple[int, int, bool, tuple]]:
    """One-die moves under relaxed rules, each with the rules it breaks; only from points above the target."""
    out = []
    on_bar = board[25]
    outside = sum(board[7:26])
    for frm in range(25, 0, -1):
        if board[frm] <= target[frm]:
            continue
        faults: tuple = ()
        if on_bar and frm != 25:
            faults += (("bar_first", f"{_plural(on_bar, 'checker')} on the bar must enter before "
                                     f"{frm}/{max(frm - die, 0) or 'off'} can be played"),)
        to = frm - die
        if to >= 1:
            opp = board[_OPP + to]
            if opp >= 2:
                faults += (("blocked_point", f"{'bar' if frm == 25 else frm}/{to} lands on point {to}, which the "
                                             f"opponent holds with {opp} checkers"),)
            out.append((frm, to, opp == 1, faults))
            continue
        # bearing off
        if outside - (frm > 6):
            away = [p for p in range(25, 6, -1) if board[p] and not (p == frm)]
            where = ", ".join("the bar" if p == 25 else str(p) for p in away)
            faults += (("bearoff_not_home", f"{frm}/off bears off while {_plural(outside - (frm > 6), 'checker')} "
                                            f"still stand outside the home board ({where})"),)
        if to < 0:
            higher = [p for p in range(frm + 1, 7) if board[p]]
            if higher:
                faults += (("bearoff_higher", f"{frm}/off uses a {die}, but a checker stands on the higher point "
                                              f"{max(higher)}: a {die} may bear off from point {frm} only when no "
                                              f"checker is higher"),)
        out.append((frm, 0, False, faults))
    return out


def _settle(board: Board) -> Board:
    """End of a relaxed play: opposing checkers under a checker of ours (a held point landed on) go to the bar."""
    b = list(board)
    for p in range(1, 25):
        if b[p] and b[_OPP + p]:
            b[_OPP] += b[_OPP + p]
            b[_OPP + p] = 0
    return tuple(b)


def _search(before: Board, dice_orders: list[tuple[int, ...]], target: Board) -> list[tuple[int, int, _Explanation]]:
    """Every (first die, dice used, explanation) reaching ``target`` under relaxed rules, one per state and faults."""
    found: list[tuple[int, int, _Explanation]] = []
    for order in dice_orders:
        level: dict = {(before, ()): ((), ())}
        for depth, die in enumerate(order, start=1):
            nxt: dict = {}
            for (board, codes), (moves, faults) in level.items():
                for frm, to, hit, new_faults in _relaxed_moves(board, die, target):
                    b = list(board)
                    b[frm] -= 1
                    b[to] += 1
                    if hit:
                        b[_OPP + to] = 0
                        b[_OPP] += 1
                    key = (tuple(b), tuple(sorted(set(codes) | {c for c, _ in new_faults})))
                    if key not in nxt:
                        nxt[key] = (moves + ((frm, to, hit),), faults + new_faults)
            for (board, _codes), (moves, faults) in nxt.items():
                if _settle(board) == target:
                    found.append((order[0], depth, _Explanation(moves, faults)))
            level = nxt
            if not level:
                break
    return found


# ------------------------------------------------------------------------------------------- the judge
def judge(
    before: Position,
    dice: tuple[int, int],
    after: Position,
    seen_totals: Optional[tuple[int, int]] = None,
) -> Verdict:
    """Judge the observed ``after`` (mover still on roll) reached from ``before`` with ``dice``.

    ``seen_totals``: the checkers the camera counted for (mover, opponent) on points, bar and off, if known; a
    total other than 15 is reported before anything else.
    """
    d1, d2 = int(dice[0]), int(dice[1])
    check_dice(d1, d2)
    start, target = board_of(before), board_of(after)
    branches = result_branches(before, d1, d2)
    target_state = state_of(before, after)
    totals_ok = seen_totals is None or all(n in (None, CHECKERS) for n in seen_totals)
    if totals_ok:
        if not branches and after == before:
            return Verdict(True, Play((), after), None, [], "no_play")
        for final, levels in branches:  # the fast path: a legal play is found without building any other
            code = final.get(target_state) if target_state is not None else None
            if code is not None:
                return Verdict(True, Play(path_of(target_state, code, levels), after), None, [], "legal")

    # every legal result, ranked by how many checkers differ from what was observed
    depth = {}
    for final, levels in branches:
        for state in final:
            depth.setdefault(state, (len(levels) + 1, final, levels))
    if not depth:
        depth[state_of(before, before)] = (0, None, [])
    seen_state = target_state if target_state is not None else state_of(after, after)

    def distance(state: int) -> int:
        """Checkers of ours that differ, slot by slot, plus the opponent's that differ by a hit (2 slots each)."""
        diff = (state ^ seen_state) & _LOW_BITS
        total = 2 * bin((state ^ seen_state) >> 104).count("1")
        while diff:
            shift = ((diff & -diff).bit_length() - 1) & ~3
            total += abs((state >> shift & 15) - (seen_state >> shift & 15))
            diff &= ~(15 << shift)
        return total

    ranked = sorted(depth, key=lambda s: (distance(s), depth[s][0]))[:3]

    def play_of(state: int) -> Play:
        used, final, levels = depth[state]
        moves = path_of(state, final[state], levels) if used else ()
        return Play(moves, state_position(before, state))

    closest = sort_by_distance([play_of(s) for s in ranked], target)
    max_used = max(d[0] for d in depth.values())

    def illegal(code: str, reason: str) -> Verdict:
        return Verdict(False, None, reason, closest, code)

    if not totals_ok:
        for who, n in zip(("you have", "the opponent has"), seen_totals or ()):
            if n is not None and n != CHECKERS:
                return illegal("wrong_total", f"{who} {n} checkers on the board, bar and off, not {CHECKERS}")

    roll = f"{d1}-{d2}"
    example = closest[0].notation() if closest else "(no play)"

    # checkers appearing or vanishing
    opp_before, opp_after = sum(start[_OPP:]), sum(target[_OPP:])
    if opp_after != opp_before:
        verb = "appeared" if opp_after > opp_before else "vanished"
        return illegal("wrong_total", f"{_plural(abs(opp_after - opp_before), 'opposing checker')} {verb}: the "
                                      f"opponent had {opp_before} on the board and bar, now {opp_after}")
    mine_before, mine_after = sum(start[1:26]), sum(target[1:26])
    if mine_after > mine_before:
        return illegal("wrong_total", f"{_plural(mine_after - mine_before, 'checker')} of yours appeared: "
                                      f"{mine_before} were on the board and bar, now {mine_after}")

    # the opponent's checkers may only change by being hit to the bar
    gained = [p for p in range(1, 25) if target[_OPP + p] > start[_OPP + p]]
    lost = sum(start[_OPP + p] - target[_OPP + p] for p in range(1, 25) if target[_OPP + p] < start[_OPP + p])
    if gained or target[_OPP] - start[_OPP] != lost:
        if gained:
            where = ", ".join(f"point {p} ({start[_OPP + p]} -> {target[_OPP + p]})" for p in gained)
            detail = f"opposing checkers arrived on {where}"
        else:
            detail = (f"{_plural(lost, 'opposing checker')} left the board but the opponent's bar went from "
                      f"{start[_OPP]} to {target[_OPP]}")
        return illegal("opponent_moved", f"the opponent's checkers moved other than by being hit: {detail}")

    if target == start:
        return illegal("no_play_made", f"no checker was moved, but {roll} can be played, e.g. {example}")
    if max_used == 0:
        return illegal("play_when_none", f"checkers moved, but {roll} has no legal play here{_why_none(start, d1, d2)}")
    dice_count = 4 if d1 == d2 else 2
    if mine_before - mine_after > dice_count:
        return illegal("wrong_total", f"{_plural(mine_before - mine_after, 'checker')} of yours left the board; "
                                      f"a roll bears off at most {dice_count}")

    # explain the observed position under relaxed rules; the fewest broken rules wins
    orders = [(d1,) * 4] if d1 == d2 else [(max(d1, d2), min(d1, d2)), (min(d1, d2), max(d1, d2))]
    best: Optional[tuple] = None
    small, big = min(d1, d2), max(d1, d2)
    big_alone = d1 != d2 and can_play_die(before, big)
    moved = sum(start[p] - target[p] for p in range(1, 26) if start[p] > target[p])
    # each die moves one checker: more checkers gone from their points than dice cannot be explained by the roll
    explanations = _search(start, orders, target) if moved <= len(orders[0]) else []
    for first, used, expl in explanations:
        codes = [c for c, _ in expl.faults]
        faults = list(expl.faults)
        text = format_play(tuple(Move(*m) for m in expl.moves))
        if d1 != d2 and used == 1 and max_used == 1:
            if first == small and big_alone:
                codes.append("larger_die")
                faults.append(("larger_die", f"{text} plays the {small}, but when only one die can be played the "
                                             f"larger must be played if it can: {example}"))
        elif used < max_used:
            part = f"only {used} of the four {d1}s" if d1 == d2 else "only one die"
            faults.append(("not_whole_roll", f"{text} plays {part} of {roll}; the whole roll must be played "
                                             f"when it can be, e.g. {example}"))
            codes.append("not_whole_roll")
        if not codes:
            continue  # a legal explanation can only be a legal result, already checked
        score = (len(set(codes)), min(RULE_CODES.index(c) for c in codes))
        if best is None or score < best[0]:
            primary = min(codes, key=RULE_CODES.index)
            best = (score, primary, next(d for c, d in faults if c == primary))
    if best is not None:
        return illegal(best[1], best[2])

    pairs = _net_pairs(start, target)
    backward = [(a, b) for a, b in pairs if a is not None and b is not None and b > a]
    if backward:
        a, b = backward[0]
        return illegal("dice_mismatch", f"a checker moved backwards, from {_pt(a)} to point {b} "
                                        f"({_net_movement(start, target)}); legal plays include {example}")
    vanished = [a for a, b in pairs if b == OFF_POINT and a is not None and a > 6]
    if vanished:
        where = ", ".join(_pt(a) for a in vanished)
        return illegal("wrong_total", f"{_plural(len(vanished), 'checker')} of yours vanished from {where}: "
                                      f"it cannot be borne off from outside the home board with {roll}")
    return illegal("dice_mismatch", f"the checkers moved ({_net_movement(start, target)}) do not match the roll "
                                    f"{roll}; legal plays include {example}")


def sort_by_distance(plays: list[Play], target: Board) -> list[Play]:
    """Plays ordered by how many checkers differ from the observed board, then by notation."""
    return sorted(plays, key=lambda p: (sum(abs(x - y) for x, y in zip(board_of(p.position), target)), p.notation()))


def _why_none(board: Board, d1: int, d2: int) -> str:
    if board[25]:
        held = sorted({25 - d for d in (d1, d2)}, reverse=True)
        return f": the checker on the bar cannot enter ({', '.join(_pt(p) for p in held)} held by the opponent)"
    return ": every move is blocked"


def _net_pairs(start: Board, target: Board) -> list[tuple[Optional[int], Optional[int]]]:
    """Where our checkers left and arrived (0 = off), paired from the highest; None where a side has no partner."""
    left: list[int] = []
    arrived: list[int] = []
    for p in range(25, -1, -1):
        diff = target[p] - start[p]
        if diff < 0:
            left += [p] * -diff
        elif diff > 0:
            arrived += [p] * diff
    pairs: list[tuple[Optional[int], Optional[int]]] = list(zip(left, arrived))
    pairs += [(a, None) for a in left[len(arrived):]]
    pairs += [(None, b) for b in arrived[len(left):]]
    return pairs


def net_movement(before: Position, after: Position) -> str:
    """Where the mover's checkers left and arrived between two positions (both from the mover's side), paired
    from the highest, e.g. ``13/9 6/1``: what a play did, whatever the roll."""
    return _net_movement(board_of(before), board_of(after))


def _net_movement(start: Board, target: Board) -> str:
    """Where checkers left and arrived, paired from the highest, e.g. ``13/9 6/1``."""
    def name(p: Optional[int]) -> str:
        return "?" if p is None else "bar" if p == 25 else "off" if p == OFF_POINT else str(p)

    return " ".join(f"{name(a)}/{name(b)}" for a, b in _net_pairs(start, target)) or "nothing"
