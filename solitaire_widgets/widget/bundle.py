"""The table's browser code: ES modules in ``js/``, joined into the one module anywidget loads.

anywidget loads ``_esm`` as a single module (from a string, through a blob URL), where a
relative ``import`` has nothing to resolve against. The modules stay separate where they are
read, tested (node imports them one by one: ``tests/js``) and served (the dev preview), and
:func:`joined` puts them together at import time: no build step, no bundler, nothing to install,
nothing fetched at run time.

The modules keep to a small form that makes this safe, and :func:`joined` refuses anything
else: imports only as ``import { a, b as c } from "./x.js";`` of a sibling module (no package,
no URL), at the top of the file; exports only as ``export function``, ``export const`` or
``export class`` (and ``export default`` in the entry module). Each imported module becomes
``const __x = (() => { ...its code...; return { its exports }; })();``, in an order where every
module comes after the ones it imports, so module-private names never collide; an import
becomes ``const { a, b: c } = __x;``; the entry module's code comes last, as it is.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["ENTRY", "JS_DIR", "BundleError", "joined"]

JS_DIR = Path(__file__).parent / "js"
ENTRY = "widget.js"

_IMPORT = re.compile(r"^import\s*\{([^}]*)\}\s*from\s*\"\./([\w-]+\.js)\";[ \t]*\n", re.M)
_ANY_IMPORT = re.compile(r"^\s*import[\s{*\"']", re.M)
_EXPORT = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)", re.M)
_ANY_EXPORT = re.compile(r"^export\s", re.M)


class BundleError(ValueError):
    """A module outside the form the joiner reads (see the module's documentation)."""


@cache
def joined(directory: Path = JS_DIR, entry: str = ENTRY) -> str:
    """The modules of ``directory`` reachable from ``entry``, as one ES module's text."""
    sources: dict[str, str] = {}
    order: list[str] = []
    _visit(directory, entry, sources, order, ())
    parts = [f"// joined from {', '.join(order)} (solitaire_widgets/widget/bundle.py)"]
    for name in order:
        body = _imports_as_constants(sources[name])
        if name == entry:
            parts.append(body)
            continue
        exported = _EXPORT.findall(body)
        body = _EXPORT.sub(lambda m: m.group(0).replace("export ", "", 1), body)
        if _ANY_EXPORT.search(body):
            raise BundleError(f"{name}: only export function / const / class can be joined")
        names = ", ".join(exported)
        parts.append(f"const {_alias(name)} = (() => {{\n{body}\nreturn {{ {names} }};\n}})();")
    return "\n".join(parts) + "\n"


def _visit(
    directory: Path, name: str, sources: dict[str, str], order: list[str], path: tuple[str, ...]
) -> None:
    """Read ``name`` and, first, the modules it imports (depth first); refuse a cycle."""
    if name in path:
        raise BundleError(f"modules import each other: {' -> '.join((*path, name))}")
    if name in sources:
        return
    text = (directory / name).read_text(encoding="utf-8")
    sources[name] = text
    imports = _IMPORT.findall(text)
    if len(imports) != len(_ANY_IMPORT.findall(text)):
        raise BundleError(f'{name}: only `import {{ ... }} from "./module.js";` can be joined')
    for _names, module in imports:
        _visit(directory, module, sources, order, (*path, name))
    order.append(name)


def _imports_as_constants(text: str) -> str:
    """``import { a, b as c } from "./x.js";`` -> ``const { a, b: c } = __x;``."""

    def constant(match: re.Match[str]) -> str:
        names = [part.strip() for part in match.group(1).split(",") if part.strip()]
        renamed = ", ".join(name.replace(" as ", ": ") for name in names)
        return f"const {{ {renamed} }} = {_alias(match.group(2))};\n"

    return _IMPORT.sub(constant, text)


def _alias(module: str) -> str:
    """``__felt`` for ``felt.js``."""
    return "__" + module.removesuffix(".js").replace("-", "_")
