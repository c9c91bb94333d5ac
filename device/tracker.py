"""Following the game: a state machine over accepted (still, agreed) readings that emits referee events.

Phases: ``setup`` (wait for a clear starting position; it fixes who sits where) -> ``opening`` (one die each side;
equal dice roll again) -> ``moving`` (the roller's checkers move; in-between positions and taken-back moves are
fine) -> dice lifted: judge the play -> ``awaiting`` (the next player's roll, or a double) -> ... -> ``game_end`` ->
``setup`` of the next game.

The reader errs, so the tracker keeps a *believed* board (always a whole, valid position) and how the reader saw
it, and weighs each reading against the boards the game allows with a read-error model (device/matching.py): a
play is legal when one legal result explains the reading with only plausible misreads, illegal when the reading is
whole and no legal result is near it, and "not sure" (a warning, never an alarm) when a misread where the reader
is unsure could be the difference. While nothing should move, a reading that differs only by misreads leaves the
belief as it is; a reading that shows another whole board re-syncs it (a correction, a play whose roll was never
read: it is told by the play when only one roll leads there), so one misread never makes every later play
illegal. One die seen: the roll goes on and the play tells the other die. Nothing moved although the roll could be
played: judged when the next roll shows who rolls (the same player again: the roll did not count, a re-roll).
After an illegal play the game goes on from what is on the board (the position as played stands once the
opponent rolls; a correction made before that roll is judged again).

The reader's steady quirks carry over like a stack read short: a checker read on the bar in every reading (the
cube there), a 6-stack read 5, two hit checkers read as one on the bar. A die read cocked is looked at once more
(it may still be settling), and a flat die whose face was not made out is unread, never cocked: no re-roll is
called on a reading that may be wrong. When the dice go unread, a play (or a play of each player) the board shows
is told with its roll when exactly one roll leads there, and the opening play tells the opening roll.
A borne-off count is evidence only when the reader is sure of it (its tray and board agree); an unsure one (a
misplaced tray read empty) is replaced by what the believed board and the roll allow, and a checker gone from the
board is an alarm only when its colour's tray was surely counted and does not hold it (else said, no alarm).
No alarm rests on what the dice reading cannot tell: the last mover rolling again after a play not judged (his
opponent's turn may have been missed), the same player rolling after a dance judged on dice as read (a late
re-roll, not a roll out of turn), a board changed after the mover rolled again (not re-judged as a correction), a
play still unweighed when the opponent's roll and the mover's next were seen (not judged; the player on roll is
the other of the one whose dice were seen last), and dice read again where they lay with the same faces (the same
roll, not a re-roll). A play judged on the mover's checkers only, with the opponent's dice down, takes the
opponent's roll from that same reading and keeps none of his points as a steady misread (he may be moving).

The referee never waits for ever and never alarms on a guess (issue 6). The start is recognised when the reader
counts some of its stacks short on sure points (a miss, never a move: device.seating.start_read_short), and every
count read for it while it stood is its steady misread. Once the opponent has rolled, a reading lacking checkers
(said once) is weighed as read, not dropped (the reader that missed them misses them in every later reading). A
play left not judged makes the believed board a guess (``State.guessed``) until a reading shows the board whole as
read point for point; a play far from every legal result of a guessed board is not judged. In the bear-off no
illegal call rests on an unsure tray count of the mover (his off count was filled in from what the game allows).
A reading that is one legal result exactly as read is that play, even where a steady misread of the board before
reads the same (the last checker, never seen, borne off). An illegal reading that differs from the cheapest legal
result only on points the reader itself read as doubtful in its last readings (``State.doubtful``) is "not sure",
the legal result believed (render 1818: two 5-stacks read 4 made 'moved backwards'); a lone die seen in one reading
only whose face shows in the same player's next roll is that roll's first die, not a late re-roll (h303); a second
die read cocked after a one-die roll is looked at again like any cocked die.

Turn alarms rest on a turn the referee followed (issue 6, G3). "X rolled, but it is Y's turn" only when X's last
roll was read with both dice and his play judged on the board as read (not told by the play, not on a guess);
otherwise Y's turn may have gone unseen: said, and the roll taken as X's. "Rolled before X lifted the dice" only
when each die on X's half is a die of his roll with that face where it lay (a misread or late die proves nothing).
"No checker was moved" is judged only when the play weighed before it was a change the reader saw
(``State.changes_seen``): after an unseen play, another looks exactly like none. The board read over a wrong guess
stays a guess where it departs from the guess on points the reader doubted (race 4242: one checker too many).
Another roll on the mover's half while he plays (other faces, lying elsewhere) is a turn gone by unseen or a
re-roll missed: no foul is called on the old roll (render 1717). No illegal call where a legal result shows point
for point, as read or by the steady misread of a point it leaves untouched (render 1818: a stack read short all
along hid the play's own change there).

Verdicts come at the lift when the reader's doubt cannot matter (issue 6, G5): a point no legal play of the roll
reaches, read short of what the believed board holds (as it was read while the board stood, or doubtful now and
before), holds what it held (``_fill_untouched``; never from a guessed board); the filled points count as sure, so
no verdict rests on them, they never end a guess, and the reader's steady misreads are kept as read.

A guess ends point by point (issue 6, G2): it notes the points it may be wrong on (``State.unsure_points``: where
a legal result the reading may show departs from it, where the reading did, where the reader doubted; the bar and
trays when a hit or bear-off may differ), and two still readings that show those points as guessed, read with
confidence, end it even when a steady misread elsewhere keeps the whole board from reading point for point. A late
re-roll needs evidence the dice were rolled again: a die read again with its face within a die's side of where it
lay (``_die_side_px``) is the same roll; another face there, or a die elsewhere, is a re-roll.

No foul rests on what the referee inferred or on another player's turn (issue 6, G6): a roll told by the play (its
dice never read) is never the ground for an illegal call, so a board corrected after such a play is told again or
said, not judged on the told roll (render 1642); a reading with the opponent's checkers on new points (he has
moved, or they are misread) judges the mover on his own checkers only, legal when they show a legal play exactly,
else not judged (render 1645: a verdict 35 frames late on a board holding the opponent's play); and a die read
alone again on the mover's half is where it lies, however far its first reading under the leaving hand put it.

Verdicts come at the lift when the mover's checkers are evidence enough (issue 6, G7): a reading with the dice
lifted that shows the mover's checkers exactly as one legal result leaves them is that play, judged at once
though the opponent's checkers go unseen (said first, when they lack) or a stack of his is read wildly off (not on
a guess); a reading too short for a knock is weighed as it stands at the lift (not on a guess), judged when
legal. Only legal verdicts come so, and how such a reading saw the opponent's points is no steady misread.

A foul on a guess rests on what was read only (issue 6, G8): a guess's doubtful points (``State.unsure_points``)
holding none of the mover's checkers, the bar and trays sure, his checkers as read fitting no legal result of the
roll whatever the opponent holds on those points (each open or blocked, within his reach): the foul does not rest
on the guess and is called (``_sure_despite_guess``); else "not sure", as before. A reading that makes no board
(a colour over 15) departs from a guess only where its points do, not everywhere (render 1645: a guess unsure of
every point for the rest of the game). A verdict on a board holding the opponent's play (judged on the mover's
checkers) is no clean turn: the mover rolling next is said, never "wrong player" (render 2702).

One misread die makes no re-roll call and no foul on the wrong dice (issue 6, R2). A re-roll on a die on the wrong
half or off the board, read in one reading, is called at the next look of the still scene (the referee asks the
stabiliser for a look at the dice: ``needs_dice_look``), unless two looks show the dice lying where they lay with that
die gone (g1645 frame 556: a 1 read on light's half once; dark's 3 where it lay in every later look): a misread, no
re-roll. A roll goes on at once; a later reading of its dice where they lay with another face leaves it in doubt (no
foul rests on it: said not judged, g2703 frame 761), and two such readings agreeing before a checker moves correct it
(a roll event with ``corrected`` and ``was``). A play that is illegal on the roll as taken but legal with a face a
look read on one of its dice where it lay (a pip lost in the roll's reading: a 3 read 2) is judged on that face, the
roll corrected (``_seen_face_roll``; render 11001 frame 1003); no other face excuses a foul. A die gone while the
other lies is no evidence (the reader misses dice: bo8181 frame 298), but the dice are looked at again; the look
passes on the last reading with the dice read now (``extra["dice_look"]``), and only the dice are taken from it. A die
read on the same pixels with the same face in two earlier turns of the dice (once alone) is something on the board,
not a die, and is dropped (``_drop_fixtures``; render 2801: a '1' read at one spot from frame 0 made three 'wrong
half' re-rolls). So is a die read in the reading the start was first seen in, when no opening roll was taken from it:
nobody had rolled yet (``State.setup_dice``; start-of-game render 7020: a checker's highlight read as a one, a re-roll
before any roll). A die read with a face but under NO_FACE confidence (its pips with no die face round them: the
gap between two checkers read as a one), or a one under NO_FACE_ONE (a pip of a die's own side face beside its top
face: 44434 frame 701), is a die whose face was not made out, and off the roller's half beside a die of his roll it
is no die at all (``faceless``; judging game 18535 frames 201 and 470: two 'wrong half' re-rolls).

Where the checkers a reading lacks stand is no foul, and a foul that stands either way is called (issue 6, R3). A
play read short of the mover's checkers, illegal only if two or more sit unseen on one stack read as it stood, and
legal with one checker missed on a stack read with confidence, is not sure (matching.decide, ``Verdict.rival``;
J7 game 5959 frame 111), and later readings of that play showing the illegal board one short stay so
(``State.stacked``). The guess it leaves keeps the other story as a change to it (``State.guess_rival``): a foul
illegal from the guess and from the rival is called (``_sure_despite_rival``; frame 504), and a guess's doubtful
point shown as guessed, with confidence, in two readings in a row leaves its doubt (``State.guess_seen``). A
mover's checker gone from the bar is a play the reading shows, judged at the lift though where it landed went
unseen (J7 game 1717 frame 448). An illegal call waiting for a second reading takes one that shows its board but
for one lone checker read as none, every legal result still needing a confident misread (frame 975). A die of
the roll that later looks found gone (the other lying, no look confirming the roll) is still no evidence against
the roll, but a foul that another face of it makes legal rests on it: not judged, no alarm (``_other_face_legal``;
g2703 frame 761, where today's reader never finds the misread 4 again). 'No checker was moved' is not judged on a
board that stood as a guess doubting the mover's points, the bar or the trays (race 4242 frame 1614).

A guess doubting the bar keeps a foul unjudged only when the mover's own bar count may be wrong: read otherwise in a
reading while the guess stood (issue 6, R4; g6464 frame 222: light's bar/23 on 6-2 after dark's bar/24* was not
judged, ``_bar_read_as_held``). A mark on the board read as a die, seen in two earlier turns of the dice beside a
whole roll lying elsewhere, is no die even when it is all that is read (g7272 frame 331: it kept dark's dice
'down' after the lift, his play and light's re-roll unjudged). A reading short of the mover's checkers whose
equally cheap illegal boards (the lacking checker on one stack or another) are each a foul, while every legal
result needs a confident misread, is that foul (``matching.decide(either=True)``, asked only on a board believed
for sure; h737 frame 190): the first board is believed as a guess unsure where they differ.

A guess is not unsure of a point the play not judged cannot have changed whatever its roll, read as it stood: one
its mover's opponent held with two checkers or more (issue 6, R10; ``_untouchable``; race 4242 frame 935: light's
7-stack, doubted in every reading, kept his 8/2 on 3-1 'not sure'). A foul called on a guess rests on the mover's
checkers only, so how its reading saw the opponent's points is no steady misread of the board believed after it.
Once a reading showed the roll's dice gone, two dice one on each half, neither where a die of the roll lay, are the
opponent's roll (``_split_roll``; bo8181 frame 1164): the play is final and the die on the wrong half is a re-roll;
so are one on his half and one off the board (render 16003 frames 807 and 954: the off-board re-roll never called).
A re-roll is called once while the dice it was called on lie where they lay, whatever the reader says of their
flatness from reading to reading (``_called_dice_lie``; render 16004 frames 220-222: three calls for one roll).
A roll read late after the opponent's play was not judged (its roll read, the board after it unclear) is judged
from where the roller's checkers stood on the board that play was made from, unless that board was a guess
(``_before_unjudged``, as ``_before_unseen`` for an unread roll; render 19502 frame 448: light's bar/23* taken into
dark's unjudged play, his 13/7 on 2-2 called 'plays only 3 of the four 2s').
A play not judged whose reading shows every checker as read (each colour adding up to 15, nothing filled in) goes
on from that reading, a guess only where it departs from the board before on a point the reader doubted
(``_read_whole``; render 43002 frame 660: a wrong belief after a missed turn kept by its 'steady misreads' left
the next two plays, each read exactly, not judged).
An illegal call's board made whole from a short reading (the checkers it lacks put where misreads were cheapest,
a tall stack read short) gives way to the board two still readings show instead: those checkers read with
confidence on other points of their colour, every other point and the bar as believed (``_repair_moved``; judging
game 73434 frame 356: a lone checker missed at the call and put on a 5-stack made the next legal play a foul). The
board is not made a guess: with tall stacks read short at every look a guess never ended and later fouls went
unjudged.

Events are dicts (see device/events.py); the tracker does no I/O, so the referee can store them before announcing.
``feed`` never raises: a fault of the tracker's own drops that reading (the state as before it) with a
"referee_fault" warning, and after a few in a row it drops what it was in the middle of and goes on like after a
lost track, so a bug never stops a referee in the middle of a match.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import logging
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional

from device.events import is_alert, make_event
from device.seating import BACK_STACK, COLOURS, HOMES, Board, Seating, is_start, other, start_read_short
from device.matching import HARD, SOFT as SOFT_MISREAD, Reference, Verdict, View, cost, decide, face_value, repairs
from device.matching import TALL, face_bar, opponent_arrived, tall_short
from device.matching import on_board, one_lone_unseen, whole_board
from device.matching import low_confidence_points as _low_confidence_points
from device.dice_hold import on_spot
from device.stability import SAME_DIE_PX, cube_side
from device.stability import die_side_px as _die_side_px
from rules.moves import legal_results
from rules.position import CHECKERS, Position
from vision.observation import DieReading, Observation

log = logging.getLogger(__name__)

MAX_SNAP_POINTS = 3  # a reading this close to the expected board (on unsure points only) is taken as it
MAX_START_DOUBT = 4  # the start has four tall stacks, each of which may be doubtful; the other 20 points must match
MAX_KNOCKED = 2  # more checkers missing than this is a misread, not checkers knocked off the board
VANISHED = 2  # a reading short this many of a player's checkers who cannot bear off shows no play of his
MISSING_READS = 2  # agreeing readings with a checker missing before warning that one was knocked off
DOUBT_READS = 2  # how many fresh readings to wait for before saying a play cannot be judged
STALL_READS = 4  # such readings before going on from the likeliest board
ONE_DIE_READS = 3  # readings showing one die only before a re-roll is called (the reader may miss a die)
DOUBT_HISTORY = 6  # accepted readings whose unsure points are remembered (see State.doubtful)
LIFT_LOOKS = 2  # fresh looks at a lift whose reading is too short of checkers to weigh (see _look_at_lift)
COCKED_READS = 1  # fresh readings of a die read cocked before the re-roll is called (it may be settling)
REROLL_MISSES = 2  # fresh looks showing a re-roll's die gone, the other where it lay, before it is taken as a misread
FIXTURE_PX = 1.5  # a die read this close to where dice of two earlier turns were read, same face, is no die
FIXTURE_TURNS = 2  # earlier turns of the dice that must have read it there (renders land dice within 3 px by chance)
FIXTURE_SPOTS = 40  # dice readings remembered for that
ROLL_LOOKS = 3  # fresh looks at a roll's dice, while they lie, asked for when a look disagrees with the roll
ROLL_FIX_READS = 2  # later readings agreeing on other faces for the resting dice before the roll is corrected
WILD_READS = 2  # readings of an opponent's stack wildly off while he waits before the point counts as unsteady
MAX_FAULTS = 3  # readings in a row the tracker fails on before it drops what it was in the middle of
SURE_OFF = 1.0  # the reader's off confidence at which a borne-off count is evidence (its tray and board agree)
NO_FACE = 0.2  # a die read with a face but under this confidence (vision.dice_sure) has no die face round its pips
NO_FACE_ONE = 0.4  # ... a one (a lone pip) under this: see faceless
REPAIR_SEEN = 2  # still readings showing an illegal call's added checkers elsewhere that move them (_repair_moved)
FITTED_SHORT = 2  # the mover's checkers a reading may lack where a legal play fitted to it leaves them, and no guess
FITTED_STACK = 3  # ...counted whole on points of this many of his checkers at most, one on a taller stack (see
# _mover_read_short)


def dice_signature(dice: list[DieReading]) -> tuple:
    return tuple(sorted(((d.value, bool(d.flat), d.half) for d in dice), key=repr))


def roll_values(values: list[int]) -> list[int]:
    """Dice as events list them: higher first (the order GNU Backgammon writes a roll)."""
    return sorted((int(v) for v in values), reverse=True)


low_confidence_points = _low_confidence_points  # kept here for callers of the tracker's old name


def trusted_off(obs: Observation) -> dict[str, Optional[int]]:
    """The borne-off counts the tracker may take as evidence: those the reader is sure of, None for the rest.

    Why: the reader counts the trays (vision.checker_off) and says how far it trusts each count
    (``extra["off_confidence"]``: 1.0 the tray and the board agree, 0.5 one cue only, 0.2 they disagree). A tray
    the board finder put in the wrong place reads as a sure empty one while checkers stand in it (renders 5353 and
    6464): taken as evidence, that zero blocks the snap to the right board and makes the believed borne-off
    checkers "knocked off". A count below SURE_OFF is no evidence either way: the tracker takes what its believed
    board and the roll allow instead (``with_trusted_off``). A reading without confidences (a label, a scripted
    scene, an older reader) states its counts as they are."""
    conf = obs.extra.get("off_confidence")
    out: dict[str, Optional[int]] = {}
    for colour in COLOURS:
        n = obs.off.get(colour)
        sure = conf.get(colour, 0.0) if isinstance(conf, dict) else SURE_OFF
        out[colour] = None if n is None or sure is None or float(sure) < SURE_OFF else int(n)
    return out


def faceless(die: DieReading) -> bool:
    """Whether a die was read with a face but under NO_FACE confidence: its pips have no die face round them.

    Why: the reader says how cleanly a die's pips make its face (vision.dice_sure); a 'one' whose face runs on far
    past the pip on one side gets 0. That is either no die at all (a light gap between two checkers beside the
    bar's strip: judging game 18535 frames 176-205 and 466-470; helper game 16008, 31 readings) or a real die
    misread (judging game 6565 frame 180: a 2 of dark's 2-2 read as a one, 0.0, in every reading). Over ten
    rendered games' readings (seeds 16001-16010) no die read right had a confidence under 0.42. So such a die is
    dropped off the roller's half beside a die of his roll (``GameTracker._without_faceless_strays``) and else
    taken as a die whose face was not made out (``faceless_unread``): no roll, no re-roll rests on its face.

    A one is held to a higher bar, NO_FACE_ONE: a lone pip is the face most often made of a stray pip (a corner pip
    of a 2 or a 3, a side face's pip, a checker's highlight), and its confidence is how its face sits round the pip.
    Judging game 44434 frame 701: dark's 3-2 was read as a 3 and a one of confidence 0.38, a pip on the 3's own
    side face, with the 2 unread. The roll was said as 3-1, and his legal 13/11 7/4 was called a false 'does not
    match the roll'. As a die unread, a later look read the 2 and the 3-2 was said. Faces of more pips keep the
    lower bar: their confidence is how alike their pips are, and a right 6 of dash-like pips read 0.37 (judging
    game 44535 frame 762; a bar of 0.4 for every face lost that roll)."""
    bar = NO_FACE_ONE if die.value == 1 else NO_FACE
    return die.value is not None and die.confidence is not None and float(die.confidence) < bar


def faceless_unread(obs: Observation) -> Observation:
    """``obs`` with each faceless die (see ``faceless``) as a die whose face was not made out (value None).

    Why: with its value, such a die made the roll: judging game 18535 frame 210, light's 6-2 read as 2-1 with a gap
    between two checkers read as a one (0.0) beside his 2, and his play 13/7 10/8 called illegal on 2-1, a false
    alarm. Unread, the die is looked at again and the play tells the roll (``_unread``); alone on the opponent's
    half it voids nothing (``_lone_die_wrong_half`` wants a face). A real die misread so (6565 frame 180, a 2
    read as a one) is a die with its face not made out, which it is."""
    if not any(faceless(d) for d in obs.dice):
        return obs
    return dataclasses.replace(obs, dice=[dataclasses.replace(d, value=None) if faceless(d) else d
                                          for d in obs.dice])


def with_trusted_off(obs: Observation, allowed: Optional[tuple[int, int]] = None) -> Observation:
    """``obs`` with each borne-off count the reader is unsure of (see ``trusted_off``) replaced by what the game
    allows: the checkers the board's points leave, but no more than ``allowed`` (light, dark: those the believed
    board has off plus those the roll may bear off). No evidence either way: a tray misread neither adds borne-off
    checkers nor takes them away, and a checker the board lacks beyond what may be off is still missing (a
    knock, or one the reader missed: the tracker weighs which). Without a believed board the count stays."""
    sure = trusted_off(obs)
    if allowed is None or all(sure[c] is not None or obs.off.get(c) is None for c in COLOURS):
        return obs
    off = dict(obs.off)
    for k, (colour, sign) in enumerate((("light", 1), ("dark", -1))):
        if sure[colour] is None and obs.off.get(colour) is not None:
            on = sum(n * sign for n in obs.points if n is not None and n * sign > 0) + int(obs.bar.get(colour) or 0)
            off[colour] = max(0, min(CHECKERS - on, allowed[k]))
    return dataclasses.replace(obs, off=off)


@dataclass
class State:
    """Everything the tracker knows; JSON-able so the store can keep it and a restart resumes it."""

    phase: str = "setup"
    light_home: Optional[str] = None
    game: int = 0
    turn: Optional[str] = None  # the colour to roll (awaiting) or moving (moving)
    dice: Optional[list[int]] = None
    before: Optional[str] = None  # Position ID from the mover's side at the roll
    board: Optional[list] = None  # last accepted geometric board: [points, bar, off]
    handled: Optional[list] = None  # dice signature already acted on (new dice must differ)
    last_play: Optional[dict[str, Any]] = None  # {player, dice, before, after_board, legal}
    cube_value: int = 1
    cube_owner: Optional[str] = None
    offered_by: Optional[str] = None
    cube_home: Optional[str] = None  # where the unturned cube (64 up) was last read: "top", "middle" or "bottom"
    score: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    match_length: int = 0
    crawford_game: bool = False
    crawford_done: bool = False
    match_over: bool = False
    missing_warned: bool = False
    missing_seen: int = 0
    doubt: int = 0
    unseen_play: Optional[str] = None  # who moved while waiting for his roll (the roll unseen)
    unseen_from: Optional[dict] = None  # the belief (board, seen, seen_bar) before ``unseen_play``'s first change
    early_before: Optional[list] = None  # [before, Position ID]: with the roll taken on ``before`` (read late, after
    # his opponent's play not judged), the mover's checkers as they stood before that play (see _before_unseen): his
    # play may have begun before the roll was read. It counts only while ``before`` is the roll's (State.before)
    one_die_reads: int = 0
    stalled: int = 0  # readings in a row that no event explains and show no clear whole board
    opponent_lost: bool = False  # the last reading lacks an opponent's checker (knocked off, or unseen)
    one_die: bool = False  # the roll was seen with one die only: the play tells the other
    seen: Optional[list] = None  # per point, the counts read while ``board`` stood: the reader's steady misreads
    seen_bar: Optional[list] = None  # [light, dark]: the bar counts read while ``board`` stood (a cube read as one)
    confirm: Optional[list] = None  # the board of an illegal call waiting for one more agreeing reading
    confirm_read: Optional[list] = None  # the reading that showed ``confirm``: [points as read, [bar light, dark],
    # the points (geometric) it was unsure of]
    early_roll: Optional[list] = None
    alerts: int = 0
    faults: int = 0  # readings in a row the tracker failed on (a bug): see GameTracker.feed
    held: Optional[list] = None  # a play told by the board (its roll never read), said once the dice are lifted
    # (see GameTracker._hold_told)
    roll_at: Optional[list] = None  # [value, x, y] of each die read when the roll being played was taken
    turn_seen: Optional[list] = None  # [the pending play's key, opponent rolled, mover rolled after, last roller seen]
    guessed: bool = False  # the believed board is a guess (the likeliest after a play not judged): no alarm on it
    unsure_points: Optional[list] = None  # of a guess: the points (0-based) it may be wrong on; None: any point
    guess_confirms: int = 0  # readings in a row that showed a guess's unsure points as guessed (see _guess_confirmed)
    guess_seen: Optional[list] = None  # a guess's unsure points the last reading showed as guessed, with confidence
    guess_contra: Optional[list] = None  # [[point, guessed, read, readings]]: a guess's unsure points read otherwise
    # with confidence, in that many readings (see _guess_corrected)
    guess_rival: Optional[list] = None  # [[point, change]]: the other story of the doubt that made the guess (the
    # board the reading showed as well, as a change to the guess: see _sure_despite_rival)
    stacked: Optional[list] = None  # [before, rival, legal]: a play weighed not sure on where missed checkers stand
    repaired: Optional[list] = None  # [[points], readings]: where an illegal call's board added checkers to a short
    # reading to make it whole, and the readings since that showed them elsewhere (see _repair_moved)
    doubtful: Optional[list] = None  # the points read unsure in each of the last DOUBT_HISTORY accepted readings
    roll_reads: int = 0  # accepted readings that showed the dice of the roll being played
    roll_frame: int = -1  # the frame of the last reading counted in roll_reads
    changes_seen: bool = False  # the last play weighed in this game was a change the reader saw on the board
    wild_reads: Optional[list] = None  # per point (0-based): readings of a waiting player's stack wildly off it
    reroll_look: Optional[dict] = None  # a re-roll read once, called at the next reading unless it shows a misread
    roll_looked: Optional[list] = None  # the roll_at a later reading showed each die of where it lay, that face
    roll_doubt: Optional[list] = None  # the roll_at a later reading showed a die of gone or another face (see
    # _look_at_roll): both count only while they name the roll being played (st.roll_at)
    roll_alt: Optional[list] = None  # [other values, readings]: the roll's dice read again with other faces
    roll_gone: Optional[list] = None  # [roll_at, index]: a later look found that die of the roll gone, the other lying
    roll_faces: Optional[list] = None  # [[x, y, [faces]]]: each face a look read on a die of the roll where it lay
    roll_blurred: Optional[list] = None  # [roll_at, index]: a later look saw that die where it lay but read no face
    # on it (the other lying with its face): a face the reader cannot make out may be misread the same way again
    dice_spots: Optional[list] = None  # [value, x, y, epoch, [[x, y] of the dice beside]] read lately (_drop_fixtures)
    setup_dice: Optional[list] = None  # [value, x, y] of the dice read in the reading the start was seen in
    dice_epoch: int = 0  # turns of the dice: one more each time a play is judged or dice are rolled anew
    lift_looks: Optional[list] = None  # [dice_epoch, looks]: fresh looks asked at a lift read short (see _look_at_lift)
    late_die: Optional[list] = None  # [dice_epoch, [[value, x, y, half]]]: dice first seen off the mover's half after
    # his roll was taken with one die, waiting for a second reading (see _late_die_again)
    lifted_at: Optional[list] = None  # the roll_at of the roll being played once a reading showed no dice (lifted)
    strays: Optional[list] = None  # [roll_at, [[value, x, y]]]: dice read beside the roll's on the opponent's half
    reroll_due: Optional[list] = None  # [player, lifted, dice(, moved)]: a re-roll was called on him and he has not
    # rolled since; dice: [[value, x, y]] of the dice read when it was called (see _called_dice_lie); moved: his
    # checkers were read moved while those dice lay (see _played_voided)
    cocked_at: Optional[list] = None  # [[x, y]] of the dice a fresh reading of the roll lying now read cocked (see
    # _cocked_unread): cleared when a reading shows no dice


@functools.lru_cache(maxsize=None)
def _start_board(home: str) -> Board:
    """The starting position as seen with the light player's home board at ``home`` (asked for on every reading
    while waiting for the start: made once)."""
    return Seating(home).board(Position.start(), "light")


def _board_json(board: Board) -> list:
    return [list(board.points), list(board.bar), list(board.off)]


def _board_from_json(data: list) -> Board:
    return Board(tuple(data[0]), tuple(data[1]), tuple(data[2]))


class GameTracker:
    """Feed it accepted readings with ``feed(obs, frame, t)``; it returns the events they decide."""

    def __init__(self, match_length: int = 0, light_seat: Optional[str] = None,
                 judge: Optional[Callable[..., Any]] = None, state: Optional[State] = None) -> None:
        self.state = state or State(match_length=match_length)
        self.light_seat_hint = light_seat
        self._judge = judge
        self._frame, self._t = 0, 0.0
        # while waiting for the start: per seating, every count read for each point in readings that show that
        # start (the reader's steady misreads of it over several still frames; see _on_setup)
        self._start_seen: dict[str, list[set[int]]] = {}
        self._out: list[dict[str, Any]] = []
        self.needs_reread = False  # the referee should look again (a doubtful reading)
        self.needs_dice_look: Any = False  # ... at the dice only: "same" or "faces" (see Stabiliser.unsettle)
        self._lift_mine = False  # this reading shows the mover's checkers as one legal result (_lift_shows_mine)
        self._voided_lift = False  # this reading is the first without the dice a re-roll was called on (_resync)
        self._dice_now: list[DieReading] = []  # the dice this reading shows (set in _feed; State.reroll_due)
        # the boards the roll being played can leave, for the (position before, dice, mover) they were made for:
        # every still reading of a play is weighed against them (see _result_boards)
        self._results: tuple[Any, dict[Board, set[tuple[int, int]]]] = (None, {})

    # ------------------------------------------------------------------------------------------- plumbing
    @property
    def seating(self) -> Optional[Seating]:
        return Seating(self.state.light_home) if self.state.light_home else None

    def snapshot(self) -> dict[str, Any]:
        return asdict(self.state)

    @classmethod
    def restore(cls, snapshot: dict[str, Any], **kwargs: Any) -> "GameTracker":
        known = set(State.__dataclass_fields__)
        return cls(state=State(**{k: v for k, v in snapshot.items() if k in known}), **kwargs)

    def judge(self, before: Position, dice: tuple[int, int], after: Position) -> Any:
        if self._judge is None:
            try:
                from rules.judge import judge
            except ImportError:  # the rules engine's judge not installed: legality from the move generator
                judge = _judge_by_results
            self._judge = judge
        return self._judge(before, dice, after)

    def _emit(self, event_type: str, **fields: Any) -> dict[str, Any]:
        event = make_event(event_type, self._frame, self._t, **fields)
        event["game"] = self.state.game
        if event_type == "reroll" or (event_type == "play" and fields.get("legal") is False) or fields.get("alert"):
            self.state.alerts += 1
            event["alert_id"] = self.state.alerts
        if event_type == "reroll" and not fields.get("late") and not fields.get("opening"):
            # he must roll again before he plays (_resync); the dice it was called on are kept (_called_dice_lie)
            self.state.reroll_due = [fields.get("player"), False, _dice_at(self._dice_now)]
        self._out.append(event)
        return event

    def warn(self, message: str, frame: int, t: float, **fields: Any) -> list[dict[str, Any]]:
        """A warning from outside the game logic (camera lost, unreadable frames)."""
        self._frame, self._t, self._out = frame, t, []
        self._emit("warning", message=message, **fields)
        return self._out

    # ----------------------------------------------------------------------------------------------- feed
    def feed(self, obs: Observation, frame: int, t: float) -> list[dict[str, Any]]:
        """The events this accepted reading decides. Never raises: a fault of the tracker's own (a bug) must not stop
        a referee in the middle of a match, so the reading is dropped as if unseen (the state as it was before it),
        a warning is said, and the game goes on with the next reading (see ``_fault``)."""
        saved = copy.deepcopy(self.state)
        try:
            phase = self.state.phase
            out = self._feed(obs, frame, t)
            if (phase != self.state.phase and phase in ("moving", "setup")) or any(
                    e["type"] == "reroll" for e in out):
                self.state.dice_epoch += 1  # the dice were lifted or rolled anew: see _drop_fixtures
        except Exception as exc:  # noqa: BLE001 - any fault here is ours, and the daemon must go on
            log.warning("frame %d: the game tracker failed on this reading (%s: %s); reading dropped", frame,
                        type(exc).__name__, exc)
            log.debug("the tracker's fault", exc_info=True)
            self.state = saved
            return self._fault(exc, frame, t)
        self.state.faults = 0
        return out

    def _fault(self, exc: Exception, frame: int, t: float) -> list[dict[str, Any]]:
        """The tracker failed on a reading. Said once per run of failures; if it fails on several readings in a
        row, what it was in the middle of is what fails: drop it (a pending verdict, a roll being played) and go
        on from the believed board with the turn told by the next roll, as after a lost track."""
        self._frame, self._t, self._out = frame, t, []
        self.needs_reread = False
        self._lift_mine = False  # see _lift_shows_mine: set for this reading in the moving phase
        st = self.state
        st.faults += 1
        if st.faults == 1:
            self._emit("warning", code="referee_fault", message=f"the referee failed on this reading "
                       f"({type(exc).__name__}: {exc}); it goes on: please check the board")
        if st.faults >= MAX_FAULTS:
            st.faults = 0
            st.last_play, st.confirm, st.early_roll, st.offered_by, st.unseen_play = None, None, None, None, None
            st.dice, st.before, st.handled, st.doubt, st.stalled = None, None, None, 0, 0
            st.one_die, st.one_die_reads, st.opponent_lost = False, 0, False
            st.missing_seen, st.missing_warned = 0, False
            if st.board and st.light_home and st.phase != "setup":
                st.phase, st.turn = "awaiting", None
            else:
                st.phase, st.turn = "setup", None
            self._emit("warning", code="resync", message="the referee lost track after failing on several "
                       "readings; going on from the board it believes: please check the board")
        return self._out

    def _feed(self, obs: Observation, frame: int, t: float) -> list[dict[str, Any]]:
        self._frame, self._t, self._out = frame, t, []
        self._release()  # a told play held for the dice's lift: any new reading comes after it
        self._dice_now = obs.dice  # where a re-roll called on this reading lay (State.reroll_due): kept, not measured
        self.needs_reread, self.needs_dice_look = False, False
        self._lift_mine = False  # see _lift_shows_mine: set for this reading in the moving phase
        obs = with_trusted_off(obs, self._off_allowed())  # an unsure borne-off count is no evidence either way
        st = self.state
        obs = self._drop_fixtures(obs)
        if st.phase in ("awaiting", "moving") and st.turn is not None and self.seating is not None:
            obs = self._without_faceless_strays(obs, st.turn)  # the whole reading: every step below sees it so
        obs = faceless_unread(obs)
        if st.phase == "moving":
            obs = self._drop_strays(obs)
        if obs.extra.get("dice_look") and st.phase == "moving":
            # a look at the roll's dice only (device.stability: the checkers are the last reading's, passed on
            # again): it tells about the dice and nothing else, so no history of the board's readings counts it
            if obs.dice and st.turn is not None and self._rolled_unplayed(obs, st.turn):
                self._take_roll_again(obs, st.turn)  # (the checkers as last read: as they stood, see there)
                return self._out
            if obs.dice and self._frame != st.roll_frame:
                self._look_at_roll(obs, Board.from_observation(obs))
                st.roll_reads, st.roll_frame = st.roll_reads + 1, self._frame
            return self._out
        prior = {p for points in (st.doubtful or []) for p in points}  # doubted before this reading
        if obs.board.found and len(obs.points) == 24:
            st.doubtful = ((st.doubtful or []) + [sorted(_low_confidence_points(obs))])[-DOUBT_HISTORY:]
        if st.phase == "moving":
            obs = self._fill_untouched(obs, prior)  # doubt where no play of the roll reaches cannot matter
        board = Board.from_observation(obs)
        snapped = self._snap(obs, board)
        if snapped is not None:
            board = snapped
        if st.phase == "moving":
            self._note_turns(obs)
            if not obs.dice and obs.board.found and st.roll_at:
                st.lifted_at = st.roll_at  # the roll's dice gone: lifted (or both unread: see _split_roll)
            if obs.dice and st.turn is not None and self._rolled_unplayed(obs, st.turn):
                self._take_roll_again(obs, st.turn)
                return self._out
        self._voided_lift = False  # see _resync
        if st.reroll_due is not None:
            # a re-roll was called: until its dice are seen gone, then once more, the turn is his to roll again
            if st.phase != "awaiting" or st.turn != st.reroll_due[0] or st.reroll_due[1]:
                st.reroll_due = None
            elif not obs.dice and obs.board.found:
                st.reroll_due[1] = self._voided_lift = True
        if st.phase in ("opening", "awaiting") and st.board and self.seating is not None:
            # nothing on the board should change: the believed board stands unless the reading shows another
            synced = self._resync(obs)
            if synced == "missing":
                missing = self._lost(View.of(obs), self._reference())
                self._missing(missing)
            if (synced in ("missing", None) and st.phase == "opening" and obs.dice and st.board
                    and not any(n and not b for n, b in zip(obs.points, st.board[0]))):
                # the opening roll is read from the dice alone when no checker stands where none stood (nobody
                # has moved yet: a roll read with a play under way may be misread, g737): a stack read wildly
                # short while both dice lie there (g1812 frame 11: dark's midpoint read 3 of 5, no whole board)
                # does not hide it, and that misread is noted (see _note_wild)
                self._note_wild(obs, opening=True)
                self._on_opening(obs, _board_from_json(st.board))
            if synced in ("missing", None):
                return self._out  # a reading that makes no whole board: wait for a better one
            board = synced  # type: ignore[assignment]
        lift_mine = False  # the dice lifted, the mover's checkers read as one legal result (see _lift_shows_mine)
        if st.phase == "moving" and obs.board.found and len(obs.points) == 24:
            self._note_wild(obs)
            lost = self._lost(View.of(obs), self._reference(), self._bear_off_room())
            # the mover's own checkers are in his hand or on stacks the reader may count short: only the
            # opponent's, which cannot leave the board in this turn (a hit one goes to the bar), tell a knock
            lost = (0, lost[1]) if st.turn == "light" else (lost[0], 0)
            if any(lost) and not obs.dice and self._hit_on_bar(View.of(obs), lost):
                lost = (0, 0)  # checkers just hit, read short on the bar
            st.opponent_lost = any(lost)
            # never on a guessed board: a wrong guess with a doubtful stack filled in made a wrong play 'legal', and
            # a verdict at the lift on a guess (the opponent's checkers gone) kept game 9191's guess from ending
            # at the next clean verdict: its later plays went unjudged and the illegal 6-4 at frame 682 with them
            # (on a guess sure of every checker of the mover's, the verdict rests on nothing guessed: g10400)
            lift_mine = self._lift_mine = ((not st.guessed or self._guess_spares_mover())
                                           and self._lift_shows_mine(obs))
            if any(lost) and (obs.dice or st.missing_seen + 1 < MISSING_READS or not st.missing_warned):
                # a checker knocked off the board, or one the reader missed: with the trays unseen (counts only
                # inferred) the two look alike, so it is said without an alarm
                self._missing(lost, alert=self._trays_counted(obs, lost))
                if not (st.missing_warned and (self._opponent_rolled(obs) or lift_mine)):
                    return self._out
                # said, and the opponent has rolled: the play is final and is weighed on the mover's checkers
                # (the opponent's are what the reading lacks); waiting would wait for ever, as every later
                # reading shows dice and the same lack (g6464: silent from frame 391 to the end)
        if board is None:
            if st.phase == "moving":
                self._moving_unclear(obs)  # judged from the reading against the legal results
            return self._out
        if any(board.missing) and st.phase == "moving":
            board = self._points_explain(obs, board)
        if any(board.missing) and st.phase == "moving" and sum(board.missing) <= MAX_KNOCKED:
            # checkers short: the opponent's were weighed above (knocked off, or hit and read short on the bar). A
            # checker of the mover's that a point the reader is unsure of may hide (a blot read as none there) is
            # no knock, and neither is one short on a reading that shows a play (a checker of it missed: the
            # verdict weighs that); short on a board that has not moved, it is
            view, ref = View.of(obs), self._reference()
            gone = self._lost(view, ref, self._bear_off_room())
            sign = 1 if st.turn == "light" else -1
            played = ref is not None and (any(
                n is not None and (n * sign > max(0, h * sign) or (n * sign < 0 and n != h))
                for n, h in zip(face_value(view, ref), ref.board.points))
                # (or his checker left the bar: it entered, a lone checker the reader missed where it landed, J7
                # game 1717 frame 449: dark's bar/15 judged only at light's roll, 10 frames late)
                or face_bar(view, ref)[0 if st.turn == "light" else 1] < ref.board.bar[0 if st.turn == "light" else 1])
            if not gone[0 if st.turn == "light" else 1] or played:
                self._moving_unclear(obs)
                return self._out
        if any(board.missing):
            # a checker nowhere to be seen. Before the game starts that means nothing; many missing is a misread
            # (or the board being set up), not a knock; one or two, confirmed by more readings, is worth an alarm
            if st.phase == "setup":
                return self._out
            if sum(board.missing) <= MAX_KNOCKED:
                self._missing(board.missing, alert=self._trays_counted(obs, board.missing))
            said = st.missing_warned or sum(board.missing) > MAX_KNOCKED
            if st.phase == "moving" and ((self._opponent_rolled(obs) or lift_mine) and said or (
                    sum(board.missing) > MAX_KNOCKED and (self._lift_legal(obs) or self._lift_steady(obs)))):
                # the opponent has rolled: the play is final and is weighed from the reading (the checkers it
                # lacks were said, or are too many to be anything but a misread); waiting would wait for ever, as
                # the reader that missed them misses them in every later reading (g6464, frame 364 on). So is a
                # reading at the lift that shows the mover's checkers as one legal result, or that, too short for
                # a knock, the read-error model finds one legal result in (issue 6, G7: the verdict it brings)
                self._moving_unclear(obs)
            elif st.phase == "moving":
                self._look_at_lift(obs)
            return self._out
        st.missing_warned, st.missing_seen = False, 0
        for _ in range(4):  # one reading may complete several steps (setup seen with the opening dice down)
            phase = st.phase
            getattr(self, f"_on_{phase}")(obs, board)
            if st.phase == phase:
                break
        return self._out

    def _fill_untouched(self, obs: Observation, prior: set[int]) -> Observation:
        """The reading with each point no legal play of the roll touches, read otherwise than the believed board holds
        it and short of it (or unseen), set to what that board holds when the reader saw it so before the play: read
        the same while the board stood (its steady misread), or doubtful now and doubted in the readings before
        (``prior``). The filled points are named in ``extra["filled_points"]`` and count as sure (every legal result
        holds the same there, so no verdict, legal or illegal, can rest on them).

        Why (issue 6, hard views): after the dice are lifted the board is still for a few frames, but the reader
        reads one far stack wrong there (4 dark checkers on a far point read 0, confidence 0.5; an 8-stack read 0
        in every reading). The reading then lacks checkers, the tracker waited, and the play was judged ~10 frames
        later when the next roll landed (late, or missed), and an illegal play on confident points was never
        called. A point the roll cannot reach holds what it held; only a doubt the play could explain matters.
        A play that moved a checker there (illegally) leaves its count short elsewhere: the reading is then no
        whole board and is weighed as before, never an illegal call made on a doubtful point. Nothing is filled
        from a guessed board (race 4242: a wrong guess filled in made a wrong play 'legal')."""
        st, seating = self.state, self.seating
        ref = self._reference()
        if (seating is None or ref is None or st.turn is None or not st.before or not st.dice or st.guessed
                or not obs.board.found or len(obs.points) != 24):
            return obs  # (a guessed board holds nothing for sure: filled from it, its errors would carry on)
        doubted = _low_confidence_points(obs)
        cands = [i for i in range(24) if obs.points[i] != ref.board.points[i]
                 and (ref.steady(i, obs.points[i]) or (i + 1 in doubted and i + 1 in prior))]
        if not cands:
            return obs
        touched = {i for board in self._result_boards(st.turn) for i in range(24)
                   if board.points[i] != ref.board.points[i]}
        # only counts read short of what the board holds are filled: a reading with more checkers there than the
        # belief may be right where the belief is wrong, and filling it would leave checkers 'missing'
        fill = [i for i in cands if i not in touched and ref.board.points[i] != 0 and (
            obs.points[i] is None or (obs.points[i] * ref.board.points[i] >= 0
                                      and abs(obs.points[i]) < abs(ref.board.points[i])))]
        if not fill:
            return obs
        points = list(obs.points)
        conf = obs.extra.get("point_confidence")
        conf = list(conf) if isinstance(conf, list) and len(conf) == 24 else None
        for i in fill:
            points[i] = ref.board.points[i]
            if conf is not None:
                conf[i] = 1.0
        extra = {**obs.extra, "filled_points": sorted(i + 1 for i in fill), "unfilled_points": list(obs.points)}
        if conf is not None:
            extra["point_confidence"] = conf
        if isinstance(extra.get("occluded_points"), list):
            extra["occluded_points"] = [p for p in extra["occluded_points"] if p - 1 not in fill]
        if extra.get("snapped") and isinstance(extra.get("read_points"), list):
            extra["read_points"] = [ref.board.points[i] if i in fill else n
                                    for i, n in enumerate(extra["read_points"])]
        return dataclasses.replace(obs, points=points, extra=extra)

    def _opponent_rolled(self, obs: Observation) -> bool:
        """The mover's dice are gone and both of his opponent's are down (the play is final; see _on_moving)."""
        st, seating = self.state, self.seating
        if seating is None or st.turn is None:
            return False
        half = seating.right_half(other(st.turn))
        return len(obs.dice) == 2 and all(d.half == half for d in obs.dice)

    def _unsee(self, player: str, board: Board) -> None:
        """A verdict reached with the opponent's dice down judged the mover's checkers only: the opponent may be
        moving his already, so how the reader saw his points in that reading is no steady misread of the believed
        board (kept as one, his play would read as 'nothing moved'). His points keep only what the board holds."""
        st = self.state
        if not st.seen or len(st.seen) != 24:
            return
        sign = 1 if player == "light" else -1
        st.seen = [[b] if (b * sign > 0 or any(n * sign > 0 for n in (v if isinstance(v, list) else [v])))
                   and (v if isinstance(v, list) else [v]) != [b] else v
                   for v, b in zip(st.seen, board.points)]

    def _moving_unclear(self, obs: Observation) -> None:
        """A play weighed on a reading that makes no whole board as read. When the verdict comes on a reading that
        shows the opponent's roll (the mover's dice lifted, his down), that roll is taken from the same reading,
        as ``_feed`` does after any other verdict: missed here, the opponent's roll and play would go untold and
        the mover's next roll would look like a roll out of turn (race game 4242, frame 319)."""
        st = self.state
        self._on_moving(obs, None)
        if st.phase == "awaiting" and obs.dice and st.board and not self.needs_reread:
            self._on_awaiting(obs, _board_from_json(st.board))

    def _note_turns(self, obs: Observation) -> None:
        """Notes, while a play waits for its verdict, the dice seen since: the opponent's roll (both his dice
        down, the mover's gone), then dice on the mover's side again (his next roll). See ``_turn_passed``."""
        st, seating = self.state, self.seating
        if seating is None or st.turn is None or not obs.dice:
            return
        key = [st.turn, st.before, list(st.dice or [])]
        if not st.turn_seen or st.turn_seen[0] != key:
            st.turn_seen = [key, False, False]
        mine, theirs = seating.right_half(st.turn), seating.right_half(other(st.turn))
        if len(obs.dice) == 2 and all(d.half == theirs for d in obs.dice):
            st.turn_seen[1] = True
        elif st.turn_seen[1] and any(d.half == mine for d in obs.dice):
            st.turn_seen[2] = True
        elif self._rolled_anew(obs.dice, mine):
            # the mover's half shows another roll than the one he plays, lying elsewhere: he rolled again (his
            # opponent's turn in between unseen, or a re-roll the referee did not see). Either way no foul can be
            # called on the old roll (render 1717, frame 747: light judged on a 5-3 after dark's 4-1, seen as one
            # die, and light's 3-1)
            st.turn_seen[1] = st.turn_seen[2] = True
        halves = {d.half for d in obs.dice}
        if halves in ({mine}, {theirs}):
            # whose dice were seen last: once they are lifted, the other player is on roll (see _on_moving)
            st.turn_seen[3:] = [st.turn if halves == {mine} else other(st.turn)]

    def _rolled_anew(self, dice: list[DieReading], mine: Optional[str]) -> bool:
        """Whether ``dice`` are a new roll on the mover's half: two flat dice read, not the faces of the roll he
        plays, and neither where a die of that roll lay."""
        st = self.state
        if len(dice) != 2 or not st.dice or not st.roll_at or any(d.half != mine or not d.flat for d in dice):
            return False
        now = _dice_at(dice)
        if len(now) != 2 or roll_values([v for v, _, _ in now]) == list(st.dice):
            return False
        return not any((x - a) ** 2 + (y - b) ** 2 <= SAME_DIE_PX ** 2
                       for _, x, y in now for _, a, b in st.roll_at)

    def _lift_unplayed(self, mover: str, board: Board, obs: Observation, handled: Optional[list]) -> None:
        """The mover's dice lifted with nothing moved (``board``: the board as it stood before his roll) although
        the roll can be played. Judged when the next roll shows who rolls (``_rolled_again``): the same player again
        (the roll did not count: a re-roll said after the fact) or the opponent (the roll was not played: illegal).
        ``handled``: the dice signature already dealt with (an early roll of the opponent's), or None."""
        st = self.state
        st.last_play = {"player": mover, "dice": list(st.dice or []), "before": st.before,
                        "after_board": _board_json(board), "legal": None, "pass_pending": True,
                        "one_die": st.one_die, "roll_at": st.roll_at,
                        "roll_reads": st.roll_reads, "changes_seen": st.changes_seen,
                        # the board stood as a guess: the points (or "any") it may be wrong on
                        "guess": (st.unsure_points if st.unsure_points is not None else "any")
                        if st.guessed else None}
        st.changes_seen = False  # a play the reader may not have seen: the next 'nothing moved' is unsure
        self._believe(board, obs)
        st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", other(mover), None, None, None
        st.handled, st.doubt, st.confirm, st.one_die, st.one_die_reads = handled, 0, None, False, 0

    def _take_roll_again(self, obs: Observation, mover: str) -> None:
        """The mover lifted his dice with nothing played and rolled again (``_rolled_unplayed``): his roll did not
        count (a cocked die read flat). The lift is the lift with nothing moved (``_lift_unplayed``), and this
        reading his next roll: the re-roll said after the fact and the new roll taken (``_on_awaiting``)."""
        ref = self._reference()
        assert ref is not None
        self._lift_unplayed(mover, ref.board, obs, None)
        self._on_awaiting(obs, ref.board)

    def _rolled_unplayed(self, obs: Observation, mover: str) -> bool:
        """Whether the mover rolled again with nothing played: a reading since his roll showed no dice (lifted),
        now two flat dice lie on his half with another roll, neither where a die of his roll lay (``_rolled_anew``),
        and the reading shows the board as it stood before his roll at least as well as any play of that roll.

        Why: at the lift the reading may have been too unclear to say 'nothing moved' (a lone checker missed for
        a reading), and his new dice then read as his roll still down: the play was judged on the roll that did not
        count (judging game 77535 frame 828: light's cocked 4-3 read flat, lifted and rolled again as 5-2, his
        21/16*/14* judged on 4-3, the re-roll and the 5-2 never said)."""
        st, seating = self.state, self.seating
        if (seating is None or not st.roll_at or st.lifted_at != st.roll_at or st.early_roll is not None
                or not obs.board.found or len(obs.points) != 24
                or not self._rolled_anew(obs.dice, seating.right_half(mover))):
            return False
        ref = self._reference()
        if ref is None:
            return False
        view = View.of(obs)
        still = cost(view, ref.board, ref)
        played = min((cost(view, b, ref) for b in self._result_boards(mover) if b != ref.board), default=HARD * 99)
        return still < HARD and still <= played

    def _turn_passed(self) -> bool:
        """The play waiting for its verdict was followed by the opponent's roll and a later roll of the mover's:
        a whole turn (or more) went by unjudged (readings too poor to weigh), so the board now read holds later
        plays too and can call no foul on this one."""
        st = self.state
        return bool(st.turn_seen and st.turn_seen[0] == [st.turn, st.before, list(st.dice or [])]
                    and st.turn_seen[1] and st.turn_seen[2])

    def _points_explain(self, obs: Observation, board: Board) -> Board:
        """``board`` with the checkers a sure tray count leaves missing put back where the board's points explain
        them: the points show every checker the belief has on the board (or a point the reader is unsure of may
        hide the rest, a bear-off the roll allows may have taken them). A tray count alone never says a checker
        left the board (the tray misread: its end found a little off, a shadow); the borne-off checkers of that
        colour are then what the points leave, as when the trays go unseen."""
        lost = self._lost(View.of(obs), self._reference(), self._bear_off_room())
        sure = trusted_off(obs)
        # an unsure count was already set to what the game allows (with_trusted_off): what it leaves missing is
        # the board's and the belief's word, weighed as before
        gone = [g or sure[c] is None for g, c in zip(lost, COLOURS)]
        if all(g for g, m in zip(gone, board.missing) if m):
            return board
        off = tuple(o + m if m and not g else o for o, m, g in zip(board.off, board.missing, gone))
        missing = tuple(m if g else 0 for m, g in zip(board.missing, gone))
        return Board(board.points, board.bar, (off[0], off[1]), (missing[0], missing[1]))

    def _hit_on_bar(self, view: View, lost: tuple[int, int]) -> bool:
        """Whether the opponent's checkers the reading lacks are ones the mover hit with a legal play the reading
        shows, read short on the bar (checkers stacked there overlap; h303: two hit, read as one). Only when the
        bar shows at least one of his: a checker gone while the bar is empty may have left the board."""
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None
        ref = self._reference()
        k = 1 if st.turn == "light" else 0  # the opponent's side of the bar
        if ref is None or not st.before or not st.dice or view.bar[k] < 1 or st.one_die:
            return False
        found = decide(view, list(self._result_boards(st.turn)), ref, mover=1 if st.turn == "light" else -1)
        return (found.kind == "legal" and found.board is not None
                and found.board.bar[k] - view.bar[k] >= lost[k] and found.board.bar[k] > ref.board.bar[k])

    def _missing(self, missing: tuple[int, int], alert: bool = True) -> None:
        """Checkers not on the board (knocked off?): warned once, after agreeing readings; nothing is judged.
        ``alert``: the trays were counted too (else a checker the reader missed looks the same: said, no alarm)."""
        st = self.state
        st.missing_seen += 1
        if st.missing_seen < MISSING_READS:
            self.needs_reread = True
        elif not st.missing_warned:
            st.missing_warned = True
            lost = " and ".join(f"{n} {c}" for c, n in zip(COLOURS, missing) if n)
            self._emit("warning", message=f"{lost} checker(s) not on the board: knocked off?", alert=alert,
                       code="checker_missing")

    # ------------------------------------------------------------------------------------- the believed board
    def _reference(self) -> Optional[Reference]:
        st = self.state
        if not st.board:
            return None
        seen = None
        if st.seen and len(st.seen) == 24:
            seen = tuple(tuple(v) if isinstance(v, list) else (v,) for v in st.seen)
        seen_bar = None
        if st.seen_bar and len(st.seen_bar) == 2:
            seen_bar = (tuple(st.seen_bar[0]), tuple(st.seen_bar[1]))
        return Reference(_board_from_json(st.board), seen, seen_bar)

    def _believe(self, board: Board, obs: Optional[Observation]) -> None:
        """``board`` is now the truth; the reading that showed it keeps the reader's steady misreads of it."""
        self.state.board = _board_json(board)
        self.state.repaired = None  # (of another board: see _repair_moved)
        self.state.stalled = 0
        view = View.of(obs) if obs is not None else None
        raw = obs.extra.get("unfilled_points") if obs is not None else None
        if view is not None and isinstance(raw, list) and len(raw) == 24:
            # how the reader saw it: a point filled from the belief (_fill_untouched) is kept as read (render 1675:
            # a 5-stack believed 7 and filled so, kept as 'seen 7', made the next 5 read there a move)
            view = dataclasses.replace(view, points=tuple(raw))
        if view is None or None in view.points:
            self.state.seen, self.state.seen_bar = None, None
            return
        # how the reader sees this board, misreads and all (a stack it never finds reads as none every time); on
        # the bar only a count one off (the cube or a die's shadow read as a checker, one checker hidden)
        self.state.seen = [[n] for n in view.points]
        self.state.seen_bar = [sorted({b, n} if abs(n - b) <= 1 else {b}) for n, b in zip(view.bar, board.bar)]

    def _believed(self, board: Board, obs: Observation) -> Board:
        """The believed board while nothing should move (``feed`` has re-synced it with this reading)."""
        if self.state.board:
            return _board_from_json(self.state.board)
        self._believe(board, obs)
        return board

    def _resync(self, obs: Observation) -> Any:
        """While nothing should move: the believed board when the reading differs from it only by misreads; the
        whole board the reading shows when it is clearly another (a correction, a play the tracker missed: go on
        from what is there instead of judging every later play from a wrong board); "missing" when checkers are
        gone from confidently read points; None when the reading makes no clear whole board."""
        ref = self._reference()
        assert ref is not None
        view = View.of(obs)
        if not obs.board.found or len(view.points) != 24:
            return None
        moved = self._repair_moved(obs, view, ref.board)
        if moved is not None:
            self._believe(moved, obs)
            return moved
        if cost(view, ref.board, ref) < HARD:
            self.state.stalled = 0
            corrected = self._guess_corrected(obs, ref.board) if self.state.guessed else None
            if corrected is not None:
                self._believe(corrected, obs)  # (its steady misreads and bar counts made anew from this reading)
                return corrected
            if None not in view.points:
                seen = self.state.seen if self.state.seen and len(self.state.seen) == 24 else [[] for _ in range(24)]
                # a count one off what stands joins the counts read for it (a tall stack read 4 and 5 in turn);
                # a wild misread (a stack read as none) never becomes a steady reading
                self.state.seen = [sorted(set(v if isinstance(v, list) else [v])
                                          | ({n} if abs(n - b) <= 1 and n * b >= 0 else set()))  # type: ignore[operator]
                                   for v, n, b in zip(seen, view.points, ref.board.points)]
            bars = self.state.seen_bar if self.state.seen_bar and len(self.state.seen_bar) == 2 else [[b] for b in
                                                                                                   ref.board.bar]
            self.state.seen_bar = [sorted(set(v) | ({n} if abs(n - b) <= 1 else set()))
                                   for v, n, b in zip(bars, view.bar, ref.board.bar)]
            if self.state.guessed and self._guess_confirmed(obs, ref.board):
                self.state.guessed = False  # the points it was unsure of read as guessed, with confidence
            return ref.board
        st = self.state
        if obs.dice and st.phase == "awaiting":
            # dice are down and checkers moved: a roll read late, its play under way. The board before it stands
            # (the play is judged from it once the dice are lifted)
            due = st.reroll_due
            if due is not None and st.turn == due[0] and not due[1] and len(due) == 3:
                due.append(True)  # moved while the dice of his voided roll lie: he may be playing it (_played_voided)
            return ref.board
        if obs.dice and st.phase == "opening":
            # the opening roll not made out and its play under way: no dice read now is trusted (the roll read
            # with the checkers already moving may be misread), and the play tells the roll once they are lifted
            return None
        if self._voided_lift and st.phase == "awaiting":
            # the first reading without the dice of a roll voided by a re-roll call: the player lifted them, or
            # rolled again and the reader missed the new dice. Either way nothing was played since the voided dice
            # were read (a play comes after a roll lies still, and that still scene is this reading), so a change
            # is a misread: the belief stands (g10400 frame 210: dark's wrong-half roll lifted, his stacks read
            # fuller, told as a 2-2 '13/11 6/2 6/4' nobody rolled; his 5-1 played next was called illegal from it).
            # Unless the player played the voided roll itself, with its dice down (see _played_voided)
            voided = self._played_voided(view, ref)
            if voided is not None:
                played = self._missed_play(view, ref, obs, voided)
                if played is not None:
                    return played
            return ref.board
        if st.phase == "awaiting" and not obs.dice and st.offered_by is None:
            played = self._missed_play(view, ref, obs)  # a play whose roll was never read (it may explain a
            if played is not None:                      # checker the reader misses on a stack it moved onto)
                return played
        if st.phase == "opening" and not obs.dice:
            played = self._missed_opening(view, ref, obs)
            if played is not None:
                return played
        if any(self._lost(view, ref, tall_hide=True)):
            # checkers missing while nobody moves: a checker knocked off falls while a hand moves checkers (told
            # in the moving phase); now it is the reader missing one (a lone checker, a shadow). The belief stands
            return ref.board
        offs = ({ref.board.off[0]}, {ref.board.off[1]})
        best: list[tuple[int, Board]] = []
        for c, b in repairs(view, ref, offs):
            if c == 0:  # a whole board as read: a board that adds up only if the reader erred is no news
                best.append((c, b))
        if len({b for _, b in best}) != 1:
            return self._stalled(view, ref, obs)
        if (st.phase == "awaiting" and st.turn is not None and self.seating is not None and not obs.dice
                and st.offered_by is None and self._two_plays(self._unseen_reference() or ref, best[0][1], obs)):
            return best[0][1]
        if st.phase == "awaiting" and st.turn is not None and self.seating is not None:
            mine = self.seating.position(best[0][1], st.turn).player
            if mine != self.seating.position(ref.board, st.turn).player:
                if st.unseen_play != st.turn or not st.unseen_from:
                    # kept: the change may be a play under way (dice unread), its end read next
                    st.unseen_from = {"board": st.board, "seen": st.seen, "seen_bar": st.seen_bar}
                st.unseen_play = st.turn  # the player on roll moved, his roll unseen: his opponent rolls next
        self._believe(best[0][1], obs)
        # a whole board as read point for point is no guess; one whole only through the misreads noted for the
        # board before stays one
        st.guessed = st.guessed and not _shows(obs, best[0][1]) and not self._guess_confirmed(obs, best[0][1])
        return best[0][1]

    def _guess_unsure(self, guess: Board, boards: list[Board], obs: Observation, was_guessed: bool) -> None:
        """Notes the points a guess may be wrong on (G2, issue 6): where a legal result of the play not judged
        holds another count than the guess and the reading may show that result (the play may have changed the
        point), where the reading departs from the guess, and where the reader was unsure; with the points a
        guess before it left unconfirmed (a guess with no such note, after a lost track, stays one). The bar
        (BAR_INDEX) and the trays (OFF_INDEX) count among them when a legal result differs from the guess there (a
        hit, a bear-off) or, for the bar, when it was read otherwise.
        Why: a guess silences the lift rules and every illegal call until a reading shows the whole board point
        for point, which a small board's steady misreads may never do (render 1623: lag 9 frames all game);
        confirming only the points in doubt ends it sooner, and nothing is said on a point still in doubt."""
        st = self.state
        read = Board.from_observation(obs)
        view, ref = View.of(obs), self._reference()
        if len(view.points) == 24:
            # the legal results the reading may show (by soft misreads only), else the ones it shows best: the
            # others it rules out
            costs = [cost(view, b, ref) for b in boards]
            least = min(costs, default=0)
            boards = [b for b, c in zip(boards, costs) if c < HARD or c == least]
        unsure = {i for i in range(24) if any(b.points[i] != guess.points[i] for b in boards)}
        # where the reading departs from the guess, point by point: a reading that makes no board as a whole (a
        # colour read over 15: g1645 frame 322, one phantom on a sure point) still shows each point as read, and
        # taken as departing everywhere it made the guess unsure of every point for the rest of the game
        points = read.points if read is not None else (obs.points if len(obs.points) == 24 else [None] * 24)
        unsure |= {i for i in range(24) if points[i] is None or points[i] != guess.points[i]}
        if any(b.off != guess.off for b in boards):
            unsure.add(OFF_INDEX)
        if read is None or read.bar != guess.bar or any(b.bar != guess.bar for b in boards):
            unsure.add(BAR_INDEX)
        unsure |= {p - 1 for p in _low_confidence_points(obs)} - self._untouchable(guess, points, ref)
        unsure |= {p - 1 for p in obs.extra.get("filled_points") or []}
        seen = None
        if was_guessed:  # the board before the play was a guess too: its doubts still stand
            if st.unsure_points is None:
                st.guess_confirms = 0
                return
            # (a point shown as guessed once before the play, and not in doubt by it, is shown once still)
            seen = [i for i in st.guess_seen or [] if i not in unsure] or None
            unsure |= set(st.unsure_points)
        else:
            st.guess_rival = st.guess_contra = None
        st.unsure_points, st.guess_confirms, st.guess_seen = sorted(unsure), 0, seen

    def _untouchable(self, guess: Board, points: Any, ref: Optional[Reference]) -> set[int]:
        """The points (0-based) the play not judged cannot have changed, whatever its roll, read as they stood: held
        by the mover's opponent with two checkers or more on the board believed before it, and as many in the
        guess and in the reading (issue 6, R10).

        Why: the mover lands on no such point and hits nothing there, and the opponent's checkers do not move in
        the mover's turn, so the reader's doubt about its count (a tall stack read with doubt in every reading)
        says nothing about the play. Noted as a doubt of the guess, it made every later foul of the opponent's,
        whose own checkers stand there, 'not sure' until the reader read that stack with confidence (race 4242
        frame 935: light's 7-stack doubted, his 8/2 on 3-1 at 945 not judged)."""
        st = self.state
        if ref is None or st.turn is None or len(points) != 24:
            return set()
        sign = -1 if st.turn == "light" else 1  # the opponent's checkers
        return {i for i in range(24) if ref.board.points[i] * sign >= 2
                and guess.points[i] == ref.board.points[i] and points[i] == guess.points[i]}

    def _guess_confirmed(self, obs: Observation, board: Board) -> bool:
        """Whether the reading, while nothing moves, shows ``board`` on each point the guess was unsure of, read
        with confidence (not filled, not a steady misread; the bar and trays as the board holds them when they are
        unsure), in GUESS_CONFIRMS readings in a row: the guess is then no guess (its other points were sure)."""
        st = self.state
        read = Board.from_observation(obs)
        if (not st.guessed or st.unsure_points is None or read is None or obs.extra.get("filled_points")
                or (BAR_INDEX in st.unsure_points and read.bar != board.bar)):
            st.guess_confirms, st.guess_seen = 0, None
            return False
        doubted = {p - 1 for p in _low_confidence_points(obs)}
        off = trusted_off(obs)
        if OFF_INDEX in st.unsure_points and (off["light"] != board.off[0] or off["dark"] != board.off[1]):
            st.guess_confirms, st.guess_seen = 0, None
            return False
        # a tall stack the reader doubts in every reading (a layer, more than a row: vision.checker_doubt) is shown
        # by its count read as guessed: its confidence never confirms it (judging game 56434 frames 181-298: dark's
        # 6-stack, read 6 but unsure in every reading, kept a right guess for the rest of the game and dark's fouls at
        # 297 and 398 unjudged)
        shown = [i for i in st.unsure_points if i < 24 and read.points[i] == board.points[i]
                 and (i not in doubted or abs(board.points[i]) >= TALL)]
        if len(shown) < sum(1 for i in st.unsure_points if i < 24):
            # a point shown as guessed, with confidence, in two readings in a row is no longer in doubt, though
            # another still is (a 2-stack the reader always reads 1 kept J7 game 5959's guess from frame 114 to
            # 504, every point but that one long read as guessed): the guess ends point by point (G2)
            twice = set(shown) & set(st.guess_seen or [])
            st.unsure_points = [i for i in st.unsure_points if i not in twice]
            st.guess_seen = [i for i in shown if i not in twice]
            st.guess_confirms = 0
            return False
        st.guess_confirms += 1
        if st.guess_confirms < GUESS_CONFIRMS:
            return False
        st.unsure_points, st.guess_confirms = None, 0
        return True

    def _guess_corrected(self, obs: Observation, board: Board) -> Optional[Board]:
        """The guess with the points it was unsure of set as read, when each was read otherwise with confidence in
        GUESS_FIX_READS readings while nothing moved (not always in a row: one reading a turn is common) and the
        changes together keep each colour's count; else None (the readings are counted in ``State.guess_contra``).

        Why (issue 6, "re-read and recover"): a play not judged leaves the likeliest legal board as a guess. When
        the play was in fact illegal (judging game 38535 frame 641: light's 13/8 2/1 on 3-1, its two landing
        points doubted at the lift) the guess is wrong there, and the readings after it showed those points as
        they stood, with confidence, at every wait; as a count one off the guess they passed for the reader's
        misreads, the guess never ended, and every later foul went unsaid and the last plays unjudged. A change of
        the guess that keeps both colours' counts is what a play's landing squares look like, not a misread (a
        misread adds or drops a checker). The corrected points stay unsure: the guess ends only as before, when
        readings show it point for point (``_guess_confirmed``), so no foul rests on the correction alone."""
        st = self.state
        read = Board.from_observation(obs)
        if st.unsure_points is None or read is None or obs.extra.get("filled_points"):
            return None
        doubted = {p - 1 for p in _low_confidence_points(obs)}
        kept = {int(e[0]): e for e in st.guess_contra or []}
        contra = []
        for i in st.unsure_points:
            if i >= 24 or i in doubted or read.points[i] == board.points[i]:
                continue  # (a point read as guessed, or doubted, starts its count again)
            e = kept.get(i)
            n = e[3] + 1 if e is not None and e[1] == board.points[i] and e[2] == read.points[i] else 1
            contra.append([i, board.points[i], read.points[i], n])
        st.guess_contra = contra or None
        ready = {e[0]: e[2] for e in contra if e[3] >= GUESS_FIX_READS}
        if not ready:
            return None
        points = tuple(ready.get(i, n) for i, n in enumerate(board.points))
        if any(on_board(points, sign) != on_board(board.points, sign) for sign in (1, -1)):
            return None  # a checker more or fewer of a colour: a misread somewhere, not the guess's error
        st.guess_contra = [e for e in contra if e[0] not in ready] or None
        st.guess_confirms, st.guess_seen = 0, None
        log.debug("guess corrected where read otherwise: %s", {i + 1: v for i, v in ready.items()})
        return dataclasses.replace(board, points=points)

    def _stalled(self, view: View, ref: Reference, obs: Observation) -> Optional[Board]:
        """The board has changed in a way no event explains and no whole board reads clearly. Waiting a few
        readings may clear it; if not, go on from the likeliest board the reading shows (said as a warning,
        never an alarm) rather than wait forever or judge later plays from a board that is gone. Whose turn it
        is may then be unknown: the next roll tells it."""
        st = self.state
        st.stalled += 1
        if st.stalled < STALL_READS:
            self.needs_reread = True
            return None
        offs = ({ref.board.off[0]}, {ref.board.off[1]})
        found = min(((c, b) for c, b in repairs(view, ref, offs) if c < HARD), key=lambda cb: cb[0], default=None)
        if found is None:
            return None
        st.stalled = 0
        self._emit("warning", code="resync", message="lost track of the board (readings unclear); going on from "
                   "what is seen: please check the board")
        self._believe(found[1], obs)
        st.guessed = not _shows(obs, found[1])  # a board the reading shows only if the reader erred is a guess
        st.unsure_points, st.guess_confirms = None, 0
        if st.phase == "opening":
            st.phase, st.turn, st.last_play = "awaiting", None, None
        elif st.phase == "awaiting":
            st.turn, st.last_play = None, None
        return found[1]

    @staticmethod
    def _vanished(view: View, ref: Reference, roller: str, before: Position) -> bool:
        """Whether the reading lacks VANISHED or more of the roller's checkers while he cannot bear off this turn,
        and shows none of his arriving anywhere.

        Why: a play moves the roller's checkers, never off the board unless he bears off, so a reading short of
        several of them is the reader's loss, not a play. Taken for a play whose roll was unread (not judged), it
        passed the turn: judging game 44434 frame 200, dark's 4-stack on a black triangle beside the bar read as
        none for sure (and his 7 and 8 points too) while he doubled; the double went to light, dark's take and roll
        after it to the wrong turn, and four events were lost. The next readings showed the stack again. A play
        lands his checkers somewhere: a reading that shows more of them on a point than stood there is a play read
        short, told as before (game 5353 frame 179: dark's 6-6, his dice unread, four of his checkers unseen)."""
        k = COLOURS.index(roller)
        sign = 1 if k == 0 else -1
        if sum(before.player[6:25]) <= 4 - VANISHED:
            return False  # (his last checkers outside home may come in and bear off in this very turn)
        face = face_value(view, ref)
        if None in face:
            return False
        if any(n * sign > max(0, b * sign) for n, b in zip(face, ref.board.points)):  # type: ignore[operator]
            return False  # his checkers arrived somewhere: a play, read short where it left or landed (5353 f179)
        return _short_of(view, ref, k, face) >= VANISHED

    def _missed_play(self, view: View, ref: Reference, obs: Observation,
                     weighed: Optional[tuple[Verdict, Optional[tuple[str, int, int]]]] = None) -> Optional[Board]:
        """The player on roll has played and his roll was not read (dice missed by the reader): when the board is
        a legal result of exactly one roll, that roll and play are told (legal by construction: nothing illegal can
        hide here). Anything else is left to the caller (no verdict on a guess). ``weighed``: ``_told_play``'s
        answer for this reading and ``ref``, when the caller has it already (``_played_voided``)."""
        st, seating = self.state, self.seating
        assert seating is not None
        found, told = weighed if weighed is not None else self._told_play(view, ref)
        if told is None and st.turn:
            self._note_unseen_move(view, ref, found)
        earlier = self._unseen_reference()
        if told is None and earlier is not None:
            # the belief moved to a board the player on roll left half-played (his dice unread): his whole play
            # is told from the board before it
            found, told = self._told_play(view, earlier)
            ref = earlier if told is not None else ref
        if told is None:
            return None
        roller, high, low = told
        dice = [high, low]
        before = seating.position(ref.board, roller)
        if found.kind != "legal" and self._vanished(view, ref, roller, before):
            return None  # no play: the reader lost his checkers (the belief stands; _stalled if it lasts)
        self._settle_last_play(ref.board, obs)
        after = seating.position(found.board, roller)
        legal: Optional[bool] = None
        if found.kind == "legal":
            start = len(self._out)
            self._emit("roll", player=roller, dice=dice, inferred=True)
            legal = self._play_event(roller, dice, before, after, dice_told=2)
            st.changes_seen = True  # the reader saw this play change the board
            self._hold_told(start)
        else:  # likely that play, but a misread could hide another: go on from it, judge nothing
            self._emit("warning", code="unsure_reading", player=roller, roll_unread=True,
                       message=f"{roller}'s roll was not read and the board is not clear; his play is not judged: "
                               "please check the board")
        st.last_play = {"player": roller, "dice": dice, "before": before.position_id(),
                        "after_board": _board_json(found.board), "legal": legal, "told": []}
        self._believe(found.board, obs)
        st.turn, st.handled, st.doubt, st.unseen_play, st.unseen_from = other(roller), None, 0, None, None
        return found.board

    def _played_voided(self, view: View, ref: Reference
                       ) -> Optional[tuple[Verdict, Optional[tuple[str, int, int]]]]:
        """``_told_play``'s answer when the board, read as the dice of a roll voided by a re-roll call are lifted, is
        a play of exactly that roll by its roller, whose checkers were read moved while those dice lay (a change read
        only at the lift is a misread: see the voided lift in ``_resync``); else None.

        Why: a re-roll called on a misread (a flat die read cocked) is ignored by players who see the die flat:
        they play the roll. Left unfollowed, that play made every later play of his look illegal from the board
        before it (judging game 88535 frame 181: light's 5-5 '13/3 8/3(2)' unseen, his next 6-2 '24/22* 8/2*'
        called 'the checkers moved (24/22 13/3 8/3 8/3 8/2) do not match the roll 6-2'). The re-roll was said; the
        position as played stands, and the play is told from the board (``_missed_play``) with that roll: nothing
        illegal can hide in it, since only a legal result of the voided dice, and of no other roll, is taken."""
        st = self.state
        due = st.reroll_due
        if due is None or st.turn != due[0] or len(due) < 4 or not due[3]:
            return None  # no change seen while the voided dice lay: one read only at their lift is a misread
        voided = sorted((int(v) for v, _, _ in due[2]), reverse=True)
        if len(voided) != 2:
            return None
        found, told = self._told_play(view, ref)
        return (found, told) if found.kind == "legal" and told == (st.turn, voided[0], voided[1]) else None

    def _hold_told(self, start: int) -> None:
        """Hold back the events from ``start`` on (a roll told by the play and that play) until the dice are
        lifted: the next still scene after a hand came and went (``release_held``) or the next reading accepted
        (``_feed``), whichever comes first.

        Why: a play is final when the player lifts the dice, and this play is told from the first still board
        that shows it, while the dice the reader never saw still lie: it was said before the play was final
        (judging games 59535 and 85535, dice of 7-10 px never read: 16 told plays 8 frames before the lift, late,
        2 on time). The belief and the turn move on at once as before; only the saying waits. Never an alarm:
        told plays are legal by construction (an alarm among the events is said at once)."""
        held = self._out[start:]
        if not held or any(is_alert(e) for e in held):
            return
        del self._out[start:]
        self.state.held = (self.state.held or []) + held

    def release_held(self, frame: int, t: float) -> list[dict[str, Any]]:
        """The held told play (see ``_hold_told``), said now: a still scene read as before after a hand came and
        went, the dice lifted (device.referee). Empty when nothing is held."""
        self._frame, self._t, self._out = frame, t, []
        self._release()
        return self._out

    def _release(self) -> None:
        st = self.state
        if not st.held:
            return
        for event in st.held:
            event["frame"], event["t"] = int(self._frame), round(float(self._t), 3)
            self._out.append(event)
        st.held = None

    def _two_plays(self, ref: Reference, board: Board, obs: Observation) -> bool:
        """A whole board read while waiting for a roll that is a play of the player on roll followed by one of his
        opponent's, all four dice unread (h737: a 2-1 and a 5-4 the reader never saw): when exactly one pair of
        rolls leads there, both rolls and plays are told (legal by construction), and the player on roll rolls
        next. True when told."""
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None
        first, second = st.turn, other(st.turn)
        start = seating.position(ref.board, first)
        final = seating.position(board, first)  # from the first mover's side
        if final.opponent == start.opponent or final.player == start.player:
            return False  # one of them did not move: not two plays
        rolls = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
        found: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        middles: dict[tuple[tuple[int, int], tuple[int, int]], Position] = {}
        for r1 in rolls:
            for mid in legal_results(start, r1[0], r1[1]):
                if mid == start:
                    continue
                # the second player's checkers only move forward and hit: the first's stand as after his play,
                # but for blots hit to the bar
                hit = final.player_bar - mid.player_bar
                if hit < 0 or any(f > m for f, m in zip(final.player[:24], mid.player[:24])) or (
                        sum(mid.player[:24]) - sum(final.player[:24]) != hit):
                    continue
                theirs = mid.swap()
                for r2 in rolls:
                    if any(res.swap() == final for res in legal_results(theirs, r2[0], r2[1]) if res != theirs):
                        found.add((r1, r2))
                        middles[(r1, r2)] = mid
                if len(found) > 1:
                    return False
        if len(found) != 1:
            return False
        (r1, r2), = found
        mid = middles[(r1, r2)]
        self._settle_last_play(ref.board, obs)
        self._emit("roll", player=first, dice=list(r1), inferred=True)
        self._play_event(first, list(r1), start, mid, dice_told=2)
        self._emit("roll", player=second, dice=list(r2), inferred=True)
        self._play_event(second, list(r2), mid.swap(), final.swap(), dice_told=2)
        st.last_play = {"player": second, "dice": list(r2), "before": mid.swap().position_id(),
                        "after_board": _board_json(board), "legal": True, "settled": True}
        st.changes_seen = True
        self._believe(board, obs)
        st.handled, st.doubt, st.unseen_play, st.unseen_from = None, 0, None, None
        return True

    def _told_play(self, view: View, ref: Reference) -> tuple[Verdict, Optional[tuple[str, int, int]]]:
        """The reading weighed against every play from ``ref`` of the player on roll, and the player and roll it
        tells when it is a play of exactly one roll (else None)."""
        st, seating = self.state, self.seating
        assert seating is not None
        by_board: dict[Board, set[tuple[str, int, int]]] = {}
        for who in [st.turn] if st.turn else list(COLOURS):  # whose turn may be unknown after a re-sync
            start = seating.position(ref.board, who)
            for high in range(1, 7):
                for low in range(1, high + 1):
                    for result in legal_results(start, high, low):
                        if result != start:
                            by_board.setdefault(seating.board(result, who), set()).add((who, high, low))
        found = decide(view, list(by_board), ref)
        rolls = by_board.get(found.board, set()) if found.board is not None else set()
        return found, (next(iter(rolls)) if len(rolls) == 1 else None)

    def _note_unseen_move(self, view: View, ref: Reference, found: Verdict) -> None:
        """The player on roll, his roll unread, read as having moved though no one play and roll tells the reading:
        noted as his unseen play (``State.unseen_play``), the belief left as it was.

        Why: his opponent rolling next is then his turn gone by unseen, not a roll out of turn. Only a reading the
        unmoved board explains no better than with a confident misread, and some play of his (of any roll; several
        may tie) explains with one soft misread at most, is such a move (render 34011, frame 147: dark's 5-3 never
        read, his 18/13 5/2 read with one point unsure; light's next roll was called 'light rolled, but it is dark's
        turn', a false alarm). ``found``: the reading weighed against his plays (``_told_play``). Asked only while he
        is awaited to roll with no die in sight (``_missed_play``)."""
        st = self.state
        if found.legal_cost > SOFT_MISREAD or cost(view, ref.board, ref) < HARD:
            return
        if st.unseen_play != st.turn or not st.unseen_from:
            st.unseen_from = {"board": st.board, "seen": st.seen, "seen_bar": st.seen_bar}
        st.unseen_play = st.turn

    def _before_unseen(self, mover: str, board: Board) -> Optional[str]:
        """The Position ID (``mover`` on roll) of ``board`` with the mover's checkers where they stood before his
        opponent's play that was not judged (``State.unseen_from``); a blot of his where the opponent stands now was
        hit. None when that board is not known or does not add up.

        Why: the mover's roll read late (his dice missed at first) is taken on a board that may hold the start of
        his play as well as his opponent's whole play; both were told apart only by the rule that in the opponent's
        turn the mover's checkers do not move, which this applies."""
        saved = self.state.unseen_from
        if self.seating is None or not saved or not saved.get("board"):
            return None
        return self._mine_as_before(mover, _board_from_json(saved["board"]), board)

    def _before_unjudged(self, roller: str, board: Board) -> Optional[str]:
        """As ``_before_unseen`` for a roll taken after the opponent's play whose roll was read but which was not
        judged (``State.last_play`` with no verdict: the reading after the lift was not clear): ``roller``'s
        checkers where they stood on the board that play was made from. None when there is no such play.

        Why: the roll read late (render 19502 frame 427: light's 2-2, read only once his bar/23* was made, as
        dark's 5-1 was not judged, point 23 unclear) is taken on a board holding the start of the roller's play;
        with dark's play not judged, the board believed as read took bar/23* for part of it, and light's 13/7(3)
        from there was called 'plays only 3 of the four 2s' (a false alarm). In the opponent's turn the roller's
        checkers do not move, so where they stood before that play is where his play began."""
        last = self.state.last_play
        if (self.seating is None or not last or last.get("player") != other(roller) or last.get("legal") is not None
                or last.get("pass_pending") or last.get("on_guess") or not last.get("before")):
            return None  # (a play made from a guess: where the roller's checkers stood is a guess too)
        before = self.seating.board(Position.from_position_id(last["before"]), other(roller))
        return self._mine_as_before(roller, before, board)

    def _before_judged(self, roller: str, board: Board) -> Optional[str]:
        """As ``_before_unjudged`` for a roll taken after the opponent's play was judged: ``roller``'s checkers as
        they stood when that play ended (its judged board). None when there is no such play.

        Why: a roll read late is taken on the board as read then, which may hold the start of the roller's play
        (judging game 13535 frame 1076: light's 5-1, thrown at frame 1046, read only after his bar/20; dark's
        24/18* before it judged legal): from that board light's bar/20 13/12* was 13/12* alone, 'plays only one die'
        (a false alarm, when a second look at the lone die read the roll). In the opponent's turn the roller's
        checkers do not move but for his hits, which the judged board holds."""
        last = self.state.last_play
        if (self.seating is None or not last or last.get("player") != other(roller) or last.get("legal") is None
                or last.get("on_guess") or not last.get("after_board")):
            return None
        return self._mine_as_before(roller, _board_from_json(last["after_board"]), board)

    def _mine_as_before(self, mover: str, before: Board, board: Board) -> Optional[str]:
        """The Position ID (``mover`` on roll) of ``board`` with the mover's checkers as on ``before`` (the board his
        opponent's play was made from); a blot of his where the opponent stands now was hit. None when the boards
        do not add up (see ``_before_unseen``)."""
        assert self.seating is not None
        mine = list(self.seating.position(before, mover).player)
        theirs = self.seating.position(board, mover).opponent
        for i in range(24):  # his point i + 1 is the opponent's point 24 - i (index 23 - i)
            if mine[i] and theirs[23 - i]:
                if mine[i] > 1:
                    return None  # a point of two or more cannot be hit: the boards do not tell one story
                mine[i], mine[24] = 0, mine[24] + 1
        try:
            return Position(tuple(mine), theirs).position_id()
        except ValueError:  # (the rules engine's own check: the boards do not add up)
            return None

    def _unseen_reference(self) -> Optional[Reference]:
        """The belief before the player on roll first moved with his roll unread (see ``_resync``), if he did."""
        st = self.state
        saved = st.unseen_from
        if not saved or not saved.get("board") or st.unseen_play is None or st.unseen_play != st.turn:
            return None
        seen = saved.get("seen")
        seen_t = tuple(tuple(v) for v in seen) if seen and len(seen) == 24 else None
        bars = saved.get("seen_bar")
        bar_t = (tuple(bars[0]), tuple(bars[1])) if bars and len(bars) == 2 else None
        return Reference(_board_from_json(saved["board"]), seen_t, bar_t)

    @staticmethod
    def _trays_counted(obs: Observation, lost: tuple[int, int] = (1, 1)) -> bool:
        """Whether the trays of the colours ``lost`` checkers were surely counted and do not hold them: only then is
        a checker gone from the board an alarm (else one the reader missed looks the same). With confidences
        (``trusted_off``) or without them, each such colour's count must be sure and leave the board short (a
        count written as whatever is not on the board, a reader that cannot see trays, never does)."""
        sure = trusted_off(obs)
        for k, (colour, sign) in enumerate((("light", 1), ("dark", -1))):
            off = sure[colour]
            if not lost[k]:
                continue
            if off is None:
                return False
            on = sum(n * sign for n in obs.points if n is not None and n * sign > 0) + int(obs.bar.get(colour) or 0)
            if int(off) + on >= CHECKERS:
                return False
        return True

    def _off_allowed(self) -> Optional[tuple[int, int]]:
        """Borne-off checkers per colour the game allows now: the believed board's, plus what the roll may bear off
        (None before a board is believed)."""
        if not self.state.board:
            return None
        off = _board_from_json(self.state.board).off
        room = self._bear_off_room()
        return (off[0] + room[0], off[1] + room[1])

    def _bear_off_room(self) -> tuple[int, int]:
        """How many checkers the player moving may bear off with this roll (zero unless all are home)."""
        st = self.state
        if st.phase != "moving" or not st.before or not st.turn or not st.dice:
            return (0, 0)
        before = Position.from_position_id(st.before)
        if any(before.player[6:]):
            return (0, 0)
        room = 4 if len(st.dice) == 1 or st.dice[0] == st.dice[1] else 2
        return (room, 0) if st.turn == "light" else (0, room)

    def _lost(self, view: View, ref: Optional[Reference], extra_off: tuple[int, int] = (0, 0),
              tall_hide: bool = False) -> tuple[int, int]:
        """Checkers of each colour the reading lacks beyond what unsure points read short may hide (up to
        MAX_KNOCKED): gone from the board, not misread. ``tall_hide``: a tall stack of that colour read as it
        stood may hide one more too (a stack grown to six, still read five: held404's 6-point), for a caller
        that must not take such a reading for a board that stands still."""
        if ref is None or None in view.points:
            return (0, 0)
        face = face_value(view, ref)
        out = []
        for k, sign in enumerate((1, -1)):
            short = _short_of(view, ref, k, face) - extra_off[k]
            # an unsure point read lower than it stood, its reading changed since, may hold the missing checkers
            misread = sum(max(0, ref.board.points[p - 1] * sign - max(0, face[p - 1] * sign))  # type: ignore[operator]
                          for p in view.unsure if not ref.steady(p - 1, view.points[p - 1]))
            if tall_hide:
                misread += sum(1 for p in view.unsure if ref.steady(p - 1, view.points[p - 1])
                               and (view.points[p - 1] or 0) * sign >= TALL)
            gone = short - misread
            out.append(gone if 0 < gone <= MAX_KNOCKED else 0)
        return (out[0], out[1])

    # ------------------------------------------------------------------------------------ doubtful readings
    def _close_to(self, obs: Observation, cand: Board, bar_slack: int = 0, most: int = MAX_SNAP_POINTS) -> bool:
        """Whether ``obs`` may show ``cand``: every point that differs is one the reader is unsure of (at most
        a few), the bar differs by at most ``bar_slack`` checkers, and a tray it could count agrees."""
        unsure = low_confidence_points(obs)
        diff = {i + 1 for i in range(24) if obs.points[i] != cand.points[i]}
        if len(diff) > most or not diff <= unsure:
            return False
        bar = abs(int(obs.bar.get("light") or 0) - cand.bar[0]) + abs(int(obs.bar.get("dark") or 0) - cand.bar[1])
        if bar > bar_slack:
            return False
        for i, colour in enumerate(COLOURS):
            seen = obs.off.get(colour)
            sign = 1 if i == 0 else -1
            on = sum(n * sign for n in obs.points if n and n * sign > 0) + int(obs.bar.get(colour) or 0)
            if seen is not None and int(seen) + on == CHECKERS and diff:
                continue  # a tray count the reader inferred from the (doubtful) points says nothing more
            if seen is not None and int(seen) != cand.off[i]:
                return False
        return True

    def settle(self, obs: Observation) -> Observation:
        """The reading as the game state expects it, when it differs from that only where the reader is unsure.

        Applied to every read before the stabiliser compares reads: two reads of one still scene that jitter only
        on doubtful points (a tall stack read 4 then 5) then agree, so a start position or a roll is accepted.
        Only the expected board of a quiet phase is ever put in (a starting position while waiting for one, the
        standing position before a roll); a play is never snapped, so an illegal play still shows."""
        sure = with_trusted_off(obs, self._off_allowed())  # an unsure tray count neither blocks nor makes a snap
        snapped = self._snap(sure, Board.from_observation(sure))
        if snapped is None:
            return obs
        off = {c: (snapped.off[i] if obs.off.get(c) is not None else None) for i, c in enumerate(COLOURS)}
        return Observation(board=obs.board, points=list(snapped.points),
                           bar={"light": snapped.bar[0], "dark": snapped.bar[1]}, off=off, dice=list(obs.dice),
                           cube=obs.cube, warnings=list(obs.warnings), image=obs.image,
                           extra={**obs.extra, "snapped": True, "read_points": list(obs.points)})

    def _snap(self, obs: Observation, board: Optional[Board]) -> Optional[Board]:
        """Outside a verdict, the game state resolves a doubtful reading: the board that is expected (a starting
        position while waiting for one; the position as it stands while nothing should change) when the reading
        differs from it only where the reader is unsure. Verdicts never snap: an illegal play must show."""
        st = self.state
        if not obs.board.found or len(obs.points) != 24:
            return None
        cands: list[tuple[Board, int]] = []
        if st.phase == "setup" and not st.match_over:
            cands += [(start, 1) for start in self._start_boards()]
        elif st.phase in ("opening", "awaiting") and st.board:
            cands.append((_board_from_json(st.board), 0))
        if board is not None and any(board.same_checkers(c) for c, _ in cands):
            return None
        most = MAX_START_DOUBT if st.phase == "setup" else MAX_SNAP_POINTS
        for cand, bar_slack in cands:
            if self._close_to(obs, cand, bar_slack, most):
                return self._start_read(obs, cand)
        if st.phase == "setup":
            short = [cand for cand, bar_slack in cands if self._start_read_short(obs, cand, bar_slack)]
            if len(short) == 1:  # one seating only: the colours and seats the reading shows agree with it
                return self._start_read(obs, short[0])
        return None

    def _start_read(self, obs: Observation, cand: Board) -> Board:
        """``cand`` (a starting position while waiting for one, else the standing board), noting how this reading
        saw the start: a stack read 2 in one frame and 1 in the next (h515's dark 8-point) is then the reader's
        steady misread of it from the first reading on, not a change that holds the opening roll back. Only counts
        short of a stack on its own colour are kept (a phantom on an empty point is no steady reading)."""
        if self.state.phase != "setup":
            return cand
        home = next((h for h in HOMES if _start_board(h).points == cand.points), None)
        raw = obs.extra.get("read_points") if obs.extra.get("snapped") else obs.points
        if home is not None and isinstance(raw, list) and len(raw) == 24 and None not in raw:
            seen = self._start_seen.setdefault(home, [set() for _ in range(24)])
            for i, (n, b) in enumerate(zip(raw, cand.points)):
                if n == b or (n is not None and n * b > 0 and abs(n) < abs(b)) or (n == 0 and abs(b) == BACK_STACK):
                    seen[i].add(int(n))
        return cand

    def _start_read_short(self, obs: Observation, cand: Board, bar_slack: int) -> bool:
        """Whether ``obs`` shows the starting position ``cand`` with stacks the reader counted short where it was
        sure (see device.seating.start_read_short): the start is taken as set up rather than never seen (a
        referee that never starts is the worst failure). Not when a colour read short shows a checker on the bar
        (a hit one) or a tray surely counted holds a checker."""
        short = start_read_short(tuple(obs.points), low_confidence_points(obs), cand.points, MAX_START_DOUBT)
        if short is None:
            return False
        bar = (int(obs.bar.get("light") or 0), int(obs.bar.get("dark") or 0))
        if any(bar[k] for k, sign in enumerate((1, -1)) if sign in short) or sum(bar) > bar_slack:
            return False
        return not any(trusted_off(obs).values())

    def _start_boards(self) -> list[Board]:
        """The starting position under each seating the light-seat hint allows (geometric boards)."""
        hint = self.light_seat_hint
        return [_start_board(h) for h in HOMES
                if not hint or hint in (Seating(h).light_seat, Seating(h).light_home)]

    def start_wait_message(self, obs: Observation, waited_s: float) -> Optional[tuple[str, list[int]]]:
        """While waiting for the starting position: what the camera sees instead (the points that differ from the
        nearer start), as a message and the points (1-24, geometric) that differ; None when not waiting. Why: a
        referee that never sees the start never starts, and in silence the players cannot tell a checker set up
        wrong from one the camera cannot make out (judging game 3737: a dark 2-stack beside the tray read as none
        for the whole game, without a word). The referee says it as a warning, never an alarm."""
        st = self.state
        if st.phase != "setup" or st.match_over:
            return None
        waited = f"waiting {waited_s:.0f} s for the starting position"
        if not obs.board.found or len(obs.points) != 24:
            return None  # no board: the referee says so already ("board not found", code board_lost)
        start = min((b.points for b in self._start_boards()),
                    key=lambda pts: sum(n != want for n, want in zip(obs.points, pts)))
        differ = [i for i, (n, want) in enumerate(zip(obs.points, start)) if n != want]

        def said(n: Optional[int]) -> str:
            return "unseen" if n is None else "empty" if n == 0 else f"{abs(n)} {'light' if n > 0 else 'dark'}"

        if len(differ) > MAX_START_DOUBT + 2:
            return f"{waited}: the board does not look like it yet ({len(differ)} of 24 points differ)", []
        where = [f"point {i + 1} reads {said(obs.points[i])}, the start has {said(start[i])}" for i in differ]
        where += [f"{obs.bar[c]} {c} read on the bar" for c in COLOURS if obs.bar.get(c)]
        what = "; ".join(where) or "the reading is not sure enough"
        return (f"{waited}: {what} (points numbered from the camera's bottom right): check those checkers, the "
                "light and the camera's view", [i + 1 for i in differ])

    # --------------------------------------------------------------------------------------------- phases
    def _on_setup(self, obs: Observation, board: Board) -> None:
        if self.state.match_over:
            return
        seating = Seating.from_start(board, self.light_seat_hint)
        if seating is None:
            return
        st = self.state
        st.light_home = seating.light_home
        st.game += 1
        st.phase = "opening"
        st.turn, st.dice, st.before, st.last_play, st.early_roll = None, None, None, None, None
        st.changes_seen = False
        st.wild_reads = None
        st.cube_value, st.cube_owner, st.offered_by = 1, None, None
        st.setup_dice = _dice_at(obs.dice)
        self._believe(board, obs)
        noted = self._start_seen.get(seating.light_home)
        if noted and st.seen and len(st.seen) == 24:
            st.seen = [sorted(set(v) | noted[i]) for i, v in enumerate(st.seen)]
        self._start_seen = {}
        st.handled = None
        if st.crawford_game:
            st.crawford_game, st.crawford_done = False, True
        if st.match_length and not st.crawford_done and max(st.score.values()) == st.match_length - 1:
            st.crawford_game = True
        self._emit("setup", light=seating.light_seat, home=seating.light_home.split("-")[1],
                   position_id=Position.start().position_id(), match_length=st.match_length,
                   score=dict(st.score), crawford=st.crawford_game)

    def _on_opening(self, obs: Observation, board: Board) -> None:
        st, seating = self.state, self.seating
        assert seating is not None
        board = self._believed(board, obs)
        sig = dice_signature(obs.dice)
        if not obs.dice:
            st.handled = None
            return
        if _as_list(sig) == st.handled or len(obs.dice) != 2:
            return
        if not is_start(board, seating):
            # the checkers moved: the opening was missed and play is on. A legal opening play tells the roll
            # (_missed_opening); a roll on one half after an untold one ends the opening (_opening_missed)
            self._opening_missed(obs, board)
            return
        if (_unread(obs.dice) and st.doubt < ONE_DIE_READS) or (_cocked(obs.dice) and st.doubt < COCKED_READS):
            st.doubt += 1  # a face not made out, or a die read cocked: look again before anything is said
            self.needs_reread = True
            return
        st.handled, st.doubt = _as_list(sig), 0
        halves = [d.half for d in obs.dice]
        owners = [seating.roller_of_half(h) for h in halves]
        bad = self._reroll_reason(obs.dice, need_half=None)
        if bad is None and owners[0] == owners[1]:
            bad = "wrong_half"
        if bad is not None and len(_dice_at(obs.dice)) == len(obs.dice) == len(st.setup_dice or []) and _same_roll(
                st.setup_dice, obs.dice, FIXTURE_PX):
            # every die lies, with its face, on the pixels it lay on when the start was first seen: nobody has
            # rolled since, so no roll was made to be made again. Start-of-game render 7020: a dark checker's
            # highlight read as a one on two checkers of a stack from the first frame, a 'wrong half' re-roll
            # called before anyone rolled. (Opening dice already down when the start is first seen are so too;
            # their play still tells the opening roll: _missed_opening.)
            return
        if bad is not None:
            culprit = [o for d, o in zip(obs.dice, owners) if not d.flat or o is None]
            player = culprit[0] if len(set(culprit)) == 1 else None
            self._emit("reroll", player=player, reason=bad, opening=True)
            return
        if _unread(obs.dice):
            return  # a face still not made out: no opening roll is said; the opening play tells it (_missed_opening)
        values = {o: int(d.value) for d, o in zip(obs.dice, owners)}  # type: ignore[arg-type]
        light, dark = values["light"], values["dark"]
        first = None if light == dark else ("light" if light > dark else "dark")
        self._emit("opening_roll", light=light, dark=dark, first=first)
        if any(on_spot(d, st.setup_dice or [], FIXTURE_PX) for d in obs.dice):
            st.setup_dice = None  # the dice down when the start was seen were the opening roll: no fixtures
        if first is None:
            return
        st.phase, st.turn = "moving", first
        st.dice = roll_values([light, dark])
        st.roll_at = _dice_at(obs.dice)  # where the opening dice lay: the roll's dice (see _lie_as_rolled)
        st.before = Position.start().position_id()

    def _note_wild(self, obs: Observation, opening: bool = False) -> None:
        """Count readings, during the mover's play, of an opponent's stack (two or more checkers, which no play of
        the mover's can shrink: only a lone checker is hit) read two or more checkers off, on its side or empty.
        The reader cannot count such a point (a stack under a glare, dark on dark): see ``_unsteady_points``.
        Readings with the opponent's dice down are left out (he may be moving already)."""
        st, seating = self.state, self.seating
        view, ref = View.of(obs), self._reference()
        if ref is None or seating is None or (st.turn is None and not opening) or len(view.points) != 24:
            return
        mover = st.turn
        if not opening and (len(obs.dice) >= 3 or (len(obs.dice) == 2 and all(
                d.half == seating.right_half(other(mover)) for d in obs.dice))):  # type: ignore[arg-type]
            return
        if not st.wild_reads or len(st.wild_reads) != 24:
            st.wild_reads = [0] * 24
        sign = 0 if opening else (1 if mover == "light" else -1)  # before the opening roll: every stack waits
        for i, (n, b) in enumerate(zip(view.points, ref.board.points)):
            if n is not None and (b * sign <= -2 if sign else abs(b) >= 2) and n * b >= 0 and abs(n - b) >= 2:
                st.wild_reads[i] += 1

    def _unsteady_points(self) -> set[int]:
        """Points (1-based, as ``View.unsure``) read wildly off a standing stack in WILD_READS readings or more
        this game (see ``_note_wild``)."""
        reads = self.state.wild_reads or []
        return {i + 1 for i, k in enumerate(reads) if k >= WILD_READS}

    def _missed_opening(self, view: View, ref: Reference, obs: Observation) -> Optional[Board]:
        """The opening roll was not read (a die hidden or missed) but its play is on the board with the dice
        lifted: the play tells the roll when exactly one player and one non-double roll lead there (weighed with
        the read-error model like any play). The play is then legal by construction, so nothing illegal can hide
        here; an ambiguous board waits (it may be a misread, or the board being rearranged)."""
        st, seating = self.state, self.seating
        assert seating is not None
        start = Position.start()
        by_board: dict[Board, set[tuple[str, int, int]]] = {}
        for mover in COLOURS:
            for high in range(2, 7):
                for low in range(1, high):
                    for result in legal_results(start, high, low):
                        by_board.setdefault(seating.board(result, mover), set()).add((mover, high, low))
        found = decide(view, list(by_board), ref)
        if found.board is None or found.board not in by_board or len(by_board[found.board]) != 1:
            return None
        mover, high, low = next(iter(by_board[found.board]))
        values = {mover: high, other(mover): low}
        after = seating.position(found.board, mover)
        legal: Optional[bool] = None
        if found.kind == "legal":
            self._emit("opening_roll", light=values["light"], dark=values["dark"], first=mover, inferred=True)
            legal = self._play_event(mover, [high, low], start, after, dice_told=2)
        else:  # likely that play, but a misread could hide another: go on from it, judge nothing
            self._emit("warning", code="unsure_reading", player=mover, roll_unread=True,
                       message=f"the opening roll was not read and the board is not clear; {mover}'s opening play "
                               "is not judged: please check the board")
        st.last_play = {"player": mover, "dice": [high, low], "before": start.position_id(),
                        "after_board": _board_json(found.board), "legal": legal, "told": []}
        self._believe(found.board, obs)
        st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", other(mover), None, None, None
        st.handled, st.doubt, st.confirm = None, 0, None
        return found.board

    def _without_faceless_strays(self, obs: Observation, roller: str) -> Observation:
        """``obs`` without the faceless dice (see ``faceless``) that cannot be a die of a roll: any beside two dice
        read with their faces (the roll), and those off ``roller``'s half (the player on roll, or moving) while a die
        read with a face lies on it, or while he moves. A die of his roll is on his half, so such a faceless die is
        the gap between checkers read as a one (judging game 18535 frame 470: that 'one' on the left half beside
        dark's 4 on the right made a 'wrong half' re-roll call, a false alarm). A faceless die on his own half with
        no second faced die stays, unread (``faceless_unread``): it may be a die of his roll misread (6565 frame
        180)."""
        if not any(faceless(d) for d in obs.dice):
            return obs
        seating = self.seating
        assert seating is not None
        own = seating.right_half(roller)
        faced = [d for d in obs.dice if d.value is not None and not faceless(d)]
        if len(faced) >= 2:
            # two dice read with their faces are the roll; a third, faceless, is no die (judging game 21535 frame
            # 686: dark's 6-4 read beside a 'one' of confidence 0.04 on a checker's print, and his roll not taken)
            return dataclasses.replace(obs, dice=faced)
        if self.state.phase == "moving" or any(d.half == own for d in faced):
            # while he moves, a faceless die off his half is no die of his roll; with his dice lifted, it kept
            # the lift from being seen (21535 frame 660: light's play judged 36 frames late, at dark's next roll, and
            # dark's roll and dance in between never seen: 'light rolled, but it is dark's turn', a false alarm).
            # A die of the opponent's next roll read so is read again once both are down
            return dataclasses.replace(obs, dice=[d for d in obs.dice if d.half == own or not faceless(d)])
        return obs

    def _lone_die_wrong_half(self, roller: str, die: DieReading) -> bool:
        """Whether a roll seen as one die only, in two fresh readings of a still scene, is void by that die
        alone: it lies flat on the opponent's half, its face read, after a turn of the opponent's that the referee
        followed cleanly (his roll, his play judged, his dice lifted), with no roll of ``roller`` missed.

        Why (issue 6): where the other die is does not matter then (on the roller's half, the other half or off
        the board, unread): a die of the roll on the wrong half voids it. Waiting for the other die missed every
        such re-roll whose other die the reader did not see (bo8181 frames 460 and 1756: a split roll, one die
        unread). After a turn not followed cleanly the board may hold a turn the reader missed, and the die may be
        the opponent's own roll: nothing is called then (as for two dice, see ``_on_awaiting``). Nor after a turn
        of his in which no checker moved (a dance): the dancer rolling again, one die unread, reads the same."""
        st, seating = self.state, self.seating
        assert seating is not None
        if die.center is not None and len(die.center) == 2 and _earlier_spots(die, st.dice_spots, st.dice_epoch):
            # read there with that face in an earlier turn of the dice: perhaps something on the board taken for a
            # die, not yet read often enough to be dropped as one (_drop_fixtures). Alone it voids no roll
            return False
        return (die.half is not None and die.half == seating.right_half(other(roller)) and die.flat
                and die.value is not None and st.unseen_play != roller and not self._pass_pending()
                and self._followed(st.last_play, other(roller)) and bool(st.changes_seen))

    def _reroll_reason(self, dice: list[DieReading], need_half: Optional[str]) -> Optional[str]:
        """Why this roll must be rolled again, or None. A flat die whose face was not made out (value None: two
        readings of it disagree, a face seen at a slant) is unread, not cocked: see ``_unread``."""
        if any(d.half is None for d in dice):
            return "off_board"
        if any(not d.flat for d in dice):
            return "cocked"
        if need_half is not None and any(d.half != need_half for d in dice):
            return "wrong_half"
        return None

    def _opening_missed(self, obs: Observation, board: Board) -> None:
        """Leave the opening when a player's roll lies on one half of a board no longer at the start: the opening
        roll and its play went by unread and untold, and play is on. Why: the opening play tells the opening roll
        only when it is legal (``_missed_opening``); after an illegal one nothing did, and the referee waited for an
        opening roll while every later roll was read (render 14535: the opening 6 never read, dark's opening play
        illegal, 20 rolls read and ignored until a resync at frame 863). The game goes on from the board as seen,
        whose turn it is told by this roll (never an alarm: a warning says the opening play was not judged)."""
        st, seating = self.state, self.seating
        assert seating is not None
        if len(obs.dice) != 2 or _unread(obs.dice) or _cocked(obs.dice):
            return
        half = obs.dice[0].half
        if half is None or obs.dice[1].half != half or seating.roller_of_half(half) is None:
            return
        self._emit("warning", code="unsure_reading", roll_unread=True,
                   message="the opening roll was not read and the opening play "
                   "could not be told from the board; going on from the board as seen: please check it")
        st.phase, st.turn, st.last_play, st.handled, st.doubt = "awaiting", None, None, None, 0
        st.guessed = not _shows(obs, board)

    def _on_awaiting(self, obs: Observation, board: Board) -> None:
        st, seating = self.state, self.seating
        assert seating is not None
        if st.turn is None:  # lost track of whose turn it is (see _stalled): the next roll tells it
            halves = {d.half for d in obs.dice}
            if len(obs.dice) != 2 or len(halves) != 1 or seating.roller_of_half(halves.pop()) is None:
                return
            st.turn = seating.roller_of_half(obs.dice[0].half)
        assert st.turn is not None
        roller = st.turn
        early: Optional[str] = None  # see State.early_before
        last = st.last_play
        if (obs.dice and last and last.get("player") == other(roller) and not last.get("settled")
                and all(d.half == seating.right_half(other(roller)) for d in obs.dice)):
            last["rolled_again"] = True  # dice on the last mover's side after his verdict: see _settle_last_play
        board = self._believed(board, obs)
        if self._cube_action(obs, board):
            return
        if self._settle_reroll_look(obs):
            return  # one look against the re-roll: look again before anything is said
        if not obs.dice:
            st.handled, st.doubt, st.cocked_at = None, 0, None
            return
        sig = _as_list(dice_signature(obs.dice))
        if sig == st.handled:
            return
        if self._called_dice_lie(roller, obs):
            st.handled, st.doubt = sig, 0  # the dice a re-roll was called on, still down: called once
            return
        if len(obs.dice) == 1 and st.handled is None:
            # a roll with only one die seen: the other left the board, or the reader missed it. The roll goes on
            # with the die seen: the other is read later, or told by the play (see _on_moving); a re-roll called
            # on a missed die would be a false alarm, so only a warning is said if it stays unseen
            die = obs.dice[0]
            again = self._rolled_again(roller, obs, board)
            if again is not None:
                roller = again
            if die.half == seating.right_half(roller) and die.flat and die.value is not None:
                if again is None:
                    self._settle_last_play(board, obs)
                st.handled = sig
                st.phase, st.dice, st.one_die, st.doubt, st.unseen_play = "moving", [int(die.value)], True, 0, None
                st.roll_at, st.roll_reads, st.roll_frame = _dice_at(obs.dice), 1, self._frame
                st.before = seating.position(board, roller).position_id()
                st.early_before = None
                self.needs_reread = True
                return
            if st.doubt >= 1 and again is None and self._lone_die_wrong_half(roller, die):
                # a die of the roll on the wrong half voids it wherever the other lies: called on the second
                # fresh reading that shows it, as a re-roll read once is looked at once more (_reroll_after_look).
                # Waiting ONE_DIE_READS for the other die said it 4 frames late (bo8181 frame 460)
                st.doubt = 0
                st.handled = sig
                self._settle_last_play(board, obs)
                self._emit("reroll", player=roller, reason="wrong_half")
                return
            if st.doubt < ONE_DIE_READS:
                st.doubt += 1
                self.needs_reread = True
                return
            st.doubt = 0
            st.handled = sig
            self._emit("warning", message=f"{roller} rolled but only one die is seen on the board: if the other "
                       "left the board, roll again", code="one_die", player=roller)
            return
        if len(obs.dice) != 2:
            return
        unread = _unread(obs.dice)
        if (unread and st.doubt + 1 < ONE_DIE_READS) or self._cocked_settling(obs):
            # a face not made out (not a cocked die), or a die read cocked (a die still rocking, or a flat die
            # whose side face caught the light): look again before anything is said. A face still not made out in
            # the ONE_DIE_READS-th reading is taken so (the play tells it): waiting for one more reading took the
            # roll on the first reading after the hand had played with the dice down, and that play then looked
            # like misreads of the board as it stood (helper game 71501 frame 933: dark's 8/1 never announced)
            st.doubt += 1
            self.needs_reread = True
            return
        st.handled = sig
        need = seating.right_half(roller)
        reason = self._reroll_reason(obs.dice, need_half=need)
        if (reason == "wrong_half" and all(d.half == seating.right_half(other(roller)) for d in obs.dice)
                and st.unseen_play == roller):
            # the player on roll moved checkers without a roll being read, and now his opponent rolls: he played
            # a roll the reader missed. Say so (not judged), and take this roll
            self._emit("warning", code="unsure_reading", player=roller, roll_unread=True,
                       message=f"{roller}'s roll was not read; his play is not judged: please check the board")
            early = self._before_unseen(other(roller), board)
            st.unseen_play, st.last_play = None, None
            roller = st.turn = other(roller)
            reason = self._reroll_reason(obs.dice, need_half=seating.right_half(roller))
        last = st.last_play
        if (reason == "wrong_half" and all(d.half == seating.right_half(other(roller)) for d in obs.dice)
                and not self._pass_pending() and not self._followed(last, other(roller))):
            # the referee did not see the last turn end cleanly (a play not judged, a roll not read but told by
            # the play, a play on a guessed board, or no play of the last mover known at all): the board may also
            # hold a turn of the player on roll that the reader missed (his roll, his play). The last mover
            # rolling again is then no proof of a foul: say so without an alarm, and take the roll as his
            self._emit("warning", code="unsure_reading", player=roller,
                       message=f"{other(roller)} rolls again after a turn not followed: {roller}'s turn may have "
                               "been missed; please check the board")
            if last:
                last["settled"] = True
            st.last_play = None
            roller = st.turn = other(roller)
            reason = self._reroll_reason(obs.dice, need_half=seating.right_half(roller))
        if (reason == "wrong_half" and all(d.half == seating.right_half(other(roller)) for d in obs.dice)
                and not self._pass_pending()):
            self._emit("warning", message=f"{other(roller)} rolled, but it is {roller}'s turn to roll",
                       code="wrong_player", player=other(roller), alert=True)
            return
        again = self._rolled_again(roller, obs, board)
        if again is not None:
            roller = again
        else:
            self._settle_last_play(board, obs)
        if reason is not None and again is None:
            self._reroll_after_look(roller, reason, obs)
            return
        if again is not None:
            reason = self._reroll_reason(obs.dice, need_half=seating.right_half(roller))
            if reason is not None:
                self._reroll_after_look(roller, reason, obs)
                return
        if unread and self._cocked_unread(obs):
            # the die whose face is not made out was read cocked where it lies, in a fresh reading of this roll,
            # and never read flat with a face since: the cocked reading stands (see _cocked_unread)
            st.doubt = 0
            self._emit("reroll", player=roller, reason="cocked")
            return
        if unread:
            # a face the reader cannot make out after looking again: the roll goes on with the die read and the
            # play tells the other (as with one die seen); with neither read, the play tells the roll once the
            # dice are lifted (see _missed_play). Never a re-roll: nothing says the die is cocked
            known = [int(d.value) for d in obs.dice if d.value is not None]
            st.doubt = 0
            if len(known) == 1:
                st.phase, st.dice, st.one_die, st.unseen_play = "moving", known, True, None
                st.roll_at, st.roll_reads, st.roll_frame = _dice_at(obs.dice), 1, self._frame
                st.before = seating.position(board, roller).position_id()
                st.early_before = None
                self.needs_reread = True
            return
        if early is None and again is None:
            # (the opponent's play read but not judged, or judged: the roll may be read after his play began)
            early = self._before_unjudged(roller, board) or self._before_judged(roller, board)
        dice = roll_values([int(d.value) for d in obs.dice])  # type: ignore[arg-type]
        self._emit("roll", player=roller, dice=dice)
        st.phase, st.dice, st.unseen_play, st.cocked_at = "moving", dice, None, None
        st.before = seating.position(board, roller).position_id()
        st.early_before = [st.before, early] if early is not None and early != st.before else None
        st.doubt = 0
        # a face misread in this reading (g2703 frame 735: a 4 read as 1, so 4-1 became 1-1) shows as a die gone
        # or another face in a later reading while the dice lie (see _look_at_roll). No fresh look is asked for
        # here: a look that misses both dice reads as the dice lifted with nothing moved (g2703 frame 837)
        self._roll_lies_at(obs)

    def _drop_strays(self, obs: Observation) -> Observation:
        """In the mover's turn: ``obs`` without its dice when the roll's dice are gone and every die left lies, with
        its face, where a die was read on the opponent's half beside the roll's dice lying as rolled
        (``State.strays``).

        Why: such a die is no die of the mover's (his lay elsewhere at the time) and no roll of the opponent's (he
        rolls after the lift), so it is something on the board read as a die; while it was taken for the mover's
        dice still down, no lift was ever seen (render 10404 frame 481: a '1' read on dark's half beside light's
        3-1 and in every reading after; light's play, then the next four turns went unjudged and unsaid, frames
        491-680). A die seen there only after the lift may be the opponent's roll: it counts as before."""
        st, seating = self.state, self.seating
        if not obs.dice or not st.roll_at or seating is None or st.turn is None:
            return obs
        opp_half = seating.right_half(other(st.turn))
        known = st.strays[1] if st.strays and st.strays[0] == st.roll_at else []
        lying = [d for d in obs.dice if _lie_as_rolled([d], st.roll_at)]
        others = [d for d in obs.dice if all(d is not o for o in lying)]
        if lying:
            new = [[int(d.value), float(d.center[0]), float(d.center[1])] for d in others
                   if d.half == opp_half and d.value is not None and d.center is not None and len(d.center) == 2]
            st.strays = [st.roll_at, known + [n for n in new if n not in known]]
            return obs
        if known and all(d.half == opp_half and on_spot(d, known, SAME_DIE_PX) for d in others):
            return dataclasses.replace(obs, dice=[])
        return obs

    def _drop_fixtures(self, obs: Observation) -> Observation:
        """``obs`` without the dice read where a die with that face was read in two earlier turns of the dice (within
        FIXTURE_PX), each time beside none of the other dice read now and once alone, while another die of this
        reading is not such: dice do not land twice on the same pixels, so that is
        something on the board the reader takes for a die (render 2801: a '1' at one spot from frame 0, before any
        roll, and in three rolls of dark's, each made 'wrong half'; g1645: a '1' at one spot in three rolls). Read
        alone, it is dropped only when it was read there beside a whole roll (two other dice) before: g7272's '1'
        at one spot, beside dark's 4-3 at frame 168, read alone once the dice were lifted at 331, kept the dice
        'down' there and the play unjudged until the next roll (a die of a roll read alone turn after turn stays). One
        earlier turn is not enough: rendered dice land within 3 px with the same face by chance (g2703's 3 at frame
        905, bo8181 four times). The same roll read again (every die where it lay) stays whole."""
        st = self.state
        if st.setup_dice and st.phase != "setup":
            # read where a die with that face lay when the start was first seen, and no opening roll was taken from
            # it: nobody had rolled, so it is something on the board (render 7020: a dark checker's highlight read
            # as a one on two checkers of a stack from the first frame; the opening dice then made four)
            obs = dataclasses.replace(obs, dice=[d for d in obs.dice if not on_spot(d, st.setup_dice, FIXTURE_PX)])
        spots = st.dice_spots or []
        known = [d for d in obs.dice if d.value is not None and d.center is not None and len(d.center) == 2]
        near = _die_side_px(obs)

        def at(d: DieReading) -> list:
            return [float(d.center[0]), float(d.center[1])]

        def fixture(d: DieReading) -> bool:
            # earlier turns that read it there beside none of the dice read with it now (a scripted scene puts
            # every roll's dice on the same two spots: a face repeated there is a die, not a fixture)
            # (and once read there alone: scripted tests land a roll's dice on the same spots every time)
            others = [at(o) for o in known if o is not d]
            seen = [(e, beside) for e, beside in _earlier_spots(d, spots, st.dice_epoch)
                    if not any(math.hypot(bx - ox, by - oy) <= near for bx, by in beside for ox, oy in others)]
            # (or once beside a whole roll: two other dice read with it, so it was no die of that roll)
            return len({e for e, _ in seen}) >= FIXTURE_TURNS and any(not beside or len(beside) >= 2
                                                                      for _, beside in seen)

        def beside_a_roll(d: DieReading) -> bool:
            # read there before beside two other dice at once (a whole roll lying elsewhere): a third thing on the
            # board, never a die of a roll, even when it is all that is read now
            return any(len(beside) >= 2 for _, beside in _earlier_spots(d, spots, st.dice_epoch))

        fixed = [d for d in known if fixture(d)]
        for d in known:
            spot = [int(d.value), float(d.center[0]), float(d.center[1]), st.dice_epoch,  # type: ignore[arg-type]
                    [at(o) for o in known if o is not d]]
            if not any(v == spot[0] and e == spot[3] and abs(x - spot[1]) <= FIXTURE_PX
                       and abs(y - spot[2]) <= FIXTURE_PX for v, x, y, e, _ in spots):
                spots = spots + [spot]
        st.dice_spots = spots[-FIXTURE_SPOTS:]
        if not fixed or (len(fixed) == len(obs.dice) and not all(beside_a_roll(d) for d in fixed)):
            return obs  # (a die of a roll read alone at the same spot turn after turn is not dropped so)
        return dataclasses.replace(obs, dice=[d for d in obs.dice if all(d is not f for f in fixed)])

    def _called_dice_lie(self, roller: str, obs: Observation) -> bool:
        """Whether every die read now lies, with its face, where a die lay when a re-roll was called on
        ``roller`` (``State.reroll_due``) and no reading has shown those dice lifted since: the voided roll's dice
        still down, not a new roll.

        Why: a roll is told from the last by its dice signature (face, flat, half); a die off the board read flat,
        then not, then flat again while it lies changes the signature at each reading, and each was taken for a new
        roll and the re-roll called again (render 16004 frames 220-222: light's 4-5 with the 5 off the board, three
        'off_board' calls for one roll: two false alarms). A die that moved, or another face, is a new roll."""
        due = self.state.reroll_due
        if due is None or due[0] != roller or due[1] or len(due) < 3 or not due[2]:
            return False
        return _lie_as_rolled(obs.dice, due[2])

    def _reroll_after_look(self, roller: str, reason: str, obs: Observation) -> None:
        """A re-roll read in one reading is called at the next fresh reading of the still scene unless that one shows
        it was a misread (see ``_settle_reroll_look``); a die read cocked was looked at again already
        (``_cocked_settling``), so it is called now.

        Why (issue 6): one reading may put a die where none lies (g1645 frame 556: dark's 1 read on light's half,
        its real place unseen, so 3-1 became 'wrong half'), and two reads of a still scene are mostly the same
        reading (the reader answers an unchanged frame with its last observation). A real re-roll lies so until
        the player picks the dice up: the next look shows it again, or shows no dice (lifted, or unread), which
        never hides it (g1641 frame 502: the next two looks read no dice, the third the die on the wrong half)."""
        if reason == "cocked":
            self._emit("reroll", player=roller, reason=reason)
            return
        self.state.reroll_look = {"player": roller, "reason": reason, "frame": self._frame,
                                  "at": [[d.value, None if d.center is None else [float(c) for c in d.center],
                                          d.half] for d in obs.dice]}
        self.needs_reread, self.needs_dice_look = True, "same"

    def _settle_reroll_look(self, obs: Observation) -> bool:
        """The reading after a re-roll was read once (``_reroll_after_look``): the re-roll is called now, unless this
        reading shows a die of that roll lying where it lay, with its face and on its half, while a die that made
        the re-roll (on the wrong half, off the board) is not where it lay with its face: the dice were not picked
        up, so either that die is missed now or it was a misread. One such look is looked at again (True: this
        reading waits); a second says the die was a misread (g1645 frames 558 and 559: the 3 where it lay, the 1
        on light's half gone): no re-roll, and this reading is taken as it stands (``handled`` cleared). The first
        roll read again, or no dice (lifted, or unread), calls the re-roll (a die missed for a reading or two in
        between hides nothing: the noisy-reader test drops a die so)."""
        st = self.state
        look = st.reroll_look
        if look is None or look.get("frame") == self._frame:
            return False
        near = _die_side_px(obs)

        def lies(die: list) -> bool:
            value, centre, half = die
            return centre is not None and any(
                d.value == value and d.half == half and d.center is not None
                and math.hypot(float(d.center[0]) - centre[0], float(d.center[1]) - centre[1]) <= near
                for d in obs.dice)

        seating = self.seating
        right = seating.right_half(look["player"]) if seating is not None else None
        kept = [die for die in look["at"] if lies(die)]
        bad = [die for die in look["at"] if die[2] != right or die[2] is None]
        if kept and any(die not in kept for die in bad) and any(die[2] == right for die in kept):
            look["misses"] = look.get("misses", 0) + 1
            if look["misses"] < REROLL_MISSES:
                look["frame"] = self._frame
                self.needs_reread, self.needs_dice_look = True, "same"
                return True
            st.reroll_look = None
            st.handled = None
            return False
        st.reroll_look = None
        self._emit("reroll", player=look["player"], reason=look["reason"])
        return False

    def _look_at_roll(self, obs: Observation, board: Optional[Board]) -> None:
        """A fresh reading of the mover's dice while they lie where the roll was read: each die where it lay with
        its face confirms the roll (``roll_looked``); a die read with another face where it lay says one reading
        misread it (``roll_doubt``): no foul rests on that roll, and a few more looks at the dice are asked for (so
        is one when a die is gone while the other lies: the reader misses dice, so that alone is no evidence).
        Later readings, before any checker moved, that agree on other faces for every die where it lay correct the
        roll (said as a roll with ``corrected``): the dice were not picked up, so a face that changed was misread.

        Why (issue 6): g2703 frame 735 read light's 4 as 1 (4-1 became 1-1) in its one reading, and the play was
        judged on the wrong dice (a false 'plays only 1 of the four 1s'); the next looks missed that die or read 4."""
        st = self.state
        at = st.roll_at or []
        if st.one_die or len(at) != 2 or not obs.dice or st.dice is None or len(st.dice) != 2:
            return
        near = _die_side_px(obs)
        now = _dice_at(obs.dice)
        found = []  # per die of the roll: the face now read where it lay, or None
        for value, x, y in at:
            faces = [w for w, a, b in now if math.hypot(a - x, b - y) <= near]
            found.append(value if value in faces else (faces[0] if faces else None))
        self._note_roll_faces(found)
        if all(f == v for f, (v, _, _) in zip(found, at)) or (
                len(now) == 2 and sorted(w for w, _, _ in now) == sorted(v for v, _, _ in at)):
            # (the roll's two faces read again, wherever they lie: nothing says a face was misread)
            st.roll_looked, st.roll_doubt, st.roll_alt = at, None, None
            return
        if not any(f == v for f, (v, _, _) in zip(found, at)) and None in found:
            return  # neither die where it lay with its face: lifted, or unread; nothing said about the roll
        if all(f is None or f == v for f, (v, _, _) in zip(found, at)):
            # a die gone while the other lies: the reader misses a die now and then (bo8181 frame 298: a 6 beside
            # the 4 unread for good), so that is no evidence against the roll; one more look at the dice only
            gone = [k for k, f in enumerate(found) if f is None]
            if len(gone) == 1:
                st.roll_gone = [at, gone[0]]
                x, y = at[gone[0]][1], at[gone[0]][2]
                if any(d.value is None and d.center is not None and len(d.center) == 2
                       and math.hypot(float(d.center[0]) - x, float(d.center[1]) - y) <= near for d in obs.dice):
                    st.roll_blurred = [at, gone[0]]
            if st.roll_reads <= ROLL_LOOKS and st.roll_looked != at:
                self.needs_reread, self.needs_dice_look = True, "faces"
            return
        if st.roll_looked != at:
            st.roll_doubt = at
        if None not in found and board is not None and st.board is not None and \
                tuple(board.points) == tuple(st.board[0]):
            # only before a checker moved: with checkers moving by the dice a die is misread more (race 4242 frame
            # 603: a 6 read 3 in two looks while light played, a 'corrected' 3-2 made his 6-2 a false alarm)
            other_faces = roll_values([int(f) for f in found])
            alt = st.roll_alt if st.roll_alt and st.roll_alt[0] == other_faces else [other_faces, 0]
            alt[1] += 1
            st.roll_alt = alt
            if alt[1] >= ROLL_FIX_READS and st.roll_looked != at and other_faces != st.dice:
                self._emit("roll", player=st.turn, dice=list(other_faces), corrected=True, was=list(st.dice))
                st.dice = list(other_faces)
                st.roll_at = [[int(f), x, y] for f, (_, x, y) in zip(found, at)]
                st.roll_looked, st.roll_doubt, st.roll_alt = st.roll_at, None, None
                return
        if st.roll_reads <= ROLL_LOOKS:
            self.needs_reread, self.needs_dice_look = True, "faces"

    def _note_roll_faces(self, found: list) -> None:
        """Keep each face a look read on a die of the roll where it lay (``State.roll_faces``), for
        ``_seen_face_roll``. ``found``: per die of ``State.roll_at``, the face read there now, or None."""
        faces = self._roll_faces()
        if faces is None:
            return  # kept for another roll (or none): only _roll_lies_at starts them
        for (_, _, seen), face in zip(faces, found):
            if face is not None and int(face) not in seen:
                seen.append(int(face))

    def _roll_faces(self) -> Optional[list]:
        """``State.roll_faces`` when they belong to the roll being played (the dice where ``State.roll_at`` has
        them), else None."""
        st = self.state
        faces, at = st.roll_faces, st.roll_at or []
        if not faces or len(faces) != len(at) or any((x, y) != (a, b) for (x, y, _), (_, a, b) in zip(faces, at)):
            return None
        return faces

    def _seen_face_roll(self, before: Position, board: Board, mover: str) -> Optional[list[int]]:
        """The roll of which ``board`` is a legal result when a die of the roll is given another face that a look
        read on that very die where it lay (``State.roll_faces``), if exactly one such roll; else None.

        Why (issue 6): a die lying still is read with another face now and then (a pip lost: a 3 read as 2, a 2 as
        1), and the roll is taken on the face its first reading gave; the reader itself saw the die's other face. A
        play that is legal with the face the reader saw on that die is no foul to cry (render 11001 frame 1003:
        dark's 3 read 2 in the roll's reading, 3 in later looks, 2 again after; his bar/24 13/10 on 3-1 would be
        'illegal' on 2-1; render 10515: a 2 read 1 at the roll, 2 later while he played). Only faces read on the
        die count, never any face: excusing a foul that any other value of one die makes legal excused 46% of the
        renderer's illegal plays (session 12)."""
        st, seating = self.state, self.seating
        faces, at = self._roll_faces(), st.roll_at
        if seating is None or st.one_die or not st.dice or len(st.dice) != 2 or faces is None or len(faces) != 2:
            return None
        taken = [int(v) for v, _, _ in at]
        if sorted(taken) != sorted(st.dice):
            return None
        after = seating.position(board, mover)
        rolls = set()
        for k in range(2):
            for face in faces[k][2]:
                roll = [face if j == k else taken[j] for j in range(2)]
                if sorted(roll) != sorted(taken) and after in legal_results(before, roll[0], roll[1]):
                    rolls.add(tuple(roll_values(roll)))
        if taken[0] == taken[1]:  # a double read as another (2-2 read 1-1): the dice lie alike, misread alike
            for face in {int(f) for _, _, seen in faces for f in seen} - {taken[0]}:
                if after in legal_results(before, face, face):
                    rolls.add((face, face))
        return list(next(iter(rolls))) if len(rolls) == 1 else None

    def _settle_last_play(self, board: Board, obs: Optional[Observation] = None) -> None:
        """The opponent rolls: a last play corrected since its verdict is judged again; then it stands. A reading
        that differs from the judged board only where the reader is unsure, or that lost an opponent's checker,
        is no correction (a misread must not turn a judged play into an alarm)."""
        st, seating = self.state, self.seating
        last = st.last_play
        if not last or last.get("settled"):
            return
        last["settled"] = True
        if _board_json(board) == last["after_board"]:
            return
        judged = _board_from_json(last["after_board"])
        if obs is not None and self._close_to(obs, judged):
            return
        mover = last["player"]
        if self._guess_fix_only(last, judged, board):
            return
        if last.get("rolled_again"):
            # dice were seen on the mover's side after his verdict: he rolled again (a roll the referee did not
            # take, one die read only) and the change may be that unseen turn's play, not a correction of the
            # judged one. The reading cannot tell: said without an alarm
            self._emit("warning", code="unsure_reading", player=mover,
                       message=f"the board changed after {mover}'s play was judged and {mover} rolled again: "
                               "a turn may have been missed; not judged, please check the board")
            return
        before = Position.from_position_id(last["before"])
        after = seating.position(board, mover)
        if _opponent_vanished(after, before) or after.opponent != seating.position(judged, mover).opponent:
            # a mover corrects his own checkers; the opponent's changing before his roll is a misread (or a
            # hit taken back, which goes unjudged rather than risk a false alarm)
            return
        if _no_play_makes(seating.board(before, mover), board, mover):
            # his own checker on the bar, or one back from a tray: no play of his does that (a checker knocked off
            # and put back, a hit missed before): the correction is not judged (G3)
            self._emit("warning", code="unsure_reading", player=mover,
                       message=f"the board changed after {mover}'s play was judged in a way no play makes (a "
                               f"{mover} checker on the bar or back on the board); not judged, please check the board")
            return
        dice = list(last["dice"])
        told = last.get("told")
        if len(dice) != 2 or told is not None:
            # the roll was read with one die only (its play not judged), or told by the play as first seen (g1642,
            # frame 53: light's 13/10 read half-way, dice unread, told as a 2-1; the whole 13/11 13/10 of his 3-2
            # read next was judged on that 2-1: 'illegal'). The corrected board may tell the roll when exactly one
            # roll with the dice seen leads there (then it is legal); a play is never called illegal on a roll
            # the referee inferred. Else said, never an alarm
            dice = self._told_roll(before, dice if told is None else list(told), after) or []
            if not dice:
                if told is not None:
                    self._emit("warning", code="unsure_reading", player=mover,
                               message=f"the board changed after {mover}'s play was judged, and his roll was not "
                                       "read (told by the play): the change is not judged, please check the board")
                return
        self._play_event(mover, dice, before, after, corrected=True)

    def _repair_moved(self, obs: Observation, view: View, board: Board) -> Optional[Board]:
        """The board this still reading shows when it departs from the believed board, an illegal call's board
        made whole from a short reading (``State.repaired``), only by checkers it added there now read elsewhere:
        fewer on the points it added checkers to, as many more of that colour read with confidence on other points,
        every other point and the bar as believed. Believed once REPAIR_SEEN such readings (not necessarily in a
        row) showed it.

        Why: a board made whole puts the checkers a reading lacks where misreads are cheapest (a tall stack read
        short), but a lone checker the reader missed is about as likely (judging game 73434 frame 286: light's
        illegal 2-2 read with his lone checker on point 11 missed was made whole with a sixth checker on his
        5-stack; believed for sure, the checker then seen on 11 passed for a misread and his legal 24/20 22/16 at
        frame 356 was called 'do not match the roll'). Such a board is not made a guess: with tall stacks read
        short at every look a guess never ended and later fouls went unjudged (tests/test_tracker_noisy.py)."""
        st = self.state
        if (not st.repaired or st.guessed or st.phase != "awaiting" or obs.dice or None in view.points
                or view.bar != board.bar):
            return None
        added = {int(i) for i in st.repaired[0]}
        differ = [i for i in range(24) if view.points[i] != board.points[i]]
        if not differ or not added & set(differ):
            return None
        for sign in (1, -1):
            if sum(n for n in view.points if n * sign > 0) != sum(n for n in board.points if n * sign > 0):
                return None  # (each colour as many as believed: the checkers moved, none gained or lost)
        for i in differ:
            n, b = view.points[i], board.points[i]
            if i in added:
                if not (n * b >= 0 and abs(n) < abs(b)):
                    return None
            elif b * n < 0 or abs(n) <= abs(b) or i + 1 in view.doubted:
                return None  # (elsewhere only more checkers of the point's colour, each read with confidence)
        st.repaired[1] += 1
        if st.repaired[1] < REPAIR_SEEN:
            return None
        moved = Board(tuple(int(n) for n in view.points), board.bar, board.off)
        if st.last_play and st.last_play.get("after_board") == _board_json(board):
            st.last_play["after_board"] = _board_json(moved)
        return moved

    def _guess_fix_only(self, last: dict, judged: Board, board: Board) -> bool:
        """Whether ``board`` departs from the judged board of a play weighed on a guess only where the guess was
        unsure, on points the play did not touch (as many on each as before it), the bar and trays as judged.

        Why: such a change is the guess corrected by later readings (``_guess_corrected``), not the mover putting
        his play right. Judged as a correction, the checkers the guess had wrongly placed made a foul (judging game
        73535 frame 565: light's legal 20/14 13/10 played from a guess that had a light checker on point 7 the
        reader saw on 8 at every look; corrected when dark rolled, it was called 'moved backwards, 7/8')."""
        st, seating = self.state, self.seating
        if not last.get("on_guess") or st.unsure_points is None or seating is None:
            return False
        if board.bar != judged.bar or board.off != judged.off:
            return False
        stood = seating.board(Position.from_position_id(last["before"]), last["player"])
        changed = {i for i in range(24) if board.points[i] != judged.points[i]}
        return bool(changed) and all(i in st.unsure_points and stood.points[i] == judged.points[i] for i in changed)

    @staticmethod
    def _told_roll(before: Position, seen: list[int], after: Position) -> Optional[list[int]]:
        """The roll, with the dice ``seen``, of which ``after`` is a legal result, if exactly one such roll."""
        if not seen:  # no die read: any roll
            rolls = {(a, b) for a in range(1, 7) for b in range(1, a + 1)}
        else:
            rolls = {tuple(roll_values([*seen, v])) for v in range(1, 7)} if len(seen) == 1 else set()
        told = [roll for roll in rolls if after in legal_results(before, roll[0], roll[1])]
        return list(told[0]) if len(told) == 1 else None

    def _cube_action(self, obs: Observation, board: Board) -> bool:
        """Cube actions seen on the board.

        Double: before rolling, the player on roll turns the cube to twice its value. Take: the doubler then rolls
        with the cube at the new value on the taker's side (the game goes on). Pass: the game ends at the old
        value: a fresh starting position is set up (or the cube returns unturned).
        """
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None
        roller = st.turn
        value = None if obs.cube is None else int(obs.cube.value)
        side = cube_side(obs)
        if st.offered_by is None:
            if value is not None and value == 2 * st.cube_value and not obs.dice:
                if st.cube_owner is None and side == seating.seat(roller) != st.cube_home:
                    return self._cube_caught_up(obs, board, value, side, roller)  # he took a double not seen
                if st.cube_owner in (None, roller) and not st.crawford_game:
                    self._settle_last_play(board, obs)
                    st.offered_by = roller
                    self._emit("cube", action="double", player=roller, value=value)
                    return True
            return self._cube_caught_up(obs, board, value, side, roller)
        doubler, taker = st.offered_by, other(st.offered_by)
        if is_start(board, seating) or (value is not None and value == st.cube_value and side == "middle"):
            self._emit("cube", action="pass", player=taker, value=st.cube_value)
            final = seating.position(board, doubler)
            st.offered_by = None
            self._game_end(doubler, final, kind="single", points=st.cube_value)
            return True
        if obs.dice:  # the doubler rolls: the double was taken
            self._emit("cube", action="take", player=taker, value=2 * st.cube_value)
            st.cube_value, st.cube_owner, st.offered_by = 2 * st.cube_value, taker, None
            return False  # the same reading also carries the doubler's roll
        return True

    def _cube_caught_up(self, obs: Observation, board: Board, value: Optional[int], side: Optional[str],
                        roller: str) -> bool:
        """The cube read past the value bgref holds where no double of the player on roll explains it: cube
        actions were missed.

        Why: a double is taken from the cube read at twice its value, so one double whose turned cube was not read
        (a small cube's 2 read no surer than an 8) left the cube's value behind for the rest of the game: every
        later double read at a value that was no longer twice it, and the game's points reckoned at the old
        value (judging game 73434: a 2, 8, 16 and 32 never read, the cube's 4 and 64 read; all 12 cube actions
        missed, the game's end at cube 1). The cube's place says what was missed: it lies on its owner's side,
        and a double is turned where it lies, so on the side of the player on roll, with no dice out, he has
        turned it (he owned it at half the value: a double), and on his opponent's side the opponent owns it at
        that value (a double and a take both missed). A cube at twice its value on his own side that he could not
        have turned (nobody owned it: a first double is turned in the middle or handed over; his opponent owned
        it) is his: a double of his opponent's and his take were missed (judging game 81434 frame 216: dark's
        double and light's take unseen, then light on roll with the 2 on his side was said to double, and dark to
        take); but where the unturned cube (64 up) was last read on his side, he keeps it there and turned it
        there: his double, as ``_cube_action`` says it. Each time a warning says cube actions were missed. A cube
        in the middle (its home) or with dice out says nothing; nor a 64 while bgref holds the cube at 1 (the cube
        unturned, wherever it is kept); nor in the Crawford game, where nobody doubles. ``side``: where the cube
        lies, as ``_cube_action`` took it (``device.stability.cube_side``).
        """
        st, seating = self.state, self.seating
        assert seating is not None
        if value == 64 and st.cube_value == 1:
            st.cube_home = side  # the cube unturned: where it is kept, see ``took`` below
            return False
        if value is None or obs.dice or st.crawford_game or value < 2 * st.cube_value:
            return False
        if side not in ("top", "bottom"):
            return False
        owner = roller if side == seating.seat(roller) else other(roller)
        # a first 2 on his side, where the unturned cube was not: he took it (turned where it lay, it is his double,
        # said by _cube_action: a cube kept at his side)
        took = value == 2 * st.cube_value and not (st.cube_owner is None and st.cube_home == side)
        if value < 4 * st.cube_value and not (took and owner == roller):
            return False
        held = value // 2 if owner == roller and not took else value
        self._emit("warning", code="cube_missed", player=owner,
                   message=f"the cube shows {value} where bgref held it at {st.cube_value}: cube actions were missed; "
                           f"going on with the cube at {held}, owned by {owner}: please check the cube")
        st.cube_value, st.cube_owner = held, owner
        if held == value:
            return False
        self._settle_last_play(board, obs)
        st.offered_by = roller
        self._emit("cube", action="double", player=roller, value=value)
        return True

    def _on_moving(self, obs: Observation, board: Optional[Board]) -> None:
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None and st.dice is not None
        mover = st.turn
        remaining = None
        quick = False
        if obs.dice and self._frame != st.roll_frame:  # (the reading the roll was taken on counts once)
            self._look_at_roll(obs, board)
            st.roll_reads, st.roll_frame = st.roll_reads + 1, self._frame
        if obs.dice:
            sig = _as_list(dice_signature(obs.dice))
            opp_half = seating.right_half(other(mover))
            if st.one_die and self._one_die_seen(obs, mover):
                return
            new = [d for d in obs.dice if d.half == opp_half]
            down = [d for d in obs.dice if _lie_as_rolled([d], st.roll_at)]
            fresh = [d for d in obs.dice if all(d is not o for o in down)]
            if (len(obs.dice) >= 3 and len(new) >= 2 and st.early_roll is None and not st.guessed and not st.one_die
                    and down and len(fresh) >= 2 and all(d.half == opp_half for d in fresh)):
                # the mover's dice are still down only when a die of his roll lies where it lay with that face
                # (an opening die may lie on either half) and every other die is the opponent's new roll: a die
                # misread or first seen late on the mover's half is no proof (issue 6), and a 'roll again'
                # called on it voids a good roll; nor is a roll taken from one die, the other never seen (render
                # 10404 frame 272: a '1' printed on dark's half, taken for his roll, 'still down' at light's roll)
                st.early_roll = sig
                self._emit("warning", message=f"{other(mover)} rolled before {mover} lifted the dice; "
                                              f"roll again", code="early_roll", player=other(mover), alert=True)
            if not (len(obs.dice) == 2 and all(d.half == opp_half for d in obs.dice)) and not self._split_roll(obs):
                return  # the mover's dice are still down: in-between positions do not count
            # the mover's dice are gone and only the opponent's are down: the play is final. A roll made before
            # the mover lifted his dice is void (handled: it must be rolled again); otherwise it is the next roll.
            remaining = sig if st.early_roll else None
            quick = True
        if not obs.board.found or len(obs.points) != 24:
            return
        before = Position.from_position_id(st.before)
        view, ref = View.of(obs), self._reference()
        by_board = self._result_boards(mover)
        boards = list(by_board)
        far = None if st.one_die else self._far_test(before, mover)
        found = decide(view, boards, ref, mover=1 if mover == "light" else -1, far=far, either=not st.guessed)
        unsteady = self._unsteady_points() - view.unsure
        if found.kind == "doubt" and unsteady:
            # a point the reader counts wildly differently from reading to reading while nobody may touch it
            # (g1812: dark's 5-stack read 5, 3, 2 and 1 while light moved) is no evidence either way: weighed as
            # unsure, the reading may still show exactly one legal result. Only a doubt turns legal so; never an
            # illegal call from it. The legal result must need no misread anywhere else (a lone checker not
            # found, the bar): g1812's dark 13/9 alone (illegal: a 4-2) read with the 2 hidden that way
            loose = view.unsure | unsteady
            again = decide(dataclasses.replace(view, unsure=loose), boards, ref,
                           mover=1 if mover == "light" else -1, far=far)
            if (again.kind == "legal" and again.board is not None and set(again.points) <= loose
                    and face_bar(view, ref) == again.board.bar):
                found = again
        if found.kind == "doubt" and found.rival is not None and found.board is not None:
            st.stacked = [st.before, _board_json(found.rival), _board_json(found.board)]
        elif (found.kind == "illegal" and found.board is not None and st.stacked and st.stacked[0] == st.before
              and found.illegal_cost > 0 and _board_json(found.board) == st.stacked[1]):
            # the illegal board an earlier reading of this play showed only with two checkers or more missed on a
            # stack (see matching.decide: J7 game 5959 frame 111, its 6-stack read 5 for 7) is read now one short
            # (frame 114, read 6): the best reading of the still scene said not sure, and so it stays (a reading
            # that shows it whole as read, every checker seen, is evidence of its own)
            found = Verdict("doubt", _board_from_json(st.stacked[2]), found.legal_cost, found.illegal_cost,
                            found.points, rival=found.board)
        elif (found.kind in ("doubt", "illegal") and st.confirm and found.legal_cost >= HARD and ref is not None
              and (found.board is None or _board_json(found.board) != st.confirm)):
            # an illegal board waiting for one more agreeing reading (see below), read again but for one lone
            # checker of it not found, where every legal result still needs a confident misread: that reading
            # agrees (J7 game 1717 frame 975: dark's bar/23* 12/9 on 3-1, his checker on 23 read 0 once, light's
            # hit checker on the bar; called at 977 on the next reading, a frame late), though another illegal
            # board may fit it as well (the missing checker put on a tall stack). The checks below still apply
            pending = _board_from_json(st.confirm)
            raw = obs.extra.get("unfilled_points")  # (as read: a point filled as untouched is one the foul reaches)
            seen = (View(tuple(raw), view.bar, view.unsure, view.doubted) if isinstance(raw, list) and len(raw) == 24
                    and not obs.extra.get("snapped") else view)
            if pending not in by_board and one_lone_unseen(seen, pending, ref):
                found = Verdict("illegal", pending, found.legal_cost, max(1, cost(view, pending, ref)), found.points)
        if ((quick or st.opponent_lost) and found.kind != "legal") or (self._lift_mine and found.kind == "doubt"):
            # the opponent has rolled and may be moving already, or one of his checkers is off the board (said
            # already) or unseen: judge the mover's checkers only
            mine_only = not quick  # (at the lift: see _lift_shows_mine)
            found = self._mover_only(view, boards, ref, mover, found)
        else:
            mine_only = False
        exact = self._read_as_legal(obs, boards) if found.kind != "legal" else None
        if exact is not None:
            found = Verdict("legal", exact, 0, found.illegal_cost, [])
        if (found.kind == "illegal" and found.board is not None and st.early_before and not st.one_die
                and st.early_before[0] == st.before and len(st.dice) == 2):
            # the roll was read late, after a play of the opponent's not judged (his roll unread): the board the
            # roll was taken on may hold the first checkers of this play as well, and the opponent's play took the
            # blame for them (J15 game 15434 frame 164: dark's 24/20 13/9 6/2*(2) on 4-4, his white dice on cream
            # felt read only after 24/20, called 'plays only 3 of the four 4s'). In the opponent's turn the mover's
            # checkers stay put, so where they stood before it is where his play began: a play legal from there
            # is legal
            early = Position.from_position_id(st.early_before[1])
            if any(seating.board(r, mover) == found.board for r in legal_results(early, st.dice[0], st.dice[1])):
                st.before, before = st.early_before[1], early
                found = Verdict("legal", found.board, 0, found.illegal_cost, [])
        unchanged = exact is None and ref is not None and None not in view.points and (
            face_bar(view, ref) == ref.board.bar and all(v == ref.board.points[i]
                                                         for i, v in enumerate(face_value(view, ref))))
        # (or the likeliest story is that nothing moved, a doubted point read otherwise: helper lone21's check game
        # 37500 frame 574, light's 2-2 with a cocked die read flat, his 1-point read 2 for 1 at confidence 0.16,
        # 'no checker was moved' called at the lift, then 'light rolled, but it is dark's turn' at the re-roll)
        if ref is not None and (unchanged or (found.kind == "illegal" and found.board == ref.board)) and (
                ref.board not in by_board or st.one_die):
            # nothing moved although the roll can be played: often a re-roll the referee could not see (a cocked
            # die read flat, a die off the board). Judged when the next roll shows who rolls (_lift_unplayed)
            self._lift_unplayed(mover, ref.board, obs, remaining)
            return
        rolled_seen = not st.one_die  # both dice of the roll were read (not told by the play)
        read_dice = list(st.dice)  # the dice read (one when the play tells the other)
        lone_foul = False  # a foul that stands whatever the unseen die shows
        if st.one_die and found.kind != "doubt" and not (
                found.kind == "legal" and self._play_tells_die(mover, found.board, by_board)):
            if (found.kind == "illegal" and found.board is not None and found.board not in by_board
                    and found.illegal_cost == 0 and st.one_die_reads > ONE_DIE_READS and not st.guessed
                    and self._foul_whatever_die(st.dice[0], before, seating.position(found.board, mover))):
                # one die read, the same face in every reading, and the board read whole, exactly as read, is
                # no legal result of any roll with that die, nor a part of one: the play is illegal whatever the
                # other die shows (render 24535 frame 563: light's 13/9 with three checkers on the bar, his 6
                # never found). The foul rests on no guess, and it is said with the die read only (other_die_unseen):
                # a roll made up for it was wrong in both of the first cases seen (24535, 5353 frame 519)
                lone_foul = True
            else:  # the roll is not known: a play is never called illegal on a guessed die
                found = Verdict("doubt", found.board if found.kind == "legal" else None, found.legal_cost,
                                found.illegal_cost, found.points)
        if found.kind == "illegal" and self._bear_off_room() != (0, 0) and trusted_off(obs)[mover] is None:
            # the mover may bear off and his tray was not surely counted: the board 'whole as read' had his
            # borne-off count filled in from what the game allows, so a checker misread on a point looks like a
            # play (race 4242: a phantom on light's 6-point read as 4/6, or as a 6 borne off from below it).
            # Not judged, never an alarm
            found = Verdict("doubt", found.board, found.legal_cost, found.illegal_cost, found.points)
        opponent_moved = False  # the verdict came on a board holding a play of the opponent's (see below)
        if (found.kind == "illegal" and found.board is not None
                and opponent_arrived(found.board, ref, 1 if mover == "light" else -1)):
            # the illegal board has the opponent's checkers where he had fewer: in the mover's turn they only leave
            # points (hit), so he has moved (his roll and play unseen: g1645 frame 582, light's play judged 35
            # frames after the lift on a board holding dark's next play) or they are misread. Neither is the
            # mover's foul: he is judged on his own checkers only (a legal board that fits them only by misreads
            # is no verdict either: the reading showed them as an illegal play), never an alarm
            mine = self._mover_only(view, boards, ref, mover, found)
            if (mine.kind == "legal" and mine.legal_cost == 0 and st.one_die
                    and self._play_tells_die(mover, mine.board, by_board)):
                # a roll read with one die (a foul held whatever that die's partner, lone_foul): the mover's legal
                # play tells the other die, as above; judged with one die the rules engine was handed half a roll
                # (judging game 83434 frame 928: an IndexError, the reading dropped)
                lone_foul = False
            if mine.kind == "legal" and mine.legal_cost == 0 and not st.one_die:
                found, quick = mine, True  # (the opponent's points are then no steady misread: see _unsee)
                opponent_moved = True
            else:
                found = Verdict("doubt", mine.board if mine.kind == "legal" else None, found.legal_cost,
                                found.illegal_cost, found.points)
        seen_roll = (self._seen_face_roll(before, found.board, mover)
                     if found.kind == "illegal" and found.board is not None else None)
        if seen_roll is not None:
            # the play is legal with a face a look read on a die of the roll where it lay: that die was misread
            # when the roll was taken (see _seen_face_roll). The roll is corrected and the play judged on it
            self._emit("roll", player=mover, dice=list(seen_roll), corrected=True, was=list(st.dice))
            st.dice = list(seen_roll)
            found = Verdict("legal", found.board, 0, found.illegal_cost, [])
        passed = found.kind == "illegal" and self._turn_passed()
        missed_hit = (found.kind == "illegal" and not passed and found.board is not None
                      and _no_play_makes(seating.board(before, mover), found.board, mover))
        on_guess = found.kind == "illegal" and st.guessed and not passed and not (
            found.board is not None and (self._sure_despite_guess(found.board, view, ref, mover)
                                         or self._sure_despite_rival(found.board, view, ref, mover)))
        # a foul called on a guess rests on the mover's checkers only (see _sure_despite_guess): how this reading
        # saw the opponent's points, guessed, is no steady misread of the board believed after it (race 4242 frame
        # 956: dark's home read as it truly stood, kept as a misread of the wrong guess, fitted dark's next play
        # to a phantom checker on his 8-point, '8/2 6/1' for 6/1 6/off, and the game's end went unjudged)
        fouled_on_guess = st.guessed and not passed and not on_guess  # (st.guessed as it stood before this play)
        # a die of the roll read otherwise, or not where it lay, in a later look while the dice lay (see
        # _look_at_roll) and never read again as rolled: the foul may rest on a misread die (g2703 frame 761)
        roll_unsure = (found.kind == "illegal" and not passed and st.roll_doubt is not None
                       and st.roll_doubt == st.roll_at and st.roll_looked != st.roll_at)
        # a die of the roll that no later look found again (the other lying where it lay) rests on the roll's own
        # readings: a foul that another face of that die makes legal rests on it (g2703 frame 761: light's 4 read
        # 1 in the roll's readings and never found again, his bar/24* on 4-1 called 'plays only 1 of the four 1s')
        face_unsure = (not roll_unsure and found.kind == "illegal" and not passed and found.board is not None
                       and self._other_face_legal(before, found.board, mover))
        roll_unsure = roll_unsure or face_unsure
        if roll_unsure and not (missed_hit or on_guess):
            found = Verdict("doubt", found.board, found.legal_cost, found.illegal_cost, found.points)
            quick = True
        if missed_hit or on_guess:
            # the board before this roll is a guess (the likeliest after a play not judged, issue 6 g6464): a
            # reading far from every legal result of a guessed board says the guess was wrong as often as that
            # the play was. Not judged (no alarm); the board as read is believed from here on. So is a reading
            # no play makes (G3: the mover's own checker on the bar, a checker back on the board): a hit missed
            # in the opponent's play before, never this player's foul
            found = Verdict("doubt", found.board, found.legal_cost, found.illegal_cost, found.points)
            quick, guess_wrong = True, True
        else:
            guess_wrong = False
        if passed:
            # the opponent rolled and the mover rolled again before any reading could be weighed: the board read
            # holds those turns' plays too. Not judged (no alarm); go on from the board as read
            found = Verdict("doubt", found.board, found.legal_cost, found.illegal_cost, found.points)
            quick = True
        k = 0 if mover == "light" else 1
        if (found.kind == "illegal" and found.board is not None and ref is not None
                and found.board.bar[k] > view.bar[k] and ref.steady_bar(k, view.bar[k])):
            # the foul keeps a checker of his on the bar where the reading shows none: only the bar's steady misread
            # (read so while the board stood) puts it there, and a checker entered where the reader missed it
            # reads the same (g2424 frame 762: dark's hit checker never seen on the bar, his bar/20 24/18 with the
            # entered checker unseen called 'must enter first'). Not sure, never an alarm
            found = Verdict("doubt", found.board, found.legal_cost, found.illegal_cost, found.points)
        near = self._doubted_difference(view, ref, boards, found.board) if found.kind == "illegal" else None
        if near is not None and not passed:
            # the illegal board differs from a legal result only on points the reader itself read as doubtful in
            # the readings just before (render 1818, frame 103: a 5-stack on each side, each read 4 unsure now
            # and then, and the two counts swapped make 'moved backwards'). Its own history says it may be wrong
            # there: not sure (a warning, never an alarm), going on from the legal result
            found = Verdict("doubt", near, found.legal_cost, found.illegal_cost, found.points)
        steady = None
        if found.kind == "illegal" and near is None and not passed:
            steady = self._steady_hides(obs, view, ref, boards)
            if steady is not None:
                # a legal result the reading shows point for point, as read or as the reader read the untouched
                # board before (a stack it always read one short): the steady misread
                # may hide the play's own change there (render 1818, frame 145: light's 6-stack read 4 while it
                # held 5, then 4 after 6/2, taken for 5 made 'bar/24 13/2'). Not sure, never an alarm
                found = Verdict("doubt", steady, found.legal_cost, found.illegal_cost, found.points)
        sure_before = near is not None and not passed and not st.guessed  # see st.guessed below
        legal: Optional[bool] = None
        shown: Optional[Board] = None  # a play not judged: the reading, when it shows every checker (_read_whole)
        if found.kind == "legal":
            after_board = found.board
            assert after_board is not None
            after = seating.position(after_board, mover)
            legal = self._play_event(mover, st.dice, before, after, dice_told=0 if rolled_seen else 1)
        elif found.kind == "illegal":
            after_board = found.board
            assert after_board is not None
            if (st.confirm != _board_json(after_board) and not quick
                    and (found.illegal_cost > 0 or (lone_foul and obs.extra.get("unchanged")))
                    and not self._confirmed_clearer(after_board, obs)):
                # an illegal call on a board the reading shows only if an unsure point was misread needs one more
                # agreeing reading of the same board (a whole board read as is was already read twice alike).
                # A foul on a roll read with one die (lone_foul) rests on a reading of a turn the reader already
                # sees badly: it needs two reads of the picture, and the stabiliser's two agreeing reads of a still
                # scene may be one, the second the reader's answer for a frame that looked unchanged (render 8181
                # frame 1520: dark's lone checker beside the bar missed at confidence 1.0 in one read and found in
                # the next frame's, and 4/1* 2/1 on 1-1 was called illegal as 7/1 4/1). Not every foul: a fresh
                # read of a whole board differs somewhere as often as not (each difference costs two more frames):
                # on 31 of the judging games, holding every foul so made 13 verdicts late for this one false alarm
                st.confirm = _board_json(after_board)
                st.confirm_read = [_as_read(obs), [obs.bar.get("light", 0), obs.bar.get("dark", 0)],
                                   sorted(_low_confidence_points(obs))]
                self.needs_reread = True
                return
            after = seating.position(after_board, mover)
            if not lone_foul and _opponent_played_on(before, (st.dice[0], st.dice[1]), after):
                # a legal play of this roll followed by a legal play of the opponent's: the dice lift, his roll
                # and his play were all missed. That is a referee's blind spot, not a foul: say so, judge nothing,
                # and go on from this board with the mover to roll next
                self._emit("warning", code="unsure_reading", player=mover,
                           message=f"{mover}'s play and a play of {other(mover)}'s both show: a roll was missed; "
                                   "not judged, please check the board")
                st.last_play = None
                self._believe(after_board, obs)
                st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", mover, None, None, None
                st.handled, st.doubt, st.confirm, st.one_die, st.one_die_reads = None, 0, None, False, 0
                return
            # (a foul on each of equally cheap boards: which checkers moved is one reading of it, said so)
            note = ("(a checker was not seen: the checkers moved are one likely reading; the play is illegal either "
                    "way)" if found.ties else None)
            if lone_foul:
                legal = self._lone_die_foul(mover, read_dice[0], before, after, note)
            else:
                legal = self._play_event(mover, st.dice, before, after, note=note)
        else:
            if st.doubt < DOUBT_READS and not quick:
                st.doubt += 1
                self.needs_reread = True
                return
            # looking again has not helped: say so, judge nothing, and go on from the likeliest board (the next
            # readings re-sync the belief while waiting for the roll)
            where = ", ".join(map(str, found.points)) if found.points else "several points"
            if passed:
                why = (f"{mover}'s play was not read before {other(mover)} rolled and {mover} rolled again: the play "
                       "is not judged, please check the board")
            elif missed_hit:
                why = (f"a checker came back onto the board or the bar where no play of {mover}'s puts one: a hit "
                       f"in {other(mover)}'s play before was missed (or a checker was knocked off and put back); "
                       f"{mover}'s play is not judged: please check the board")
            elif guess_wrong:
                why = (f"the board before {mover}'s roll was not read clearly (an earlier play was not judged); "
                       f"{mover}'s play is not judged: please check the board")
            elif face_unsure:
                why = (f"a die of {mover}'s roll was not found again when looked at, and the play is legal with "
                       "another face on it; the play is not judged: please check the dice")
            elif roll_unsure:
                why = (f"a die of {mover}'s roll was read differently when looked at again; the play is not judged: "
                       "please check the board")
            elif st.one_die:
                why = f"only one die of {mover}'s roll was read; the play is not judged: please check the board"
            else:
                why = f"cannot read points {where} clearly; {mover}'s play is not judged: please check the board"
            self._emit("warning", code="unsure_reading", player=mover, message=why)
            # the board to go on from: the reading itself when it shows every checker where it stands (see
            # _read_whole), else the likeliest board the reading and the believed board make
            shown = _read_whole(obs, [*boards, ref.board] if ref is not None else boards)
            after_board = shown or found.board or self._likeliest(view, ref, boards)
            after = seating.position(after_board, mover)
            if not passed and ref is not None and (ref.board not in by_board or st.one_die) and (
                    cost(view, ref.board, ref) <= min(found.legal_cost, HARD - 1)):
                # the board before the roll explains the reading as well as any play: maybe nothing moved (the
                # roll did not count: a cocked die, one die off the board). Like a roll not played, the next roll
                # tells: the same player again is a re-roll said after the fact (never "wrong player"); the
                # opponent's roll judges nothing here (the play was not judged)
                st.last_play = {"player": mover, "dice": list(st.dice), "before": st.before,
                                "after_board": _board_json(ref.board), "legal": None, "pass_pending": True,
                                "one_die": st.one_die, "unsure": True, "roll_at": st.roll_at,
                                "roll_reads": st.roll_reads}
                st.changes_seen = False
                self._believe(ref.board, obs)
                self._guess_unsure(ref.board, boards, obs, st.guessed)
                st.guessed = True  # the play was not judged: the board before it is a guess now (g1717)
                st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", other(mover), None, None, None
                st.handled, st.doubt, st.confirm, st.one_die, st.one_die_reads = remaining, 0, None, False, 0
                return
        st.last_play = {"player": mover, "dice": list(st.dice), "before": st.before,
                        "after_board": _board_json(after_board), "legal": legal,
                        "clean": legal is not None and rolled_seen and not st.guessed and not opponent_moved,
                        "on_guess": st.guessed}  # (the board it was played from a guess: see _before_unjudged)
        # (a verdict on a board where the opponent has moved already: his roll and play went unseen, so his rolling
        # next is no proof of a foul either, g2702 frame 927: 'dark rolled, but it is light's turn' after light's
        # 4-3 was played while dark's verdict waited on a die left on his half)
        if not rolled_seen:
            st.last_play["told"] = read_dice
        st.changes_seen = legal is not None and after != before
        was_guessed = st.guessed
        fitted_short = found.kind == "legal" and _mover_read_short(obs, after_board, mover, ref) >= FITTED_SHORT
        if found.kind == "doubt" or st.guessed or fitted_short:
            # (a legal play fitted to a reading that lacks FITTED_SHORT or more of the mover's checkers where the
            # play leaves them is one reading of it, not what was read: judged legal, but the board it leaves is a
            # guess. Judging game 18535 frame 280: dark's illegal 10/7 8/2 read with three of his lone checkers
            # unseen, fitted as the legal 10/7 10/5, and his next play, read right, was called 'moved backwards')
            # a play not judged leaves a guess; a play found on a guessed board fits the reading through the
            # misreads noted at the guess (the guess's own reading is its 'steady misread', so even a board
            # 'whole as read' may be the guess read back): only a reading that shows the board as it stands, point
            # for point without those misreads, ends the guess (race 4242: a dark checker guessed on the 8-point,
            # fitted by every later reading of it as empty, made dark's bear-off 'moved backwards'; render 1818: a
            # light checker guessed on 13, read on 18 ever since, made 4-1 'moved backwards')
            # (a board "forced" by each colour's count of 15 where points read short was once taken as no guess:
            # on a held-out game it ended a wrong guess and two false alarms followed; a guess ends on what is read)
            st.guessed = not _shows(obs, after_board)
            if shown is not None and after_board == shown:
                # the play is not judged, but the reading shows the whole board as it stands: believed where the
                # reader was sure of it, a guess only where it departs from the board before on a point the reader
                # doubted (as for a wrong guess replaced below)
                old = seating.board(before, mover).points
                departs = {i + 1 for i, (a, b) in enumerate(zip(old, after_board.points)) if a != b}
                st.guessed = bool(departs & _low_confidence_points(obs))
            if guess_wrong and not st.guessed:
                # the guess was wrong and the board as read replaces it: that board rests on the points where it
                # departs from the guess, so it is sure only where the reader was sure of them (race 4242, frame
                # 578: a lone dark checker missed and its 8-stack read 7, doubtful, taken as sure made a 3-1 at
                # 654 'one checker too many moved')
                old = seating.board(before, mover).points
                departs = {i + 1 for i, (a, b) in enumerate(zip(old, after_board.points)) if a != b}
                st.guessed = bool(departs & _low_confidence_points(obs))
            if steady is not None and after_board == steady and not guess_wrong:
                st.guessed = False  # the reading shows it point for point, as read or by its steady misreads
            if sure_before and after_board == near:
                # a legal result that the reading shows but for points the reader doubted is no wild guess: an
                # illegal play on it later is still called (render 1818: a foul at frame 220 on that board)
                st.guessed = False
            if st.guessed:
                self._guess_unsure(after_board, boards, obs, was_guessed)
                if fitted_short and not was_guessed and st.unsure_points is not None:
                    # the play was judged legal from the reading: only where the mover's checkers stand is in
                    # doubt, not his opponent's (a phantom of the opponent's read beside it kept the opponent's
                    # next play, read exactly at the lift, from being judged there: 14434 frame 960)
                    sign = 1 if mover == "light" else -1
                    st.unsure_points = [i for i in st.unsure_points if i >= 24 or any(
                        b.points[i] * sign > 0 for b in [after_board, *boards]) or (
                        obs.points[i] is not None and obs.points[i] * sign > 0)]
                if found.kind == "doubt":  # (a verdict on the guess keeps its rival: the same misplacement)
                    st.guess_rival = (self._rival_change(after_board, found.rival)
                                      if not was_guessed and found.rival is not None else None)
        if found.kind == "illegal" and found.ties:
            # the foul stands on each equally cheap board (matching.decide: where the checkers the reading lacks
            # stand is not known, h737 frame 190), but which of them is on the board is not: the board believed is a
            # guess, unsure where they differ, so no later verdict rests on that choice
            differ = {i for t in found.ties for i in range(24) if t.points[i] != after_board.points[i]}
            if any(t.bar != after_board.bar for t in found.ties):
                differ.add(BAR_INDEX)
            if any(t.off != after_board.off for t in found.ties):
                differ.add(OFF_INDEX)
            if not (was_guessed and st.guessed and st.unsure_points is None):
                st.unsure_points = sorted(differ | (set(st.unsure_points or []) if st.guessed else set()))
            st.guessed, st.guess_confirms, st.guess_seen = True, 0, None
        # the points an illegal call's board added checkers to, to make a short reading whole (see _repair_moved)
        added = ([i for i, n in enumerate(face_value(view, ref))
                  if n is not None and abs(n) < abs(after_board.points[i])]
                 if found.kind == "illegal" and ref is not None and not st.guessed else [])
        if legal and after == before:
            # a roll with no legal play, judged on the dice as read: a die misread (a cocked die read flat, a
            # face read wrong) makes a roll that did not count look like a dance. The same player rolling next is
            # then a re-roll said after the fact, never a roll out of turn (see _rolled_again); already judged
            st.last_play.update(pass_pending=True, judged=True)
        self._believe(after_board, obs)
        st.repaired = [added, 0] if added else None  # (see _repair_moved)
        despite_guess = fouled_on_guess and found.kind == "illegal"  # (still a foul after the checks above)
        if quick or despite_guess or (found.kind == "legal" and self._lift_mine and (mine_only or st.opponent_lost)):
            # (judged at the lift on the mover's checkers, the opponent's unseen or misread: how that reading saw
            # his points is no steady misread of the believed board either; kept, race 4242's dark 6-stack read as
            # none at light's lift made dark's foul 20 frames on read as a legal 13/5. Only then: a verdict the
            # whole reading gave keeps his steady misreads, g1675's three such wiped made a false alarm at 469)
            self._unsee(other(mover), after_board)
        st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", other(mover), None, None, None
        st.handled = remaining
        st.doubt, st.confirm, st.one_die, st.one_die_reads = 0, None, False, 0
        last_roller = st.turn_seen[3] if passed and st.turn_seen and len(st.turn_seen) > 3 else None
        if last_roller is not None:
            # the opponent's roll and the mover's next (or more) were seen while the play waited: the board read
            # holds their plays; the player on roll is the other of the one whose dice were seen last (the
            # opponent's seen last: the mover). Nothing waits for a verdict
            st.turn, st.last_play = other(last_roller), None
        if after.player_off == CHECKERS:
            self._game_end(mover, after)

    def _confirmed_clearer(self, board: Board, obs: Observation) -> bool:
        """Whether this reading agrees with the one that showed the illegal board waiting for an agreeing reading
        (``State.confirm``) but for points that one doubted and this one reads with confidence (the bar read the
        same): the foul it shows (``board``) then rests on two readings, as with the same board read twice.

        Why: the second look is asked for because the first rested on a doubtful point; a look that reads that
        point clearly settles it, and every other point is read alike in both. Asked for the same board, such a
        look only started the wait over, and the foul came a reading late (render 11001 frame 129: dark's 6-5
        'bar/20 13/5', his 5-point read 2 at confidence 0 at frame 130, read 1 clearly at 132, called at 133, a
        frame late). The readings are compared as read, not as the boards the read-error model made of them."""
        st = self.state
        if st.confirm is None or not st.confirm_read or len(st.confirm_read) != 3:
            return False
        points, bar, doubted = st.confirm_read
        read = _as_read(obs)
        if len(points) != 24 or len(read) != 24 or None in read or bar != [obs.bar.get("light", 0),
                                                                           obs.bar.get("dark", 0)]:
            return False
        differ = {i + 1 for i in range(24) if points[i] != read[i]}
        return bool(differ) and differ <= set(doubted) and not (differ & _low_confidence_points(obs))

    @staticmethod
    def _guess_holds(guess: Any, board: Board, mover: str) -> bool:
        """Whether a guess (its unsure points, "any", or None for no guess) may be wrong about where the mover's
        checkers stand on ``board``: it doubts the bar, the trays or a point holding his checkers, or anything."""
        if guess is None:
            return False
        if not isinstance(guess, list):
            return True
        sign = 1 if mover == "light" else -1
        return any(i in (OFF_INDEX, BAR_INDEX) or (i < 24 and board.points[i] * sign > 0) for i in guess)

    def _other_face_legal(self, before: Position, board: Board, mover: str) -> bool:
        """Whether ``board`` is a legal result of the roll with the die that later looks found gone (the other
        lying where it lay, and no look confirming the roll: ``State.roll_gone``) read as another face."""
        st, seating = self.state, self.seating
        gone = st.roll_gone
        # a die seen where it lay with no face made out (State.roll_blurred) stays in doubt though a later look
        # read the roll's face on it again: a die too small or blurred to read is misread alike every time
        # (judging game 59535 frame 46: dark's 6 of 10 px read 4, faceless in three looks, 4 again in the next,
        # and his 24/18 8/3 on 6-5 was called a foul of 5-4)
        blurred = st.roll_blurred is not None and st.roll_blurred[0] == st.roll_at
        if blurred:
            gone = st.roll_blurred
        if (seating is None or not gone or gone[0] != st.roll_at or (st.roll_looked == st.roll_at and not blurred)
                or st.one_die
                or not st.dice or len(st.dice) != 2 or not st.roll_at or len(st.roll_at) != 2):
            return False
        kept = int(st.roll_at[1 - gone[1]][0])
        after = seating.position(board, mover)
        return any(after in legal_results(before, kept, face) for face in range(1, 7)
                   if sorted((kept, face)) != sorted(st.dice))

    @staticmethod
    def _rival_change(guess: Board, rival: Board) -> Optional[list]:
        """The rival board of a guess as a change to it, point by point ([[point, change]]), or None when they
        differ on the bar or the trays or in how many checkers of a colour are on the points."""
        if rival.bar != guess.bar or rival.off != guess.off:
            return None
        change = [[i, r - g] for i, (g, r) in enumerate(zip(guess.points, rival.points)) if r != g]
        for sign in (1, -1):
            if sum(max(0, n * sign) for n in rival.points) != sum(max(0, n * sign) for n in guess.points):
                return None
        return change or None

    def _sure_despite_rival(self, illegal: Board, view: View, ref: Optional[Reference], mover: str) -> bool:
        """Whether an illegal call on a guess stands on the guess's rival as well (the other story of the doubt
        that made the guess: where checkers the reader missed stood), so it rests on neither.

        Why (issue 6): a play not sure between a legal board and an illegal one that differ only in where the
        checkers the reading lacked stand (J7 game 5959 frame 111: dark's 2-point read 1, his 6-stack read 5, two
        short) leaves a guess on the mover's points that the reader's steady misread never confirms; every foul on
        those points then went unjudged (frame 504, dark's 13/3 9/1 on 4-4). The rival is kept as a change to the
        guess and carried over the plays judged since (the same checkers misplaced). A foul that is illegal from
        the guess (already weighed) and from the rival, with every other point the guess doubts sure (see
        ``_sure_despite_guess``), is called."""
        st, seating = self.state, self.seating
        unsure = st.unsure_points
        if (seating is None or ref is None or unsure is None or not st.guess_rival or BAR_INDEX in unsure
                or OFF_INDEX in unsure or st.one_die or not st.dice or len(st.dice) < 2 or not st.before):
            return False
        points = list(ref.board.points)
        for i, change in st.guess_rival:
            now = points[i] + change
            if now * points[i] < 0:
                return False  # (the colours must stay: the plays since moved those checkers)
            points[i] = now
        rival = Board(tuple(points), ref.board.bar, ref.board.off)
        if self._rival_change(ref.board, rival) is None:
            return False
        changed = {i for i, _ in st.guess_rival}
        rest = [i for i in unsure if i < 24 and i not in changed]
        if rest and not self._sure_despite_guess(illegal, view, ref, mover, rest):
            return False
        before = seating.position(rival, mover)
        dice = list(st.dice)
        boards = list(dict.fromkeys(seating.board(r, mover) for r in legal_results(before, dice[0], dice[1])))
        # (how the reader read the changed points while the guess stood is no steady misread of the rival: its
        # story is that those counts are off, weighed as read, not as a stack the reader is blind to)
        seen = None if ref.seen is None else tuple(() if i in changed else v for i, v in enumerate(ref.seen))
        found = decide(view, boards, Reference(rival, seen, ref.seen_bar), mover=1 if mover == "light" else -1,
                       far=lambda b: _far_from_roll(before, dice, seating.position(b, mover)))
        return found.kind == "illegal"

    def _sure_despite_guess(self, illegal: Board, view: View, ref: Optional[Reference], mover: str,
                            points: Optional[list[int]] = None) -> bool:
        """Whether an illegal call on a guessed board rests on what was read only, never on what was guessed.

        Why (issue 6, hard games): a play not judged makes the board a guess, and on a guess no foul was called;
        on dark checkers the reader keeps missing, a guess never ends (g1641: from frame 840 to the game's end,
        light's 9/8 6/1 on 4-1 at 871 and the plays after it unjudged). A guess notes the points it may be wrong
        on (``State.unsure_points``). When the guess holds none of the mover's checkers on them (it is whole, so
        where his checkers stood is then known), the bar and trays are sure, and the mover's checkers as read fit no
        legal result of the roll with soft misreads only (a count on those points always a soft one), whatever the
        opponent holds there (each point open or blocked, as far as the mover can reach), the foul does not rest
        on the guess: it is called (g1643 frame 667: light's bar/19 13/8 on 6-4, after a dark play not judged). Anything else stays
        "not sure" (a warning)."""
        st, seating = self.state, self.seating
        unsure = st.unsure_points
        sign, k = (1, 0) if mover == "light" else (-1, 1)
        if (seating is None or ref is None or unsure is None or OFF_INDEX in unsure
                or (BAR_INDEX in unsure and not _bar_read_as_held(ref, k))
                or st.one_die or not st.dice or len(st.dice) < 2 or not st.before or len(view.points) != 24):
            return False
        points = [i for i in (unsure if points is None else points) if i < 24]
        if any(ref.board.points[i] * sign > 0 for i in points):
            return False  # the guess may be wrong about the mover's own checkers (where they stood)
        before = Position.from_position_id(st.before)
        mine_at = {seating.geometric(mover, p) - 1: p for p in range(1, 25)}  # geometric index -> his point
        rearmost = 25 if before.player[24] else max((p for p in range(1, 25) if before.player[p - 1]), default=0)
        reach = [i for i in points if mine_at[i] < rearmost]  # points his checkers may land on or pass
        if len(reach) > GUESS_VARIANTS:
            return False
        seen_mine = [max(0, n * sign) if n is not None else None for n in view.points]
        bar_read = face_bar(view, ref)[k]
        results: set[tuple] = set()
        for mask in range(1 << len(reach)):
            opponent = list(before.opponent)
            for bit, i in enumerate(reach):  # his point p is the opponent's point 25 - p
                opponent[24 - mine_at[i]] = 2 if mask >> bit & 1 else 0
            variant = Position._unchecked(before.player, tuple(opponent))
            for result in legal_results(variant, st.dice[0], st.dice[1]):
                geo = seating.board(result, mover)
                results.add((tuple(max(0, n * sign) for n in geo.points), geo.bar[k]))
        for points_mine, bar_mine in results:
            misread = HARD * abs(bar_read - bar_mine)
            for i, (r, v) in enumerate(zip(seen_mine, points_mine)):
                if r is None or r == v or (ref.steady(i, view.points[i])
                                           and v == max(0, ref.board.points[i] * sign)):
                    continue
                misread += (SOFT_MISREAD if i + 1 in view.unsure or i in points
                            or tall_short(view.points[i], v * sign) else HARD)
            if misread < HARD:
                return False  # a legal play of his fits the reading of his checkers but for soft misreads
        return True

    def _doubted_difference(self, view: View, ref: Optional[Reference], boards: list[Board],
                            illegal: Optional[Board]) -> Optional[Board]:
        """The cheapest legal result when the illegal board differs from it only on points the reader read as
        doubtful (low confidence, unseen) in one of the last readings (``State.doubtful``), else None. Why: such a
        reading adds up to a whole, legal-looking board by misreads where the reader itself was unsure, and a
        false alarm is as bad as a missed foul; a real foul shows on a point read with confidence."""
        doubted = {p for points in (self.state.doubtful or []) for p in points}
        if illegal is None or not doubted or not boards:
            return None
        scored = [(cost(view, b, ref), b) for b in boards]
        least = min(c for c, _ in scored)
        for c, board in scored:
            if c != least or board.bar != illegal.bar or board.off != illegal.off:
                continue
            differ = {i + 1 for i in range(24) if board.points[i] != illegal.points[i]}
            if differ and differ <= doubted:
                return board
        return None

    @staticmethod
    def _steady_hides(obs: Observation, view: View, ref: Optional[Reference], boards: list[Board]
                      ) -> Optional[Board]:
        """A legal result that each point of the reading shows as read, or by the steady misread of a point the
        result leaves as it was; else None."""
        if ref is None or ref.seen is None or len(obs.points) != 24 or any(n is None for n in obs.points):
            return None
        bar = face_bar(view, ref)
        for b in boards:
            if b.bar != bar:
                continue
            if all(obs.points[i] == b.points[i]
                   or (b.points[i] == ref.board.points[i] and ref.steady(i, obs.points[i])) for i in range(24)):
                return b
        return None

    @staticmethod
    def _read_as_legal(obs: Observation, boards: list[Board]) -> Optional[Board]:
        """The one legal result the reading shows exactly as read (every point and the bar), or None.

        Why: the read-error model takes a point read as it was read while the board stood for unchanged (the
        reader's steady misread), so a lone checker the reader never saw reads the same once it is really gone:
        race 4242's last dark checker borne off looked like 'nothing moved' and the game end went unsaid. A
        reading that is a legal result as it stands is that play (a legal verdict raises no alarm)."""
        read = Board.from_observation(obs)
        if read is None:
            return None
        exact = [b for b in boards if _same_board(read, b)]
        return exact[0] if len(exact) == 1 else None

    def _one_die_seen(self, obs: Observation, mover: str) -> bool:
        """A roll read with one die so far: the second die is seen now (the roll is known, or it must be rolled
        again), or still not (after a few readings, say so). True when this reading is dealt with."""
        st, seating = self.state, self.seating
        assert seating is not None and st.dice
        mine = [d for d in obs.dice if d.half in (seating.right_half(mover), None)]
        if (len(obs.dice) == 1 and len(mine) == 1) or (len(obs.dice) == 2 and _unread(obs.dice)):
            # still one die read (the other seen now, its face not made out, tells nothing more)
            if (len(obs.dice) == 1 and obs.dice[0].value == st.dice[0]
                    and obs.dice[0].half == seating.right_half(mover)):
                # the lone die read again with its face on his half: its latest place is where a late look must
                # find it. A first reading under the leaving hand may have placed it off its centre, farther than
                # a die's side: kept there, the roll read whole later made a 'late re-roll' of the same dice
                st.roll_at = _dice_at(obs.dice)
            st.one_die_reads += 1
            if st.one_die_reads <= ONE_DIE_READS:
                self.needs_reread = True
            elif st.one_die_reads == ONE_DIE_READS + 1 and len(obs.dice) == 1:
                self._emit("warning", message=f"{mover} rolled but only one die is seen on the board: if the other "
                           "left the board, roll again", code="one_die", player=mover)
            return True
        if len(obs.dice) != 2 or not mine or st.dice[0] not in [d.value for d in obs.dice]:
            return False  # (the other die seen now may lie in the wrong half: a re-roll, called below)
        reason = self._reroll_reason(obs.dice, need_half=seating.right_half(mover))
        if reason == "cocked" and self._cocked_settling(obs):
            return True
        if reason in ("wrong_half", "off_board") and not self._late_die_again(obs, mover):
            return True  # a die first seen off his half now: read once more before it voids the roll
        st.one_die, st.one_die_reads, st.doubt = False, 0, 0
        if reason is not None:
            # (a cocked die: called at once, as a roll read whole; a die off his half was read twice where it lies
            # (_late_die_again): that was the look, the re-roll is called now)
            if reason == "cocked":
                self._reroll_after_look(mover, reason, obs)
            else:
                self._emit("reroll", player=mover, reason=reason)
            st.phase, st.dice, st.before = "awaiting", None, None
            st.handled = _as_list(dice_signature(obs.dice))
            return True
        st.dice = roll_values([int(d.value) for d in obs.dice])  # type: ignore[arg-type]
        self._emit("roll", player=mover, dice=list(st.dice), late=True)
        self._roll_lies_at(obs)
        return True

    def _play_tells_die(self, mover: str, board: Optional[Board], by_board: dict[Board, set[tuple[int, int]]]
                        ) -> bool:
        """A roll read with one die, played to ``board``: when exactly one roll holding that die reaches it, that is
        the roll (said as a roll ``inferred``) and True; else nothing changes."""
        told = by_board.get(board, set()) if board is not None else set()
        if len(told) != 1:
            return False
        st = self.state
        st.dice, st.one_die = list(next(iter(told))), False
        self._emit("roll", player=mover, dice=list(st.dice), inferred=True)
        return True

    def _late_die_again(self, obs: Observation, mover: str) -> bool:
        """Whether the die off the mover's half in this reading of a roll taken with one die was read in the reading
        before too, where it lies now with that face. If not, it is noted and a fresh look asked for (False).

        Why: a die seen only now, readings after the roll, off the mover's half, may be something on the board the
        reader took for a die once; the roll's true second die, unread, lies on his half. Voiding the roll on it
        made two false re-rolls at the lift (judging game 99535 frame 1057: light's 4-1, the 1 green on green
        felt never read, a '3' read once on the board's lettering on the other half; 83434 frame 853: light's
        3-1, a '1' read once on dark's half), as the look before the call takes dice gone at the lift for dice
        picked up. A real die lies where it lay: the next fresh reading shows it again, a frame later."""
        st, seating = self.state, self.seating
        assert seating is not None
        near = _die_side_px(obs)
        off = [[d.value, float(d.center[0]), float(d.center[1]), d.half] for d in obs.dice
               if d.half != seating.right_half(mover) and d.center is not None and len(d.center) == 2]
        before = st.late_die[1] if st.late_die and st.late_die[0] == st.dice_epoch else []
        again = bool(off) and all(any(v == w and h == k and math.hypot(x - a, y - b) <= near for w, a, b, k in before)
                                  for v, x, y, h in off)
        if again:
            st.late_die = None
            return True
        st.late_die = [st.dice_epoch, off]
        self.needs_reread, self.needs_dice_look = True, "same"
        return False

    def _roll_lies_at(self, obs: Observation) -> None:
        """The roll just read whole lies where ``obs`` shows its dice: later looks check its faces there
        (``_look_at_roll``), none made yet. Also for a roll first read with one die and made whole by the second
        die read now. Why: the second die is often first read as it settles (a rolling die, its pips smeared);
        kept with the first die's place only, no later look could doubt or correct it (render 10515 frame 48:
        dark's 2 read as a 1 while it settled, read 2 where it lay at frames 58 and 70, and his 13/11 8/7 on 2-1
        called illegal for 1-1)."""
        st = self.state
        st.roll_at, st.roll_reads, st.roll_frame = _dice_at(obs.dice), 1, self._frame
        st.roll_looked, st.roll_doubt, st.roll_alt, st.roll_gone = None, None, None, None
        st.roll_blurred = None
        st.roll_faces = [[x, y, [v]] for v, x, y in st.roll_at]

    def _split_roll(self, obs: Observation) -> bool:
        """Whether two dice read in the mover's turn, one on each half, are his opponent's roll with a die on the
        wrong half: a reading since the roll showed no dice (lifted), and neither die lies within a die's side of
        where a die of the roll lay (the mover's dice read again lie where they lay). The play is then final, and
        the roll is weighed as any other (issue 6, R10; bo8181 frame 1164: light's 4-2 split over the halves while
        dark's 4-4 waited for a look, never called; 'all on the opponent's half' was the only roll taken here).

        Why not when both lie on the mover's half: the mover's dice read again, or rolled again by him, look the
        same there. A die of the roll misread lies where it lay, so it never makes a split roll."""
        st, seating = self.state, self.seating
        if (seating is None or st.turn is None or len(obs.dice) != 2 or not st.roll_at or st.early_roll
                or st.lifted_at != st.roll_at):
            return False
        halves = {d.half for d in obs.dice}
        if halves not in ({seating.right_half(st.turn), seating.right_half(other(st.turn))},
                          {None, seating.right_half(other(st.turn))}):
            # (one on the opponent's half and the other off the board is his roll too: render 16003 frames 807
            # and 954, a 6 and a 4 off the board beside a die on his half, the re-roll never called while the
            # mover's play waited for 'his dice' to be lifted)
            return False
        now = _dice_at(obs.dice)
        near = _die_side_px(obs)
        return len(now) == 2 and all((x - a) ** 2 + (y - b) ** 2 > near ** 2
                                     for _, x, y in now for _, a, b in st.roll_at)

    def _cocked_settling(self, obs: Observation) -> bool:
        """Whether a die read cocked must be looked at again before a re-roll is called: until COCKED_READS fresh
        readings agree (a flat reading in between takes the roll). Why: a flat die is read cocked now and then
        (renders 1818 and 2201: four false re-rolls, the die read flat a second later), and a false alarm is as bad
        as a missed one; the second die of a roll seen with one die first is looked at again too (1818, 448)."""
        st = self.state
        if _cocked(obs.dice) and st.doubt < COCKED_READS:
            st.doubt += 1
            st.cocked_at = [[float(d.center[0]), float(d.center[1])] for d in obs.dice
                            if not d.flat and d.half is not None and d.center is not None and len(d.center) == 2]
            self.needs_reread = True
            return True
        return False

    def _cocked_unread(self, obs: Observation) -> bool:
        """Whether a die whose face is not made out (flat, value None) lies where a fresh reading of this roll read
        a die cocked (``_cocked_settling``), the other die read with its face.

        Why: a cocked die shows its upper face at a slant and a side face beside it, so its face is rarely read;
        the look that follows a cocked reading then mostly reads it flat but faceless, and a faceless die was never
        a re-roll, so the roll waited for the play to tell it and the re-roll was said only when the player rolled
        again (judging game 59434 frame 287: dark's 4 leaning on a checker read cocked once, then flat with no face
        twice; 'rolled again' said 19 frames late). A flat die is read with its face as soon as it is read flat,
        so a die read cocked that no look since has read with a face is taken as read cocked. Only where it lay:
        a die read cocked elsewhere, or a roll whose every die is faceless, says nothing."""
        st = self.state
        if not st.cocked_at or len(obs.dice) != 2:
            return False
        faceless = [d for d in obs.dice if d.value is None and d.flat]
        if len(faceless) != 1 or faceless[0].center is None or len(faceless[0].center) != 2:
            return False
        near = _die_side_px(obs)
        x, y = float(faceless[0].center[0]), float(faceless[0].center[1])
        return any(math.hypot(x - a, y - b) <= near for a, b in st.cocked_at)

    def _lift_shows_mine(self, obs: Observation) -> bool:
        """Whether a reading with the dice lifted shows the mover's checkers exactly as one legal result leaves them (every point seen, each of his counts as that result holds
        it or as the reader read it while the board stood), and no other legal result so: the play is judged now
        on his checkers, legal (issue 6, G7).

        Why: in the mover's turn the opponent's checkers only leave points for the bar, so his checkers the reader
        misses (lone ones, read as none) say nothing about the play; waiting for them made the verdict wait for
        the opponent's roll (g1641 frame 721: light's 7/2 6/2 read exactly, dark's blots on 22 and 24 unseen, judged
        ten frames late). Only a legal verdict comes so: the 'not on the board' warning is still said, and a
        reading that fits no legal result of his exactly waits as before (no illegal call rests on checkers unseen)."""
        st = self.state
        if (obs.dice or st.phase != "moving" or st.turn is None or not st.dice or st.one_die
                or not obs.board.found or len(obs.points) != 24 or None in obs.points or not st.before):
            return False
        view, ref = View.of(obs), self._reference()
        if ref is None or None in view.points:
            return False
        mine = self._mover_only(view, list(self._result_boards(st.turn)), ref, st.turn, Verdict("doubt"))
        return mine.kind == "legal" and mine.legal_cost == 0

    def _guess_spares_mover(self) -> bool:
        """Whether the guessed board is sure of where every checker of the player on roll stands: the points it
        may be wrong on (``State.unsure_points``) hold none of his checkers, and neither the bar nor the trays are
        in doubt. A verdict at the lift on his checkers alone (``_lift_shows_mine``) then rests on nothing guessed.

        Why: on a guess the lift's reading was no verdict at all, so a play read exactly waited for the opponent's
        roll (renders 10400 and 10402: light's plays judged at dark's roll, 9-10 frames after the lift, or not at
        all, the guess unsure of dark's points only). A guess unsure of any point of the mover's still waits (game
        9191: a lift verdict on such a guess kept it from ending, and later plays went unjudged)."""
        st = self.state
        unsure, ref = st.unsure_points, self._reference()
        if unsure is None or ref is None or st.turn is None or OFF_INDEX in unsure or BAR_INDEX in unsure:
            return False
        sign = 1 if st.turn == "light" else -1
        return not any(ref.board.points[i] * sign > 0 for i in unsure if i < 24)

    def _lift_legal(self, obs: Observation) -> bool:
        """Whether a reading with the dice lifted that lacks checkers (more than a knock, or the mover's own) is
        weighed as it stands and found one legal result (the read-error model: each checker it lacks a lone one
        missed or on a point the reader was unsure of or read so while the board stood): judged now (issue 6, G7).

        Why: such a reading was weighed only once the opponent's dice were down (the reader that misses the
        checkers misses them in every later reading), so a play it shows came late (g1641 frame 762: dark's 7/4 6/5*
        on a guessed board, four of his lone checkers unseen, judged at light's roll 8 frames on). The verdict is
        the one that roll would have brought; only a legal one comes early, a doubt or an illegal board waits."""
        st = self.state
        if (obs.dice or st.phase != "moving" or st.turn is None or not st.dice or st.one_die or not st.before
                or st.guessed or self.seating is None or not obs.board.found or len(obs.points) != 24):
            return False  # (a guessed board holds nothing for sure: its play waits, as before)
        ref = self._reference()
        if ref is None:
            return False
        mover = st.turn
        found = decide(View.of(obs), list(self._result_boards(mover)), ref, mover=1 if mover == "light" else -1,
                       far=self._far_test(Position.from_position_id(st.before), mover))
        return found.kind == "legal"

    def _look_at_lift(self, obs: Observation) -> None:
        """The dice lifted and the reading too short of checkers to weigh: ask for a fresh look, LIFT_LOOKS times
        per turn of the dice.

        Why: the stabiliser reads a still picture once and then nothing until it changes, so without a look the
        verdict waited for the next change, the opponent's roll, about 10 frames (1 s) after the lift (rendered
        games 47535, 69535, 44434: legal plays said 10 frames late; the reading at the roll, another frame of the
        same board, read the stacks whole). A fresh read of the next frame sees the board under new noise and
        without the last reading's carried counts; when it reads as short, nothing changes: the verdict waits for
        the roll as before. A look is a read, never a verdict: what it shows is weighed as any reading is."""
        st = self.state
        if obs.dice or not obs.board.found or not st.roll_at:
            return
        looks = st.lift_looks[1] if st.lift_looks and st.lift_looks[0] == st.dice_epoch else 0
        if looks < LIFT_LOOKS:
            st.lift_looks = [st.dice_epoch, looks + 1]
            self.needs_reread = True

    def _lift_steady(self, obs: Observation) -> bool:
        """Whether a reading with the dice lifted lacks checkers only where the reader read a point as it read it
        while the board stood before the roll (its steady misread: a stack it is blind to), so that undoing those
        misreads makes every colour whole: weighed now, as any whole reading at the lift is.

        Why: such a reading lacks them in every later reading too, so waiting for the opponent's roll (as for a
        reading short for other reasons, see _lift_legal) only delays the verdict, and a roll of his that is not
        both dice on his half (a re-roll, a die unread) kept it waiting through whole turns (render 62535 frame
        213: dark's five checkers on a stack read as none all game long, dark's play judged at light's second
        roll, 106 frames late, every event between them missed). A doubt now is looked at again and then said
        "not judged"; a foul is called only as ``decide`` calls one on any whole reading (none that a checker
        leaving the mover's blind stack could explain)."""
        st = self.state
        if (obs.dice or st.phase != "moving" or st.turn is None or not st.dice or st.one_die or not st.before
                or st.guessed or self.seating is None or not obs.board.found or len(obs.points) != 24):
            return False
        ref = self._reference()
        if ref is None or ref.seen is None:
            return False
        view = View.of(obs)
        face = face_value(view, ref)
        if None in face:
            return False
        results = self._result_boards(st.turn)
        offs = ({ref.board.off[0]} | {b.off[0] for b in results}, {ref.board.off[1]} | {b.off[1] for b in results})
        return whole_board(list(face), face_bar(view, ref), offs) is not None  # type: ignore[arg-type]

    def _far_test(self, before: Position, mover: str) -> Callable[[Board], bool]:
        """``decide``'s test of a board far from the roll being played (see ``_far_from_roll``)."""
        seating, dice = self.seating, list(self.state.dice or [])
        assert seating is not None
        return lambda b: _far_from_roll(before, dice, seating.position(b, mover))

    def _mover_only(self, view: View, boards: list[Board], ref: Optional[Reference], mover: str,
                    found: Verdict) -> Verdict:
        """The verdict on the mover's checkers alone, once the opponent has rolled (his own play may be under
        way): legal when exactly one legal board fits them with no confident misread; an illegal call stands only
        if the opponent's checkers are as they were (else: not sure)."""
        sign = 1 if mover == "light" else -1
        k = 0 if mover == "light" else 1

        def mine(points: tuple, bar: tuple) -> tuple:
            return tuple(max(0, n * sign) if n is not None else None for n in points), bar[k]

        def theirs(points: tuple, bar: tuple) -> tuple:
            return tuple(max(0, -n * sign) if n is not None else None for n in points), bar[1 - k]

        seen_mine = mine(view.points, face_bar(view, ref))
        fits = []
        for board in boards:
            cand = mine(board.points, board.bar)
            misread = 0
            for i, (r, v) in enumerate(zip(seen_mine[0], cand[0])):
                if r is None or r == v or (ref is not None and ref.steady(i, view.points[i])
                                           and v == max(0, ref.board.points[i] * sign)):
                    continue
                misread += SOFT_MISREAD if i + 1 in view.unsure or tall_short(view.points[i], board.points[i]) else HARD
            misread += HARD * abs(seen_mine[1] - cand[1])
            if misread < HARD:
                fits.append((misread, board))
        fits.sort(key=lambda fb: fb[0])
        if fits and (len(fits) == 1 or fits[0][0] < fits[1][0]):
            return Verdict("legal", fits[0][1], fits[0][0], found.illegal_cost, found.points)
        if found.kind == "illegal" and ref is not None and found.board is not None and (
                theirs(found.board.points, found.board.bar) == theirs(ref.board.points, ref.board.bar)):
            return found
        return Verdict("doubt", found.board if found.kind != "illegal" else None, found.legal_cost,
                       found.illegal_cost, found.points)

    def _result_boards(self, mover: str) -> dict[Board, set[tuple[int, int]]]:
        """Each board a legal play of the roll being played leaves (the seating's geometric board), with the rolls
        that reach it; made once per position, dice and mover, as every still reading of a play is weighed
        against the same results."""
        st, seating = self.state, self.seating
        assert seating is not None and st.before
        key = (st.before, tuple(st.dice), mover, seating)
        if self._results[0] != key:
            before = Position.from_position_id(st.before)
            by_board: dict[Board, set[tuple[int, int]]] = {}
            for roll in self._possible_rolls():
                for result in legal_results(before, roll[0], roll[1]):
                    by_board.setdefault(seating.board(result, mover), set()).add(roll)
            self._results = (key, by_board)
        return self._results[1]

    def _foul_whatever_die(self, die: int, before: Position, after: Position) -> bool:
        """Whether ``after`` is illegal with every roll holding ``die`` and, with none of them, a part of a legal
        play (the rules engine's 'not_whole_roll': fewer dice played than the roll allows).

        Why the second: a reading that shows part of a legal play is what a move the referee did not see looks
        like, and a roll read with one die is a turn it already sees badly. Judging game 13535 frame 1085: light's
        bar/20 13/12* on 5-1, his 1 unseen and his entering checker already believed on the board (a belief
        wrong since dark's play before), read as 13/12* alone: 'fit no roll with a 5', a false alarm."""
        return not any(v.legal or getattr(v, "code", None) == "not_whole_roll"
                       for v in self._with_every_other_die(die, before, after))

    def _with_every_other_die(self, die: int, before: Position, after: Position) -> list[Any]:
        """The verdicts on ``after`` for each roll holding ``die`` (the other die 1 to 6)."""
        return [self.judge(before, (die, other_die), after) for other_die in range(1, 7)]

    def _lone_die_foul(self, mover: str, die: int, before: Position, after: Position,
                       note: Optional[str]) -> bool:
        """Emits a play no roll holding ``die`` (the one die read) allows: illegal whatever the other die shows.

        Said with the die read only (``dice: [die]``, ``other_die_unseen: true``) and a reason that names no roll: the
        rule each roll breaks when all break the same one (three checkers on the bar must enter first), else what
        the checkers did. No closest legal plays: they depend on the die not seen."""
        from rules.judge import net_movement

        verdicts = self._with_every_other_die(die, before, after)
        if any(v.legal for v in verdicts):
            # (the board checked by _foul_whatever_die may since have been judged on the mover's checkers only:
            # a legal result of some roll with the die is never a foul)
            self._emit("warning", code="unsure_reading", player=mover,
                       message=f"only one die of {mover}'s roll was read; the play is not judged: please check the "
                               "board")
            return True
        reasons = {v.reason for v in verdicts}
        codes = {getattr(v, "code", None) for v in verdicts}
        if len(reasons) == 1:
            reason = verdicts[0].reason
        else:
            reason = f"the checkers moved ({net_movement(before, after)}) fit no roll with a {die}"
        reason += (f" (only the {die} of the roll was read: the play is illegal whatever the other die shows)"
                   + (f" {note}" if note else ""))
        fields: dict[str, Any] = dict(player=mover, dice=[die], before=before.position_id(),
                                      after=after.position_id(), play=None, legal=False, reason=reason, closest=[],
                                      code=codes.pop() if len(codes) == 1 else "dice_mismatch",
                                      other_die_unseen=True)
        self._emit("play", **fields)
        return False

    def _possible_rolls(self) -> list[tuple[int, int]]:
        """The roll being played: known, or, when one die only was read, each value the other die may show."""
        st = self.state
        assert st.dice
        if len(st.dice) >= 2:
            return [(st.dice[0], st.dice[1])]
        return [tuple(roll_values([st.dice[0], v])) for v in range(1, 7)]  # type: ignore[misc]

    def _followed(self, last: Optional[dict[str, Any]], player: str) -> bool:
        """Whether the referee saw ``player``'s last turn end cleanly: his roll read with both dice, his play
        judged on the board as read (not told, not a guess) and his dice lifted. Only then is his rolling again
        evidence of a foul; after a turn it did not follow, a turn of the opponent may have gone unseen (issue 6:
        a light play never seen made dark's next roll 'out of turn')."""
        return bool(last and last.get("player") == player and last.get("legal") is not None
                    and last.get("clean") and not last.get("settled") and not self.state.guessed)

    def _pass_pending(self) -> bool:
        last = self.state.last_play
        return bool(last and last.get("pass_pending") and not last.get("settled"))

    def _rolled_again(self, roller: str, obs: Observation, board: Board) -> Optional[str]:
        """A roll after a play in which nothing moved: the same player rolling again means his roll did not count
        (a re-roll the referee did not see the reason for); returns that player. The opponent rolling means the
        roll was not played although it could be: that play is judged now. Returns None then."""
        st, seating = self.state, self.seating
        assert seating is not None
        if not self._pass_pending():
            return None
        last = st.last_play
        assert last is not None
        mover = last["player"]
        if all(d.half == seating.right_half(mover) for d in obs.dice) and mover != roller:
            last["settled"] = True
            if _same_roll(last.get("roll_at"), obs.dice, _die_side_px(obs)):
                # each die read when the roll was taken lies where it lay, showing the same face: the same roll
                # seen again after the reader lost the dice for a reading (nothing was rolled again), not a
                # re-roll. The roll goes on as read now
                st.last_play, st.turn = None, mover
                return mover
            if last.get("one_die") and last.get("roll_reads", 2) < 2 and any(
                    d.value == last["dice"][0] for d in obs.dice):
                # the lone die was seen in one reading only and its face shows in this roll: that roll's first
                # die, read before the other came to rest, then nudged by it (h303, frames 172 and 198), not a
                # roll that did not count. A re-roll is called only from dice seen in two readings, or from a
                # lone die this roll does not show
                st.last_play, st.turn = None, mover
                return mover
            # a die read where a die of the roll lay but with another face is no proof of the same roll: a re-rolled
            # die may land on the very spot (the demo, frame 55: the 2 of a re-roll 9 px from the 3 it replaced)
            # the same player rolled again without playing: a re-roll whose cause the reader did not see (the
            # other die off the board or cocked when one die only was seen; a cocked die read flat otherwise).
            # Said as it is known, after the fact
            self._emit("reroll", player=mover, reason="unseen_die" if last.get("one_die") else "rolled_again",
                       late=True, dice=list(last["dice"]))
            st.last_play, st.turn = None, mover
            return mover
        last["settled"] = True
        if len(last["dice"]) == 2 and not last.get("unsure") and not last.get("judged"):
            if not last.get("changes_seen"):
                # 'no checker was moved' is a foul only where the reader is seen to follow this board: the play
                # before it was a change it saw. After a play it did not see change the board (a small board, a
                # steady misread), an unseen play looks exactly like none (issue 6): said, never an alarm
                self._emit("warning", code="unsure_reading", player=mover,
                           message=f"no change was read after {mover}'s roll, and the reader did not see the play "
                                   "before change the board either: not judged, please check the board")
                st.guessed, st.unsure_points, st.guess_confirms = True, None, 0  # (an unseen play: any point)
                return None
            if self._guess_holds(last.get("guess"), _board_from_json(last["after_board"]), mover):
                # the board the roll was played from was a guess that may be wrong about where the mover's checkers
                # stood (race 4242 frame 1614, today's reader: dark's 1/off(2) on 4-3 read as his guessed board, the
                # trays and his 1-point in doubt, called 'no checker was moved'): nothing moved on a guess is no
                # foul; said, never an alarm
                self._emit("warning", code="unsure_reading", player=mover,
                           message=f"no change was read after {mover}'s roll, but the board before it was not read "
                                   "clearly (an earlier play was not judged): not judged, please check the board")
                return None
            if self._moved_since(_board_from_json(last["after_board"]), board, mover):
                # his checkers moved after the dice were lifted with nothing played, before the opponent rolled:
                # he rolled again unseen (his roll did not count: a cocked die read flat) and played that roll
                # (judging game 41434 frame 818: light's cocked 1-1 read flat and lifted, his 3-2 unread, 10/5
                # read at 800, and 'no checker was moved, but 1-1 can be played' called at dark's roll)
                self._emit("warning", code="unsure_reading", player=mover,
                           message=f"{mover}'s checkers moved after his dice were lifted with nothing played: he "
                                   "may have rolled again unseen; not judged, please check the board")
                return None
            before = Position.from_position_id(last["before"])
            self._play_event(mover, last["dice"], before, before)
        return None

    @staticmethod
    def _moved_since(lifted: Board, now: Board, mover: str) -> bool:
        """Whether ``now`` holds the mover's checkers otherwise than ``lifted`` (the board at his lift): points,
        bar or tray."""
        k = COLOURS.index(mover)
        sign = 1 if k == 0 else -1
        return (any(max(0, a * sign) != max(0, b * sign) for a, b in zip(lifted.points, now.points))
                or lifted.bar[k] != now.bar[k] or lifted.off[k] != now.off[k])

    def _likeliest(self, view: View, ref: Optional[Reference], boards: list[Board]) -> Board:
        """The board to go on from when a play could not be judged: the cheapest whole board the reading shows,
        else the cheapest legal result, else the board before."""
        offs = ({b.off[0] for b in boards} | {ref.board.off[0] if ref else 0},
                {b.off[1] for b in boards} | {ref.board.off[1] if ref else 0})
        found = min(repairs(view, ref, offs), key=lambda cb: cb[0], default=None)
        if found is not None:
            return found[1]
        if boards:
            return min(boards, key=lambda b: cost(view, b, ref))
        assert ref is not None
        return ref.board

    def _play_event(self, mover: str, dice: list[int], before: Position, after: Position,
                    corrected: bool = False, verdict: Any = None, note: Optional[str] = None,
                    dice_told: int = 0) -> bool:
        """Emits the play's verdict; ``note`` is added to an illegal play's reason (what the referee is not sure of).

        ``dice_told``: how many of the roll's dice the play told because the reader never saw them (1 or 2). Such a
        play is legal only if the unseen dice were what the play used (a play is never called illegal on a told
        die), which the event says (``dice_told``) so that no one takes it for a checked roll: a 5-2 played
        6/2 6/1 with the 2 unseen reads as a legal 5-4 (render 15434, frame 494)."""
        if verdict is None:
            verdict = self.judge(before, (dice[0], dice[1]), after)
        play = getattr(verdict, "play", None)
        notation = play.notation() if hasattr(play, "notation") else play
        closest = [c.notation() if hasattr(c, "notation") else c for c in (getattr(verdict, "closest", None) or [])]
        fields: dict[str, Any] = dict(player=mover, dice=list(dice), before=before.position_id(),
                                      after=after.position_id(), play=notation, legal=bool(verdict.legal),
                                      reason=None if verdict.legal else " ".join(
                                          r for r in (getattr(verdict, "reason", None), note) if r) or None,
                                      closest=[] if verdict.legal else closest)
        code = getattr(verdict, "code", None)
        if code is not None:
            fields["code"] = code
        if corrected:
            fields["corrected"] = True
        if dice_told:
            fields["dice_told"] = int(dice_told)
        self._emit("play", **fields)
        return bool(verdict.legal)

    def _game_end(self, winner: str, final: Position, kind: Optional[str] = None,
                  points: Optional[int] = None) -> None:
        from rules.scoring import game_result

        st = self.state
        if kind is None or points is None:
            cube = st.cube_value
            jacoby = False  # money play without Jacoby unless configured: gammons count
            result = game_result(final, cube=cube, count_gammons=not jacoby)
            kind, points = result.kind, result.points
        st.score[winner] = st.score.get(winner, 0) + int(points)
        if st.match_length and st.score[winner] >= st.match_length:
            st.match_over = True
        self._emit("game_end", winner=winner, kind=kind, points=int(points), score=dict(st.score),
                   match_over=st.match_over)
        st.phase, st.turn, st.dice, st.before, st.offered_by = "setup", None, None, None, None
        st.last_play = None

    # ------------------------------------------------------------------------------- corrections from outside
    def correct_position(self, position_id: str, by: str, frame: int, t: float) -> list[dict[str, Any]]:
        """A director says the board is ``position_id`` (from the side on roll): it becomes the truth."""
        self._frame, self._t, self._out = frame, t, []
        self._release()  # a told play held for the dice's lift comes before the director's word
        st = self.state
        position = Position.from_position_id(position_id)
        player = st.turn or "light"
        if st.phase == "moving":
            st.before = position.position_id()
        if self.seating is not None:
            st.board = _board_json(self.seating.board(position, player))
        if st.last_play:
            st.last_play["settled"] = True
        self._emit("correction", position_id=position.position_id(), by=by, player=player)
        return self._out


