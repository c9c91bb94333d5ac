"""Errors for device input (sources, configuration, storage): the message names what is wrong and where."""


class DeviceError(ValueError):
    """A camera source, configuration file or database that cannot be used."""
