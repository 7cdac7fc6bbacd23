"""`make lab`'s JupyterLab: the server's log without the tracebacks of closed pages.

When a page is reloaded or a tab closed while its kernel still sends (a widget's updates, a
cell's output), tornado fails to write to the closed websocket and asyncio logs the unread
failure — "Task exception was never retrieved … WebSocketClosedError" or "Uncaught exception in
ZMQStream callback … WebSocketClosedError", twenty lines each, by the hundred after a few
reloads (tornado issue 3359, jupyter/notebook issue 5867).  Nothing is
lost: the page that reconnects asks the kernel again.  This filter keeps those records out of
the terminal and lets every other record through.
"""

import logging


class ClosedPageFilter(logging.Filter):
    """Drops a log record whose exception is tornado's WebSocketClosedError (or the stream
    closed under it); keeps every other record."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        while exc is not None:
            if type(exc).__name__ in ("WebSocketClosedError", "StreamClosedError"):
                return False
            exc = exc.__context__
        return True


#: where those records are made: asyncio ("Task exception was never retrieved"), pyzmq's stream
#: callbacks ("Uncaught exception in ZMQStream callback", on tornado's general logger) and
#: tornado's request handlers (a logger's filters see only the records made on it)
CLOSED_PAGE_LOGGERS = ("asyncio", "tornado.general", "tornado.application")
for _name in CLOSED_PAGE_LOGGERS:
    logging.getLogger(_name).addFilter(ClosedPageFilter())