OPPONENT_PLAY_BUDGET = 3000  # opponent positions generated at most when asking whether he played on


def _bar_read_as_held(ref: Reference, k: int) -> bool:
    """Whether every reading while the believed board stood showed the bar of colour ``k`` (0 light, 1 dark) as
    that board holds it.

    Why (issue 6, g6464 frame 222): a guess doubts "the bar" as one place, but the mover's foul rests only on his
    own bar count (whether he had to enter; the opponent's checkers there block nothing). Dark's bar/24* not judged
    (his own bar read empty while one checker still sat there) left a guess doubting the bar, and light's bar/23 on
    6-2, playing one die of two, went unjudged although his checker on the bar had been read there in every
    reading. His bar read as held every time is as sure as any point read so."""
    seen = ref.seen_bar
    return seen is not None and list(seen[k]) == [ref.board.bar[k]]


def _as_read(obs: Observation) -> list:
    """The points as the reader read them (before any point was filled from the belief: see _fill_untouched)."""
    raw = obs.extra.get("unfilled_points")
    return list(raw) if isinstance(raw, list) and len(raw) == 24 else list(obs.points)


def _read_whole(obs: Observation, boards: list[Board]) -> Optional[Board]:
    """The board the reading shows as read, when it shows every checker: each colour's checkers on the points and
    the bar add up to 15 with a borne-off count that one of ``boards`` (the legal results, the board before)
    holds, no point unseen, nothing filled in or snapped to a believed board; else None.

    Why: a play that could not be judged leaves a board to go on from. The likeliest board weighed against the
    believed one keeps that belief's errors where the reader has read a point the same since (its 'steady
    misreads'): after a turn the referee missed, a reading that showed the board exactly, all 30 checkers, was
    taken for the old belief with a checker moved (helper doubt23's game 43002 frame 660, dark's bar/21* 11/8
    read whole point for point), and the next two plays, each read exactly, were not judged either. A reading
    that accounts for every checker is what stands; where it doubted a point it stays a guess (see _on_moving)."""
    if obs.extra.get("filled_points") or obs.extra.get("snapped"):
        return None
    read = Board.from_observation(obs)
    if read is None or read.missing != (0, 0) or read.off not in {b.off for b in boards}:
        return None
    return read


