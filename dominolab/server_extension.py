"""A Jupyter server extension that serves plotly's widget module as a file the browser keeps.

Every figure of dominolab's widgets is drawn by plotly's widget module (all of plotly.js, 5 MB).
Without this extension a page receives it from its kernel (:class:`~dominolab.widgets.figure.
PlotlyBundle`) and compiles it anew at every load: about a second on a quiet machine, two on a
busy one, at every reload of every notebook.  Served here, at a URL that names plotly's version,
the browser keeps the file and its compiled code, and a reload takes it in about 50 ms.

The page learns the URL from JupyterLab's page config (``dominolabPlotlyUrl``, and plotly's
version in ``dominolabPlotlyVersion``; the JupyterLite site names its own copy the same way,
``lite/build.py``); a page without them (Voilà, a server without this extension) or whose kernel
runs another plotly asks its kernel, as before.

Installing dominolab turns it on (``make install``, as any ``pip install``, puts
``etc/jupyter/jupyter_server_config.d/dominolab.json`` beside the server's other extensions);
by hand::

    jupyter lab --ServerApp.jpserver_extensions="{'dominolab.server_extension': True}"
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import pathlib
import re
from typing import Any

__all__ = ["PAGE_CONFIG_URL", "PAGE_CONFIG_VERSION", "plotly_module_file", "plotly_module_path"]

#: the page config's keys that tell a page where plotly's module is served, and which version
#: (a key ending in ``Url`` is one JupyterLite's page makes whole from a ``./`` path)
PAGE_CONFIG_URL = "dominolabPlotlyUrl"
PAGE_CONFIG_VERSION = "dominolabPlotlyVersion"

#: a year: the URL names plotly's version, so the file behind it never changes
CACHE_SECONDS = 365 * 24 * 3600


def plotly_module_file() -> pathlib.Path | None:
    """plotly's widget module in the installed plotly (``None``: plotly, or the file, missing).
    plotly itself is not imported: the server does not need it."""
    spec = importlib.util.find_spec("plotly")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = pathlib.Path(next(iter(spec.submodule_search_locations))) / "package_data" / "widgetbundle.js"
    return path if path.is_file() else None


def plotly_module_path(version: str) -> str:
    """The URL path (under the server's base URL) of plotly ``version``'s widget module.

    >>> plotly_module_path("7.1.0")
    'dominolab/plotly/7.1.0/widgetbundle.js'
    """
    return f"dominolab/plotly/{version}/widgetbundle.js"


def _jupyter_server_extension_points() -> list[dict[str, Any]]:
    return [{"module": "dominolab.server_extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Add the handler, and the page config entry that names its URL."""
    from jupyter_server.auth.decorator import allow_unauthenticated
    from jupyter_server.utils import url_path_join
    from tornado import web

    bundle = plotly_module_file()
    if bundle is None:
        serverapp.log.warning("dominolab: plotly's widget module not found; pages will ask their kernels")
        return
    version = importlib.metadata.version("plotly")

    class PlotlyModuleHandler(web.StaticFileHandler):
        """plotly's widget module, kept by the browser for a year (its URL names the version);
        public code, served without a login, as Jupyter serves its own static files."""

        @allow_unauthenticated
        async def get(self, path: str, include_body: bool = True) -> None:
            await super().get(path, include_body)

        @allow_unauthenticated
        async def head(self, path: str) -> None:
            await super().head(path)

        def set_extra_headers(self, path: str) -> None:
            self.set_header("Cache-Control", f"public, max-age={CACHE_SECONDS}, immutable")

        def get_content_type(self) -> str:
            return "text/javascript; charset=utf-8"

    web_app = serverapp.web_app
    base_url = web_app.settings.get("base_url", "/")
    folder, name = plotly_module_path(version).rsplit("/", 1)  # the file's name is the handler's path
    route = url_path_join(base_url, re.escape(folder), f"({re.escape(name)})")
    web_app.add_handlers(".*$", [(route, PlotlyModuleHandler, {"path": str(bundle.parent)})])
    page_config = web_app.settings.setdefault("page_config_data", {})
    url = url_path_join(base_url, plotly_module_path(version))
    page_config[PAGE_CONFIG_URL] = url
    page_config[PAGE_CONFIG_VERSION] = version
    serverapp.log.info("dominolab: plotly %s's widget module served at %s", version, url)
