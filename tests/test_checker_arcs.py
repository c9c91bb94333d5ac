"""Checkers on top of a row seen by the arc their rim draws across a row checker (``checker_arcs.layer_edges``), taken
by the stack model as discs (``checker_stacks.read_stack``): a tall stack whose checkers on top show no rim the disc
finder believes is no longer read as its row alone (12 read 5), and a plain row stays a plain row."""

from __future__ import annotations

import pytest

from vision.checker_stacks import read_stack


def _cue_10735(**more):
    # render 10735, light point 11: 5 + 4 + 3; the counter found the row's ends and the top layer (rims faint on
    # checkers of their own colour) and counted the row: 5
    cue = {"us": [0.46, 1.38, 2.46, 3.58, 4.7], "rims": [1.06, 0.56, 0.35, 0.28, 1.51], "n": 5, "sign": 1,
           "run_n": 0, "run_sign": -1, "empty": 0.78, "row_base": 0.46, "half": 0, "past": None, "tip": 5.71}
    cue.update(more)
    return cue


def test_a_layers_end_seen_on_the_last_checker_makes_a_row_of_five_a_stack_of_twelve_in_doubt():
    plain = read_stack(_cue_10735())
    assert plain is None or plain.count == 5  # the discs alone: a row of five
    stack = read_stack(_cue_10735(layer_edges=[[4.2, 0.35]]))
    assert stack is not None and stack.fit is not None and stack.fit.layered
    assert (stack.count, stack.doubtful) == (12, True)


def test_an_arc_no_layered_shape_explains_leaves_the_count_alone():
    # the same arc beside a short row of three: no stack built as players build one has a layer's end there
    cue = {"us": [0.46, 1.5, 2.54], "rims": [1.0, 1.0, 1.0], "n": 3, "sign": -1, "run_n": 3, "run_sign": -1,
           "empty": 3.0, "row_base": 0.46, "half": 0, "past": None, "tip": 5.0}
    assert read_stack(cue) == read_stack(dict(cue, layer_edges=[[2.04, 0.4]]))


def _read(seed):
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    from tests.label_geometry import label_geometry
    from vision.board import rectify
    from vision.checkers import count_checkers

    still = sim.render_still(seed)
    geometry = label_geometry(still.label)
    return still.label, count_checkers(rectify(still.image, geometry), geometry)


def test_a_rendered_stack_of_twelve_with_faint_checkers_on_top_is_read_twelve_not_sure():
    """Render 10735: light (pearl) point 11 holds 5 + 4 + 3; before, read 5."""
    label, count = _read(10735)
    assert label["points"][10] == 12
    assert count.cues[11].get("layer_edges"), count.cues[11]
    assert count.points[10] == 12 and count.confidence[10] < 0.6, count.cues[11]


def test_a_dark_row_whose_faces_shine_at_the_layers_place_stays_a_row():
    """Render 10708: dark (maroon) point 15 holds a row of five; each checker's gloss draws an arc where a layer's
    end would lie, on every checker alike, so it is the face, not a layer."""
    label, count = _read(10708)
    assert label["points"][14] == -5
    assert count.points[14] == -5 and not count.cues[15].get("layer_edges"), count.cues[15]


def test_a_sixth_checker_on_a_row_of_five_seen_by_its_rim_across_the_second_is_counted_in_doubt():
    """Render 10776: light point 9 holds five in a row and one on top of the first two; the disc finder missed the
    one on top and the count was a confident 5. Its rim crosses the row's second checker: 6, not sure."""
    label, count = _read(10776)
    assert label["points"][8] == 6
    assert count.points[8] == 6 and count.confidence[8] < 0.6, count.cues[9]
