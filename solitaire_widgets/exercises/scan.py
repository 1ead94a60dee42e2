"""What an object can reach, and which parts of this package a student's function reaches for.

``reachable`` walks an object's graph: attributes (``__dict__`` and slots), the items of
containers, a function's closure cells and default values, a bound method's object, a
``functools.partial``'s function and arguments, and (when asked) the globals a function's code
names. The project's ``View`` is tested with it (no state and no face-down card reachable), and
the counting checks use it to find the package in a student's function.

A counting exercise asks for a function the student writes with ``comb`` and ``Fraction``; the
package has functions that would give the answer (``stats.at_least_one``, ``hypergeometric``,
``intervals.sample_size``...). ``package_names`` walks the function's graph through the globals
its code names, so a thin wrapper is found wherever it hides the package's function: called,
wrapped in ``partial``, a default value, a closure, a helper function, a dict of helpers, an
instance's attribute. It also finds an ``import`` of the package inside the function and a text
constant naming the package (``importlib.import_module("solitaire_widgets...")``).
``dunder_attributes`` finds the double-underscore attributes an answer reaches for
(``wilson.__globals__["coverage"]`` reads the package through an allowed function). Neither
runs the code: a call hidden behind text built at run time, ``eval``, or a global set after the
function was checked is not found, which docs/teaching.md says.
"""

from __future__ import annotations

import dis
import functools
import os
import sys
import sysconfig
import types
from collections import deque
from collections.abc import Callable, Iterator

PACKAGE = "solitaire_widgets"
_LEAVES = (str, bytes, bytearray, int, float, complex, bool, type(None), type(Ellipsis))
_CONTAINERS = (tuple, list, set, frozenset, deque)
_MAPPINGS = (dict, types.MappingProxyType)


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """A code object and every code object nested in it (inner functions, lambdas,
    comprehensions)."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _global_names(code: types.CodeType) -> set[str]:
    """The global names a function's code (and the code nested in it) loads."""
    loads = ("LOAD_GLOBAL", "LOAD_NAME")
    return {
        instruction.argval
        for inner in _codes(code)
        for instruction in dis.get_instructions(inner)
        if instruction.opname in loads and isinstance(instruction.argval, str)
    }


def _slots(kind: type) -> Iterator[str]:
    for klass in kind.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        yield from (slots,) if isinstance(slots, str) else slots


def _module_name(value: object) -> str:
    if isinstance(value, types.ModuleType):
        return value.__name__
    module = getattr(value, "__module__", None)
    return module if isinstance(module, str) else ""


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__ or "")).removesuffix("exercises")


def from_package(value: object) -> bool:
    """Whether ``value`` is a module, function or class of this package (or an object made by
    one of its functions or classes), a function rebuilt from the package's code (a new
    function around ``hypergeometric.__code__``), or that code itself."""
    if isinstance(value, _LEAVES):
        return False
    if isinstance(value, types.FunctionType):
        value_code: object = value.__code__
    else:
        value_code = value
    if isinstance(value_code, types.CodeType) and _in_package_dir(value_code.co_filename):
        return True
    name = _module_name(value) or _module_name(type(value))
    return name.split(".")[0] == PACKAGE or name.startswith(PACKAGE + "__")


def _in_package_dir(filename: str) -> bool:
    return os.path.abspath(filename).startswith(_PACKAGE_DIR)


