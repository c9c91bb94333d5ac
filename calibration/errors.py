"""Errors for calibration input: the message names what is wrong and where."""


class CalibrationError(ValueError):
    """A calibration file, image or parameter that cannot be used."""
