"""Which parts of this package a student's function reaches for.

A counting exercise asks for a function the student writes with ``comb`` and ``Fraction``; the
package has functions that would give the answer (``stats.at_least_one``, ``hypergeometric``,
``intervals.sample_size``...). The check looks at the names the function's code uses (its own
and those of functions nested in it), finds what each means where the function was written, and
names those that come from ``solitaire_widgets``. It reads the names the code loads (not
attribute names); it does not run it. A student who hides a call well enough is not found,
which docs/teaching.md says.
"""

from __future__ import annotations

import dis
import types
from collections.abc import Callable, Iterator

PACKAGE = "solitaire_widgets"
_LOADS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_CLASSDEREF", "IMPORT_NAME"})


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """A code object and every code object nested in it (inner functions, lambdas,
    comprehensions)."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _from_package(value: object) -> bool:
    if isinstance(value, types.ModuleType):
        return value.__name__.split(".")[0] == PACKAGE
    module = getattr(value, "__module__", None)
    return isinstance(module, str) and module.split(".")[0] == PACKAGE


def package_names(
    function: Callable[..., object], allowed: frozenset[str] = frozenset()
) -> list[str]:
    """The names ``function`` uses that mean something of this package (a module, a function,
    a class), other than the ``allowed`` ones; sorted, each once."""
    code = getattr(function, "__code__", None)
    if code is None:  # a class or a builtin: nothing to read
        return []
    scope: dict[str, object] = dict(getattr(function, "__globals__", {}))
    closure = getattr(function, "__closure__", None) or ()
    for name, cell in zip(code.co_freevars, closure, strict=False):
        try:
            scope[name] = cell.cell_contents
        except ValueError:  # an empty cell
            continue
    found: set[str] = set()
    for inner in _codes(code):
        for instruction in dis.get_instructions(inner):
            name = instruction.argval
            if instruction.opname not in _LOADS or not isinstance(name, str) or name in allowed:
                continue
            if instruction.opname == "IMPORT_NAME":
                if name.split(".")[0] == PACKAGE:
                    found.add(name)  # an import inside the function
            elif name in scope and _from_package(scope[name]):
                found.add(name)
    return sorted(found)
