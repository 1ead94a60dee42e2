"""A faster kernel websocket for JupyterLab: ``TCP_NODELAY`` on, which ``./scripts/lab`` uses.

Tornado leaves Nagle's algorithm on for websockets, and jupyter_server does not turn it off. A
widget round trip makes the kernel send ``status: busy`` and then the message with the new
table: the second small write waits for the browser's (delayed) acknowledgement of the first
(tens of milliseconds on Linux). With Nagle off a click redraws the table sooner (measured by
``benchmarks/widget_latency.py``). Start a server with it: ``jupyter lab OPTION`` with the
``OPTION`` below (``./scripts/lab`` does).

Server-side only: imported by jupyter_server, never by the package itself.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

OPTION = (
    "--ServerApp.kernel_websocket_connection_class=solitaire_widgets.lab_server.NoDelayConnection"
)


def turn_off_nagle(handler: object) -> bool:
    """Set ``TCP_NODELAY`` on a websocket handler; False (and no error) if it has no such call."""
    set_nodelay = getattr(handler, "set_nodelay", None)
    if not callable(set_nodelay):
        return False
    set_nodelay(True)
    return True


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The default kernel connection, with Nagle's algorithm off on the browser's socket."""

    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Turn Nagle off on the open websocket, then connect as usual: a server that changed
        its internals only loses the speed-up."""
        turn_off_nagle(getattr(self, "websocket_handler", None))
        return super().connect()