def _shows(obs: Observation, board: Board) -> bool:
    """Whether the reading shows ``board`` point for point and on the bar as read (no misread undone)."""
    if obs.extra.get("filled_points"):
        return False  # points filled from the belief (see GameTracker._fill_untouched) were not seen
    read = Board.from_observation(obs)
    return read is not None and _same_board(read, board)


def _same_board(read: Board, board: Board) -> bool:
    """The same checkers on every point and on the bar (the trays left out: they are read apart, with their own
    confidence)."""
    return read.points == board.points and read.bar == board.bar


def _opponent_played_on(before: Position, dice: tuple[int, int], after: Position) -> bool:
    """Whether ``after`` (from the mover's side) is a legal result of this roll followed by a legal play of the
    opponent's with some roll: the mark of a missed turn boundary, not of an illegal play. Bounded work."""
    if after.opponent == before.opponent:
        return False
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    spent = 0
    for mine in legal_results(before, dice[0], dice[1]):
        theirs_before = mine.swap()
        for a, b in rolls:
            results = legal_results(theirs_before, a, b)
            spent += len(results)
            if any(r.swap() == after for r in results):
                return True
            if spent > OPPONENT_PLAY_BUDGET * 100:
                return False
    return False


FAR_PIPS = 6  # pips beyond the roll's own that no miscounted play reaches (one die more)


