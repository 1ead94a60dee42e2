"""A kernel websocket connection with ``TCP_NODELAY``, for ``widget_latency.py --server``.

Tornado leaves Nagle's algorithm on for websockets, and jupyter_server does not turn it
off. A widget round trip makes the kernel send ``status: busy`` and then the ``comm_msg``
with the new state: the second small write waits for the browser's (delayed) ACK of the
first, about 40 ms on Linux. Use with::

    jupyter lab --ServerApp.kernel_websocket_connection_class=benchmarks._nodelay.NoDelayConnection
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The default ZMQ connection, with Nagle's algorithm off on the browser's socket."""

    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Set ``TCP_NODELAY`` on the (now open) websocket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
