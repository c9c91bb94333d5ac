"""Errors for vision input: the message names what is wrong and where."""

from calibration.errors import CalibrationError


class VisionError(CalibrationError):
    """An image that cannot be read or used (unreadable file, empty image, ...)."""
