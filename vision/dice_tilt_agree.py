"""A faint side face seen by both the body cue and the band cue at once: a die cocked on a checker or the frame.

Why: each cue alone (``vision.dice_tilt``'s body, ``vision.dice_tilt_band``'s band) calls a die cocked only at a
bar above every flat die's largest reach (0.35 and 0.3 die edges), because one cue alone can be fooled: a flat die
near the frame's corner whose parallax the homography misjudges, a field beside the die in its colour. Many leaning
dice show a side face of 0.17-0.3 edges past a flat die's outline on both cues (forced-cocked renders 11800-11939,
label homography: the body and the band of one leaning 2 measured 0.25 and 0.26), yet no flat die there reached 0.17
on both (flat dice's largest: body 0.13 with band 0.17, body 0.12 with band 0.26). The two measure the same side face
in different ways (rays from the centre against the flat outline; lines parallel to each edge, its colour ending
past the face's corners), so a flat die fooling one is rarely far past both.

Faces of 2-6 pips only: the band cue needs the face's turn, which a one does not give; and dice of the band cue's
MIN_EDGE_PX (15) or more, as it (a flat black 2 of 13 px on ordinary still 11957 measured body 0.19 and band 0.30:
a band of 4 px is JPEG's colour blocks). The body cue on 2 and 3 pips draws its flat outline round a square turned
along the pips' diagonal; it abstains alone on them (flat 3s reached past 0.3 on the lead's held-out set 4646), and
here only adds to the band's say.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from vision.dice_tilt import COCKED_EXCESS, MIN_BODY_EDGE_PX, MIN_BODY_PIPS, body_excess, colour_told
from vision.dice_tilt_band import COCKED_BAND, MIN_EDGE_PX, band_excess

AGREED_EXCESS = 0.17  # die edges past a flat die's reach that both cues must show (flat dice: never both, renders)


def side_face_cocked(image: np.ndarray, cues: dict, center: np.ndarray, edge_px: float, board_to_image: np.ndarray,
                     shape: tuple[int, ...], others: Optional[np.ndarray] = None,
                     offset: tuple[int, int] = (0, 0)) -> bool:
    """Whether a flat-read die shows a side face: its body past ``vision.dice_tilt``'s bar (COCKED_EXCESS), a band past
    ``vision.dice_tilt_band``'s (COCKED_BAND) where the die's colour is told from the field round it, or, on faces of
    2-6 pips of MIN_EDGE_PX or more, both past AGREED_EXCESS. Each cue is measured once per die (asked as three
    separate tests they measured the body twice and the band twice per flat die of a frame); the band measured with
    the lower bar's shortcut, AGREED_EXCESS, gives the same excess wherever the higher bar's would."""
    value = int(cues.get("value") or 0)
    body: list[float] = []

    def body_reach() -> float:
        if not body:
            body.append(body_excess(image, cues, center, edge_px, board_to_image, shape, others, offset))
        return body[0]

    if value >= MIN_BODY_PIPS and body_reach() > COCKED_EXCESS:
        return True
    if edge_px < max(MIN_BODY_EDGE_PX, MIN_EDGE_PX):
        return False
    band = band_excess(image, cues, center, edge_px, board_to_image, shape, others, offset, AGREED_EXCESS)
    if band > COCKED_BAND and ((body and np.isfinite(body[0])) or colour_told(image, center, edge_px, offset)):
        # the band alone calls it only where the die's colour can be told from the field round it: the band follows
        # the die's colour out past the upper face, and where the field is near that colour (an amber die on brown
        # wood) it runs on into the field beside the face. Fresh game 37500 frame 683: a flat amber 4, face and
        # field 0.07 apart in chromaticity, band 0.36: a false re-roll. (Not the body cue's own abstaining: it
        # abstains too where dark checkers ring a dark die, and a cocked one there was caught by its band alone,
        # sample still 14). A body already measured has told the colour (dice_tilt._body): not looked at again
        return True
    return value >= 2 and band > AGREED_EXCESS and body_reach() > AGREED_EXCESS