_LIBRARY_DIRS = tuple(
    {sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")}
)


def _library(value: object) -> bool:
    """Whether ``value`` was written in Python's library or an installed package (not by the
    student): its insides are not the student's answer, so they are not walked."""
    name = _module_name(value)
    if name.split(".")[0] in sys.stdlib_module_names or name == "builtins":
        return True
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    return isinstance(path, str) and path.startswith(_LIBRARY_DIRS)


def _children(value: object, through_globals: bool) -> Iterator[object]:
    """What ``value`` holds directly."""
    if isinstance(value, (*_LEAVES, types.ModuleType)):
        return
    if isinstance(value, _CONTAINERS):
        yield from value
        return
    if isinstance(value, _MAPPINGS):
        for key, item in value.items():
            yield key
            yield item
        return
    if isinstance(value, functools.partial):
        yield value.func
        yield from value.args
        yield from value.keywords.values()
        return
    if isinstance(value, types.MethodType):
        yield value.__func__
        yield value.__self__
        return
    if isinstance(value, types.FunctionType):
        for cell in value.__closure__ or ():
            try:
                yield cell.cell_contents
            except ValueError:  # an empty cell
                continue
        yield from value.__defaults__ or ()
        yield from (value.__kwdefaults__ or {}).values()
        wrapped = value.__dict__.get("__wrapped__")
        if wrapped is not None:
            yield wrapped
        yield from value.__dict__.values()
        if through_globals and not _library(value):
            for name in sorted(_global_names(value.__code__) & value.__globals__.keys()):
                yield value.__globals__[name]
        return
    if isinstance(value, type):
        if not from_package(value) and not _library(value):
            yield from dict(value.__dict__).values()  # a class the student wrote: its methods
        return
    if isinstance(value, (types.BuiltinFunctionType, types.CodeType)):
        return
    kind = type(value)
    yield kind
    attributes = getattr(value, "__dict__", None)
    if isinstance(attributes, dict):
        yield from attributes.values()
    for slot in _slots(kind):
        if slot not in ("__dict__", "__weakref__") and hasattr(value, slot):
            yield getattr(value, slot)


def reachable(
    root: object,
    through_globals: bool = False,
    stop: Callable[[object], bool] = lambda value: False,
    limit: int = 200_000,
) -> Iterator[object]:
    """Every object reachable from ``root`` (``root`` first), each once. Modules are reached
    but not entered, nor what ``stop`` is true of; a function's globals only when
    ``through_globals`` (then only the names its code uses). At most ``limit`` objects."""
    seen: set[int] = set()
    stack = [root]
    while stack and len(seen) < limit:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield value
        if not stop(value):
            stack.extend(_children(value, through_globals))


def _describe(value: object) -> str:
    """A found part of the package as a student named it: ``stats``, ``hypergeometric``."""
    if isinstance(value, types.ModuleType):
        return value.__name__.removeprefix(PACKAGE + ".")
    name = getattr(value, "__name__", None)
    return name if isinstance(name, str) else type(value).__name__


def package_names(
    function: Callable[..., object], allowed: frozenset[str] = frozenset()
) -> list[str]:
    """The parts of this package ``function`` reaches (a module, a function, a class, an object
    of one), other than the ``allowed`` names; sorted, each once."""
    found: set[str] = set()
    for value in reachable(function, through_globals=True, stop=from_package):
        if from_package(value):
            name = _describe(value)
            if name not in allowed:
                found.add(name)
        elif isinstance(value, types.FunctionType):
            found.update(_named_in_code(value.__code__, allowed))
    return sorted(found)


def package_words(names: list[str]) -> str:
    """The parts ``package_names`` found, as a refusal says them: ``stats, wilson from
    solitaire_widgets``, or ``the package solitaire_widgets itself`` for a plain ``import
    solitaire_widgets`` (not "solitaire_widgets from solitaire_widgets": the thirty-third
    review)."""
    parts = sorted(set(names) - {PACKAGE})
    said = [f"{', '.join(parts)} from {PACKAGE}"] if parts else []
    if PACKAGE in names:
        said.insert(0, f"the package {PACKAGE} itself")
    return " and ".join(said)


_NAME_OPS = (
    *("LOAD_ATTR", "LOAD_METHOD", "LOAD_SUPER_ATTR", "STORE_ATTR", "DELETE_ATTR"),
    *("LOAD_GLOBAL", "LOAD_NAME"),  # __builtins__, __import__
)


def _dunder(name: object) -> bool:
    return isinstance(name, str) and len(name) > 4 and name[:2] == name[-2:] == "__"


def dunder_attributes(function: Callable[..., object]) -> list[str]:
    """The double-underscore attributes (``__globals__``, ``__closure__``, ``__code__``,
    ``__dict__``, ``__subclasses__``...) that ``function``, or a helper it reaches, reads or
    writes, the double-underscore globals it names (``__builtins__``, ``__import__``), and such
    names written as text (for ``getattr``); sorted, each
    once. They lead into Python's insides: ``wilson.__globals__["coverage"]`` reaches a function
    of the package that no name in the answer names."""
    found: set[str] = set()
    for value in reachable(function, through_globals=True, stop=from_package):
        if not isinstance(value, types.FunctionType) or _library(value):
            continue
        for inner in _codes(value.__code__):
            found.update(c for c in inner.co_consts if _dunder(c))
            for instruction in dis.get_instructions(inner):
                if instruction.opname in _NAME_OPS and _dunder(instruction.argval):
                    found.add(str(instruction.argval))
    return sorted(found)


INTERPRETER_MODULES = frozenset(
    {
        *("sys", "gc", "inspect", "ctypes", "traceback", "os", "secrets", "importlib"),
        *("builtins", "subprocess", "multiprocessing", "concurrent", "runpy"),
    }
)
"""Modules that lead from a function to the objects of its caller (frames, every object),
change what the check relies on (the randomness the project's deals are drawn from, imports),
or run code in another process, where the package's answers do not refuse."""
INTERPRETER_NAMES = frozenset(
    {
        *("_getframe", "_current_frames", "currentframe", "getouterframes", "settrace"),
        *("f_back", "f_locals", "f_globals", "tb_frame", "gi_frame", "cr_frame", "ag_frame"),
        *("get_objects", "get_referrers", "get_referents"),
    }
)
"""Attributes that do: a frame's caller and names, every object the collector knows."""
HARMLESS_DUNDERS = frozenset({"__init__", "__call__", "__name__"})


def interpreter_names(function: Callable[..., object]) -> list[str]:
    """What ``function`` (or a helper it reaches) uses to reach past its arguments into the
    interpreter: the modules of ``INTERPRETER_MODULES`` (reached, imported or named), the
    attributes of ``INTERPRETER_NAMES``, and double-underscore attributes; sorted, each once.
    A player that calls ``sys._getframe(1)`` finds the check's game, face-down cards and all."""
    found = {name for name in dunder_attributes(function) if name not in HARMLESS_DUNDERS}
    for value in reachable(function, through_globals=True, stop=from_package):
        if isinstance(value, types.ModuleType) and value.__name__ in INTERPRETER_MODULES:
            found.add(value.__name__)
        if not isinstance(value, types.FunctionType) or _library(value):
            continue
        for inner in _codes(value.__code__):
            names = {*inner.co_names, *(c for c in inner.co_consts if isinstance(c, str))}
            found.update(names & INTERPRETER_NAMES)
            found.update(name for name in names if name.split(".")[0] in INTERPRETER_MODULES)
    return sorted(found)


def _named_in_code(code: types.CodeType, allowed: frozenset[str] = frozenset()) -> set[str]:
    """The package as a function's code itself names it: an import of it, or a text naming it
    (which ``importlib`` could import). An import of ``allowed`` names only (``from
    solitaire_widgets.stats import wilson`` inside the function, the twenty-eighth review) is
    no use of the rest: its list of names is the constant loaded just before the import."""
    found: set[str] = set()
    for inner in _codes(code):
        for constant in inner.co_consts:
            if isinstance(constant, str) and PACKAGE in constant:
                found.add(constant)
        before = None
        for instruction in dis.get_instructions(inner):
            name = instruction.argval
            is_import = instruction.opname == "IMPORT_NAME" and isinstance(name, str)
            if is_import and name.split(".")[0] == PACKAGE and not _imports_only(before, allowed):
                # the names it imports, as the student wrote them (``Game``), else the module
                names = _imported_names(before)
                module = name.removeprefix(PACKAGE + ".")  # ``stats``, as _describe says
                found.update(sorted(set(names) - allowed) if names else [module])
            before = instruction
    return found


def _imported_names(before: dis.Instruction | None) -> tuple[str, ...]:
    """The names a ``from ... import`` takes, from the instruction before it (() for a plain
    ``import`` or ``*``)."""
    names = None if before is None or before.opname != "LOAD_CONST" else before.argval
    if not isinstance(names, tuple) or "*" in names:
        return ()
    return tuple(str(name) for name in names)


def _imports_only(before: dis.Instruction | None, allowed: frozenset[str]) -> bool:
    """Whether the instruction before an import loads a list of names, all ``allowed``."""
    names = _imported_names(before)
    return bool(names) and set(names) <= allowed
