"""The widgets' common parts: projector mode, the message line's palette, and the helpers every
widget uses (the figure widget is in :mod:`.figure`)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from .. import words
from ..picture import display_options
from ..rules import Rules

#: projector mode's words: big enough for a classroom's back row
#: projector mode's style: large words in its widgets, and in the markdown of the one notebook
#: that shows them (a style element applies to the whole page: JupyterLab shows every open
#: notebook in one page, so each rule outside a widget is scoped to the notebook holding one;
#: Voilà's page is one notebook, its body a .jp-Notebook too)
_PROJECTOR_CSS = """
<style>
.dominolab-projector {
  --jp-widgets-font-size: %(font)gpx; --jp-widgets-inline-height: %(button)gpx;
  --jp-widgets-inline-label-width: %(label)gpx; --jp-widgets-inline-width: %(wide)gpx;
  --jp-widgets-inline-width-short: %(label)gpx; --jp-widgets-inline-width-tiny: %(tiny)gpx;
}
.dominolab-projector, .dominolab-projector .widget-html-content, .dominolab-projector table,
.dominolab-projector .widget-label, .dominolab-projector .widget-readout,
.dominolab-projector button, .dominolab-projector input, .dominolab-projector select,
.dominolab-projector textarea,
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown p,
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown li
  { font-size: %(font)gpx !important; line-height: 1.35; }
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown h1 { font-size: %(h1)gpx !important; }
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown h2 { font-size: %(h2)gpx !important; }
.dominolab-projector td, .dominolab-projector th { padding: 4px 12px; }
.dominolab-projector .widget-inline-hbox { width: auto !important; }  /* as wide as large words need */
.dominolab-projector .widget-select select { min-width: 14em; }  /* a list, even before it fills */
/* a row of controls no wider than its words need; words (HTML: the settlements side by side)
   take the page's width */
.dominolab-projector .widget-vbox > .widget-inline-hbox:not(.widget-html),
.dominolab-projector.widget-vbox > .widget-inline-hbox:not(.widget-html) { max-width: 40em; }
</style>
"""


def _projected(box: w.Box) -> w.Box:
    """In projector mode, ``box`` with the style of large words (carried by a first child)
    and marked for it; else ``box`` as it is."""
    shown = display_options()
    if shown.one_board:
        f = shown.font
        sizes = {
            "font": f,
            "button": 2 * f,
            "label": 8 * f,
            "wide": 24 * f,
            "tiny": 4 * f,
            "h1": 2 * f,
            "h2": 1.5 * f,
        }
        style = w.HTML(_PROJECTOR_CSS % sizes)
        style.add_class("dominolab-projector-style")
        box.children = (style, *box.children)
        box.add_class("dominolab-projector")
    return box


def _tiles_text(n: int) -> str:
    return words.tiles(n)


def _esc(x: object) -> str:
    return html.escape(str(x))


#: the widgets' one palette for what they say: right (or done), wrong (or refused), and
#: neither (a tile picked, a question asked)
MESSAGE_COLOURS = {True: "#1a7f37", False: "#b42318", None: "#1d1d1d"}


def _said(text: object, ok: bool | None = True, tag: str = "span") -> str:
    """``text`` (escaped) in the colour of a verdict ``ok``, as HTML: ``<span style=…>``.

    >>> _said("3|4 refused", ok=False)
    "<span style='color:#b42318'>3|4 refused</span>"
    """
    return f"<{tag} style='color:{MESSAGE_COLOURS[ok]}'>{_esc(text)}</{tag}>"


class _Displayable:
    widget: w.Widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):  # a short, stable text form (not the whole widget tree)
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        return f"<{type(self).__name__} widget>"


def _player_counts(rules: Rules) -> list[int]:
    """The numbers of players ``rules`` allow, for a dropdown."""
    return list(range(rules.min_players, rules.max_players + 1))
