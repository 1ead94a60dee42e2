"""Let ``--nbval-sanitize-with notebooks/nbval_sanitize.cfg`` (set in pyproject.toml) work from
any working directory: nbval opens the path as given, so a relative path is made absolute
against the repository root when it does not exist from where pytest was started."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    given = getattr(config.option, "nbval_sanitize_with", None)
    if given and not Path(given).is_absolute() and not Path(given).exists():
        candidate = config.rootpath / given
        if candidate.exists():
            config.option.nbval_sanitize_with = str(candidate)