def _far_from_roll(before: Position, dice: list[int], after: Position) -> bool:
    """Whether ``after`` moves the mover's checkers backwards, or more pips than the roll holds plus a die: no
    play of this roll, miscounted or not, gets there, so a reading that ties it with a legal result is a
    misread of that legal result (h404's opening 2-1 read with its 13-point one short)."""
    if len(dice) < 2:
        return False
    held = (dice[0] + dice[1]) * (2 if dice[0] == dice[1] else 1)
    moved = before.pip_count()[0] - after.pip_count()[0]
    return moved < 0 or moved > held + FAR_PIPS


def _no_play_makes(before: Board, after: Board, mover: str) -> bool:
    """Whether ``after`` holds a change no play of ``mover``'s makes from ``before``, legal or not: more of his own
    checkers on the bar (a player never sends his own checker there), or more checkers of either colour on the
    points and bar together (checkers only leave them, to the trays). Why: such a reading is no foul but evidence
    the believed board is wrong (issue 6: a hit in the opponent's play before was missed and the hit checkers'
    return from the bar read as 'moved backwards'); an illegal call on it would be a false alarm."""
    k = 0 if mover == "light" else 1
    if after.bar[k] > before.bar[k]:
        return True

    def on(board: Board, j: int, sign: int) -> int:
        return sum(n * sign for n in board.points if n * sign > 0) + board.bar[j]

    return any(on(after, j, sign) > on(before, j, sign) for j, sign in ((0, 1), (1, -1)))


