"""The lab command's kernel websocket: Nagle's algorithm off, and harmless if the server changes."""

from __future__ import annotations

from pathlib import Path

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from solitaire_widgets.lab_server import OPTION, NoDelayConnection, turn_off_nagle


class FakeHandler:
    def __init__(self) -> None:
        self.nodelay: bool | None = None

    def set_nodelay(self, value: bool) -> None:
        self.nodelay = value


def test_turns_nagle_off() -> None:
    handler = FakeHandler()
    assert turn_off_nagle(handler) and handler.nodelay is True


def test_a_server_without_the_call_only_loses_the_speed_up() -> None:
    assert turn_off_nagle(None) is False and turn_off_nagle(object()) is False


def test_it_is_the_default_connection_otherwise() -> None:
    assert issubclass(NoDelayConnection, ZMQChannelsWebsocketConnection)
    assert NoDelayConnection.connect is not ZMQChannelsWebsocketConnection.connect


def test_the_lab_command_uses_it() -> None:
    script = (Path(__file__).parent.parent / "scripts" / "lab").read_text()
    assert OPTION.split("=", 1)[1] in script
