"""Hypothesis profiles for the whole suite.

``dev`` (the default) keeps the example database between runs, so a failure found once is tried
first the next time. ``ci`` (chosen when the environment has ``CI=true``, as ``.ci/run`` sets) is
derandomized, so a run on a fresh clone is reproducible, keeps no database and prints the blob to
reproduce a failure. ``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly. Tests that set
their own example counts keep them under both profiles; the profiles settle the rest.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI", "").lower() == "true" else "dev"))