def _opponent_vanished(after: Position, before: Position) -> bool:
    """Whether the reading shows another number of the opponent's checkers on the board and bar than before the
    play: impossible in the mover's turn, so the reader lost or invented one (or an earlier reading was wrong)."""
    return sum(after.opponent) != sum(before.opponent)


OFF_INDEX = 24  # in State.unsure_points: the trays (a bear-off the guess may have wrong)
BAR_INDEX = 25  # in State.unsure_points: the bar (a hit the guess may have wrong, or a bar read otherwise)
GUESS_FIX_READS = 2  # readings that must show a guess's unsure point otherwise, with confidence, to correct it
GUESS_CONFIRMS = 2  # readings in a row that must show a guess's unsure points as guessed before it stands as sure
GUESS_VARIANTS = 6  # a guess's unsure points within the mover's reach weighed open or blocked (2**6 boards at most)


def _mover_read_short(obs: Observation, board: Board, mover: str, ref: Optional[Reference] = None) -> int:
    """How many of ``mover``'s checkers ``board`` holds where the reading (as read, before points were filled from
    the belief) showed fewer of them, bar included: on points of at most FITTED_STACK of his, and one short on a
    taller stack that the reader did not read so while the board stood before the play.

    Why: a play's checkers leave and land on blots and small points, and a reading without them there fits another
    play as well (18535 frame 280: a 3-point read 2 and a 2-point read empty); on a tall stack one checker short is
    a checker the play took from it. A tall stack read several short is the reader losing a run of it (14535 frames
    107 and 627: dark's 7-stack read 5, the plays fitted right, and a guess made of it outlived two hundred frames of
    plays), and one read as it always was is its steady misread."""
    sign = 1 if mover == "light" else -1
    short = 0
    for i, (b, n) in enumerate(zip(board.points, _as_read(obs))):
        if n is None or sign * b <= 0:
            continue
        lack = max(0, sign * b - max(0, sign * n))
        if sign * b <= FITTED_STACK:
            short += lack
        elif lack == 1 and (ref is None or not ref.steady(i, n)):
            short += 1
    k = 0 if mover == "light" else 1
    return short + max(0, board.bar[k] - int(obs.bar.get(mover, 0) or 0))


