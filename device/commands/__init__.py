"""One module per `bgref` subcommand; see device/cli.py for the contract."""
