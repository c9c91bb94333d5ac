"""A stack's top layer over two or more layers (vision.checker_layers): the arithmetic on disc positions, and tall
stacks of the sample stills read from their images."""
from pathlib import Path

import pytest

from vision.checker_layers import dropped_stack, may_be_top_layer, pitch_of, row_runs_on, top_layer_count
from vision.checker_stacks import read_stack_discs
from vision.reader import read_file

STILLS = Path(__file__).resolve().parent.parent / "sample_images" / "stills"


def _pyramid_top(row: int, n: int, pitch: float = 1.0, base: float = 0.5) -> list[float]:
    """Centres (diameters from the edge) of the whole discs a stack of ``n`` built on a row of ``row`` shows from
    above: its top layer (as device/sim/layout.slot_xy stacks them)."""
    cap, layer, left = row, 0, n
    while left > cap:
        left, cap, layer = left - cap, cap - 1, layer + 1
    return [base + (0.5 * layer + i) * pitch for i in range(left)]


@pytest.mark.parametrize("row,n", [(5, 12), (6, 15), (5, 14), (6, 13), (7, 15)])
def test_the_top_layer_and_the_row_running_on_give_the_count(row, n):
    for pitch in (1.0, 1.06):
        us = _pyramid_top(row, n, pitch)
        if len(us) < 2:
            continue
        # the row runs on to its end (a diameter past the top layer's last checker when it is full)
        past = row * pitch - us[-1]
        assert top_layer_count(us, 0.5, past, tip=None) == n


def test_a_row_whose_base_checker_was_missed_is_in_doubt_but_not_read_as_layers():
    # a plain row of 4 with its base checker unseen: discs at 1.5, 2.5, 3.5 and the colour ends half a diameter on
    us = [1.5, 2.5, 3.5]
    assert may_be_top_layer(us, 0.5)
    assert top_layer_count(us, 0.5, past=0.5, tip=4.5) is None
    # ... and a row from the base is no top layer at all
    assert not may_be_top_layer([0.5, 1.5, 2.5], 0.5)
    assert top_layer_count([0.5, 1.5, 2.5, 3.5], 0.5, past=1.5, tip=4.5) is None


def test_the_row_never_ends_past_where_rows_end_and_never_holds_more_than_fifteen():
    # the colour run may overshoot on a field of the checkers' own colour: the row is cut past the tip
    us = [1.55, 2.68, 3.6, 4.68, 5.76]  # sample still sim_00, light point 11 (15): 6 + 5 + 4
    assert pitch_of(us) == pytest.approx(1.08, abs=0.02)
    assert top_layer_count(us, 0.5, past=2.48, tip=4.47) == 15
    assert top_layer_count(us, 0.5, past=2.48, tip=None) is None  # 8 + 7 + ... is no stack of 15


def _read(name: str):
    if not (STILLS / f"{name}.jpg").exists():
        pytest.skip(f"sample still {name}.jpg not in {STILLS}")
    return read_file(STILLS / f"{name}.jpg")


@pytest.mark.parametrize("name,point,count", [("sim_04", 4, 15), ("sim_25", 16, 15)])
def test_tall_stacks_of_the_sample_stills_read_from_their_top_layer(name, point, count):
    # seen from above: a top layer a diameter out, the row running on past it; a row whose base checker was missed
    # looks much the same, so the count is right but flagged for the referee (below 0.6)
    obs = _read(name)
    assert obs.points[point - 1] == count
    assert obs.extra["point_confidence"][point - 1] < 0.6


def test_a_column_read_empty_with_a_disc_dropped_far_out_on_it_may_hold_a_stack():
    # sample still sim_07, dark point 18 (8 there): occupied 3.0 diameters from the base, a disc dropped 4.6 out
    assert dropped_stack(3.03, [("unlinked", 4.56, 0.18)], tip=4.76)
    assert not dropped_stack(0.5, [("unlinked", 4.56, 0.18)], tip=4.76)  # the board shows empty at the base
    assert not dropped_stack(3.0, [("unlinked", 1.0, 0.5)], tip=4.76)  # next to the base: a chain would link it
    assert not dropped_stack(3.0, [("as on the empty board", 3.0, 0.5)], tip=4.76)
    assert not dropped_stack(3.0, [("unlinked", 7.0, 0.5)], tip=4.76)  # past where rows end


def test_a_stack_whose_discs_were_all_dropped_is_no_confident_empty_point():
    # sample still sim_07: dark stacks of 7 (point 4) and 8 (point 18) whose rims hardly show on their dark points
    obs = _read("sim_07")
    for point in (4, 18):
        assert obs.points[point - 1] != 0 or obs.extra["point_confidence"][point - 1] < 0.6


def test_discs_reaching_past_a_row_of_five_from_a_diameter_out_end_in_the_row_s_last_checker():
    # sample still sim_25, light point 16 (15): a top layer of four from 1.5 and the row's end at 5.5 (pitch 1.1),
    # the colour stopping just past it
    assert top_layer_count([1.57, 2.65, 3.77, 4.86, 5.98], 0.6, past=0.48, tip=4.76) == 15
    # render 16032, dark point 3 (5): a plain row whose base checker went unseen, ending at 4.7
    assert top_layer_count([1.54, 2.62, 3.59, 4.67], 0.47, past=0.44, tip=4.98) is None


def test_a_stack_whose_colour_and_column_run_on_past_its_last_disc_is_counted_short():
    # render 1679, light point 7 (12 = 5 + 4 + 3): the base checker's crescent and a top layer of three seen, read 4
    cue = {"us": [0.5, 1.63, 2.59, 3.63], "past": 1.32, "empty": 4.86}
    assert row_runs_on(cue)
    assert not row_runs_on({**cue, "empty": 4.1})  # the board shows empty half a diameter past the last disc
    assert not row_runs_on({**cue, "past": 0.44})  # the stack's colour ends with its last disc: a shadow past it
    assert not row_runs_on({**cue, "past": None})


def test_a_row_counted_to_where_its_colour_ends_is_not_short():
    # render 84503 point 18: four dark checkers, the outer one's rim lost, seen as three discs and counted 4 by the
    # colour run; the colour ends at the fourth checker's far edge (2.76 + 1.56 = 4.32 diameters out)
    cue = {"us": [0.48, 1.64, 2.76], "rims": [0.29, 0.38, 0.27], "past": 1.56, "empty": 4.32, "n": 4, "sign": -1,
           "half": 0, "row_base": 0.48, "run_n": 4, "run_sign": -1, "tip": 4.6}
    assert not row_runs_on(cue)
    assert read_stack_discs(cue) is None  # the counter's count stands, not put in doubt
    # counted as the three discs alone, the same colour run says a fourth checker lies past them
    assert row_runs_on({**cue, "n": 3})
    reading = read_stack_discs({**cue, "n": 3, "run_n": 0})
    assert reading is not None and reading.doubtful and reading.count == 3
    # the colour running on a checker past the count's own end is short whatever the count says
    assert row_runs_on({**cue, "past": 2.5, "empty": 5.3})
    assert row_runs_on({k: v for k, v in cue.items() if k != "n"})  # (no count given: judged from the last disc)