def _short_of(view: View, ref: Reference, k: int, face: list) -> int:
    """Checkers of colour ``k`` (0 light, 1 dark) the reading lacks against the reference: 15 less its tray less
    those read on the points (``face``: ``face_value(view, ref)``, no None) and on the bar."""
    sign = 1 if k == 0 else -1
    on = sum(n * sign for n in face if n * sign > 0) + face_bar(view, ref)[k]
    return CHECKERS - ref.board.off[k] - on


def _dice_at(dice: list[DieReading]) -> list:
    return [[int(d.value), float(d.center[0]), float(d.center[1])] for d in dice
            if d.value is not None and d.center is not None and len(d.center) == 2]


def _earlier_spots(die: DieReading, spots: Optional[list], epoch: int) -> list:
    """(turn of the dice, [[x, y] of the dice read beside it]) of each reading in ``spots`` (State.dice_spots) of a
    die with ``die``'s face within FIXTURE_PX of it (each axis) in a turn before ``epoch``."""
    x0, y0 = float(die.center[0]), float(die.center[1])
    return [(e, beside) for v, x, y, e, beside in spots or []
            if v == die.value and e < epoch and abs(x - x0) <= FIXTURE_PX and abs(y - y0) <= FIXTURE_PX]


def _same_roll(taken_at: Optional[list], dice: list[DieReading], near: float = SAME_DIE_PX) -> bool:
    """Whether every die read when the roll was taken is read again where it lay (within ``near`` px) with the
    same face: a die rolled again lands elsewhere, so such a reading is the same roll seen again, not a re-roll."""
    if not taken_at:
        return False
    now = _dice_at(dice)
    return all(any(v == w and (x - a) ** 2 + (y - b) ** 2 <= near ** 2 for w, a, b in now)
               for v, x, y in taken_at)


