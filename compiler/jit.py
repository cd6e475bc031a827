"""``njit`` that imports numba only when a kernel first needs it.

Every kernel module takes ``njit``, ``prange`` and ``List`` from here instead of from
numba.  ``@njit(...)`` returns a :class:`LazyKernel`, which holds the Python function
and numba's options and costs nothing to import.  On a kernel's first call from Python:

- if the native module (:mod:`.native`, the exact engine compiled ahead of time into
  an extension module) exports it for exactly these argument types, the call goes
  there, and numba is never imported;
- otherwise numba is imported (once), every kernel gets its numba dispatcher, and the
  kernel modules' globals are rebound to the dispatchers (and ``prange``/``List`` to
  numba's), so that numba, compiling one kernel, sees the others as it always did:
  it types, inlines and links its callees through those globals.

Modules that only *call* kernels keep the :class:`LazyKernel` objects they imported,
so their calls still take the native route where it exists.
"""

from __future__ import annotations

import importlib
import sys
import threading

_KERNELS: list["LazyKernel"] = []
_lock = threading.Lock()
_numba_ready = False


class _Placeholder:
    """Stands for a numba object (``prange``, ``typed.List``) until numba is imported."""

    def __init__(self, name: str, plain):
        self.name, self.plain = name, plain

    def __call__(self, *args):
        return self.plain(*args)  # only ever reached from Python, never from a kernel


prange = _Placeholder("prange", range)
List = _Placeholder("typed.List", list)


class LazyKernel:
    """A kernel not compiled yet: called from Python, it runs natively or through numba."""

    def __init__(self, py_func, options: dict):
        self.py_func = py_func
        self.options = options
        self.__name__ = py_func.__name__
        self.__module__ = py_func.__module__
        self.__doc__ = py_func.__doc__
        self.qualified = f"{py_func.__module__}:{py_func.__name__}"
        # the same without the package: "search.kernel:solve_node", the native export table's key
        self.local_name = self.qualified.split(".", 1)[1] if "." in py_func.__module__ else self.qualified
        self._dispatcher = None
        self._route = None  # the callable the next call takes

    @property
    def dispatcher(self):
        """numba's dispatcher for this kernel (imports numba on first use)."""
        if self._dispatcher is None:
            jit_everything()
        return self._dispatcher

    def __call__(self, *args):
        route = self._route
        if route is None:
            route = self._route = self._choose_route()
        return route(*args)

    def _choose_route(self):
        from .native import native_route

        native = native_route(self)
        return native if native is not None else self.dispatcher

    def __repr__(self) -> str:
        return f"<kernel {self.qualified}>"


# Every module that defines kernels: all are imported before numba compiles any of them.
KERNEL_MODULES = ("kernels", "feedback_matrix", "search.candidates", "search.endgame", "search.kernel",
                  "search.guess", "search.memo", "search.passes", "search.rebuild")


def njit(*args, **options):
    """``numba.njit`` deferred: ``@njit`` or ``@njit(cache=True, ...)``."""
    def wrap(func):
        if _numba_ready:  # a kernel module imported after numba: plain numba
            import numba

            return numba.njit(**options)(func)
        kernel = LazyKernel(func, options)
        _KERNELS.append(kernel)
        return kernel

    if args and callable(args[0]) and not options:
        return wrap(args[0])
    return wrap


def prepare(*kernels) -> None:
    """Choose these kernels' routes now rather than on their first calls: loading the
    native module (2-3 ms) can then overlap other work, such as a matrix being checked on
    another thread.  A numba dispatcher (a kernel module imported after numba) needs none."""
    for kernel in kernels:
        if isinstance(kernel, LazyKernel) and kernel._route is None:
            kernel._route = kernel._choose_route()


def kernels() -> list[LazyKernel]:
    """Every kernel defined so far, in definition order."""
    return list(_KERNELS)


def jit_everything() -> None:
    """Import numba and give every kernel its dispatcher, rebinding the kernel modules'
    globals (see the module docstring).  Idempotent and thread-safe."""
    global _numba_ready
    if _numba_ready:
        return
    with _lock:
        if _numba_ready:
            return
        from .startup import collector_paused, lean_cache_loads

        for name in KERNEL_MODULES:
            importlib.import_module(f"{__package__}.{name}")
        with collector_paused():
            import numba
            from numba.typed import List as typed_list
        lean_cache_loads()
        real = {id(prange): numba.prange, id(List): typed_list}
        for kernel in _KERNELS:
            kernel._dispatcher = numba.njit(**kernel.options)(kernel.py_func)
            real[id(kernel)] = kernel._dispatcher
        for module_name in sorted({k.py_func.__module__ for k in _KERNELS} | {__name__}):
            namespace = vars(sys.modules[module_name])
            for name, value in list(namespace.items()):
                if id(value) in real:
                    namespace[name] = real[id(value)]
        _numba_ready = True
