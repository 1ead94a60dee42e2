"""The deal code on the projector: one deal for everyone, without a server of ours.

``projector("ACME-7L")`` (or a ``Game``) shows the code large, with what the students do: type
it in their table's New deal box (any case), or ``Game.from_code("ACME-7L")`` in a cell. The
code is checked first (``dealcode``), so a typo never reaches the class.

With ``site=``, the address where the class's browser-only site is published (``./scripts/site``
builds it; ``docs/site.md``), it also shows the deal link, as text and as a link:
``SITE/notebooks/index.html?path=play.ipynb&deal=ACME-7L`` opens the site's play notebook on
that deal (``widget.DealFromLink``). ``deal_link(site, code)`` is that address alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode, urlsplit

from ..dealcode import read_code
from ..game import Game
from ..quoting import quoted
from ..variants import get_variant

__all__ = ["LINK_PARAMETER", "PLAY_NOTEBOOK", "Projector", "deal_link", "projector"]

PLAY_NOTEBOOK = "play.ipynb"
"""The site's notebook that a deal link opens (``notebooks/class/play.ipynb`` in the repo)."""
LINK_PARAMETER = "deal"
"""The parameter of the page's address that names the deal (``js/from_link.js`` reads it)."""
_MAX_SITE = 500
_SITE_IS = "site is the address of the published site, such as https://school.example/solitaire/"


@dataclass(frozen=True)
class Projector:
    """A deal code to put on the projector (a notebook shows it large), and its deal link
    when the site's address was given (``link``; None otherwise)."""

    code: str
    title: str
    seed: int
    link: str | None = None

    def words(self) -> str:
        boxed = (
            f"type {self.code} in your table's New deal box and press Deal (or run "
            f'Game.from_code("{self.code}"))'
        )
        if self.link is None:
            return f"Everyone: {self.title}, deal {self.seed}. {boxed[0].upper()}{boxed[1:]}."
        return (
            f"Everyone: {self.title}, deal {self.seed}. Open the link below and run the "
            f"notebook's cell; or {boxed}."
        )

    def __repr__(self) -> str:
        return "\n".join([self.code, self.words(), *([self.link] if self.link else [])])

    def _repr_html_(self) -> str:
        link = ""
        if self.link is not None:
            link = (
                f'<div style="font-size:22px;font-family:monospace;word-break:break-all">'
                f'<a href="{escape(self.link, quote=True)}" target="_blank" rel="noopener">'
                f"{escape(self.link)}</a></div>"
            )
        return (
            '<div style="text-align:center;padding:0.5em">'
            f'<div style="font-size:72px;font-weight:bold;letter-spacing:0.08em;'
            f'font-family:monospace">{escape(self.code)}</div>'
            f'<div style="font-size:22px">{escape(self.words())}</div>{link}</div>'
        )


def deal_link(site: str, code: str) -> str:
    """The address that opens the site's play notebook on the deal ``code`` names:
    ``deal_link("https://school.example/solitaire/", "acme-7l")`` is
    ``https://school.example/solitaire/notebooks/index.html?path=play.ipynb&deal=ACME-7L``.

    ``site`` is where the site is published: an ``http(s)`` address of the folder that holds
    its ``lab/`` and ``notebooks/`` (not a page in it); anything else is a ``ValueError``
    naming what is wrong. The code is checked (``dealcode``) and written in its own form."""
    variant, seed = read_code(code)
    canonical = Game(variant, seed=seed).code
    assert canonical is not None
    query = urlencode({"path": PLAY_NOTEBOOK, LINK_PARAMETER: canonical})
    return f"{_site_folder(site)}notebooks/index.html?{query}"


def _site_folder(site: object) -> str:
    """The site's address, checked, ending in ``/``."""
    if not isinstance(site, str):
        raise TypeError(f"site is the site's address, as text, not {quoted(site)}")
    text = site.strip()
    parts = urlsplit(text)
    if len(text) > _MAX_SITE or parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{_SITE_IS}: not {quoted(site)}")
    if parts.query or parts.fragment or any(c.isspace() or c in "<>\"'\\" for c in text):
        raise ValueError(f"{_SITE_IS} (no ?, #, spaces or quotes): not {quoted(site)}")
    if parts.path.endswith(".html"):
        raise ValueError(f"{_SITE_IS}: the folder that holds lab/ and notebooks/, not a page")
    return text if text.endswith("/") else text + "/"


def projector(deal: str | Game, site: str | None = None) -> Projector:
    """The projector's view of a deal code (checked: a ``DealCodeError`` names a slip) or of
    a numbered game's deal; with ``site`` (where the class's site is published), its deal link
    too (``deal_link``). ``site=""`` is no site, as None: the notebook's blank to fill."""
    code = deal.code if isinstance(deal, Game) else deal
    if code is None:
        raise ValueError("an own deck has no code: deal a numbered game to share it")
    variant, seed = read_code(code)
    canonical = Game(variant, seed=seed).code
    assert canonical is not None
    link = None if site is None or site == "" else deal_link(site, canonical)
    return Projector(canonical, get_variant(variant).title, seed, link)