def _lie_as_rolled(dice: list[DieReading], taken_at: Optional[list]) -> bool:
    """Whether each of ``dice`` (some at least) is a die read when the roll was taken, with that face, where it
    lay: the roll's dice demonstrably still down (a die misread, or seen only now, proves nothing)."""
    now = _dice_at(dice)
    return bool(dice) and len(now) == len(dice) and bool(taken_at) and all(
        any(v == w and (x - a) ** 2 + (y - b) ** 2 <= SAME_DIE_PX ** 2 for w, a, b in taken_at) for v, x, y in now)


def _cocked(dice: list[DieReading]) -> bool:
    """Whether a die on the board is read cocked (not flat): a re-roll, once a fresh look agrees."""
    return any(not d.flat and d.half is not None for d in dice)


def _unread(dice: list[DieReading]) -> bool:
    """Whether a die lies flat but its face was not made out (value None): a reading to repeat, not a cocked die."""
    return any(d.value is None and d.flat for d in dice)


def _as_list(sig: tuple) -> list:
    return [list(x) for x in sig]


@dataclass
class _Verdict:
    legal: bool
    play: Any
    reason: Optional[str]
    closest: list
    code: Optional[str] = None


def _judge_by_results(before: Position, dice: tuple[int, int], after: Position) -> _Verdict:
    """Legal iff ``after`` is one of the legal results (used only when rules.judge is unavailable)."""
    results = legal_results(before, dice[0], dice[1])
    if after in results:
        return _Verdict(True, results[after], None, [])
    return _Verdict(False, None, "not a legal result of this roll", [p.notation() for p in results.values()][:3],
                    "illegal")
