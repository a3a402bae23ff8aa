"""Finding a rule set: a profile by its name, or a rules file (``.toml`` or ``.json``).

The schema (:mod:`tienlen.rules`) reads and writes rule sets as mappings and text; this module
adds the names of the profiles and the files on disk, with their limits. So the import graph runs
one way: ``rules`` ← ``profiles`` ← ``loading``.

>>> load_rules("pagat").name
'pagat'
"""

from __future__ import annotations

from pathlib import Path

from tienlen._input import MAX_RULES_TEXT, read_file, shown
from tienlen.errors import InvalidArgument, InvalidRules
from tienlen.profiles import PROFILES
from tienlen.rules import RuleSet

__all__ = ["load_rules"]


def load_rules(source: str | Path) -> RuleSet:
    """A profile by name (``"house"``), or a rule set read from a ``.toml`` or ``.json`` file.

    Raises :class:`InvalidRules` for an unknown name, bad contents, or a file that cannot be read:
    missing, not a regular file (a FIFO, a device), larger than 262,144 bytes, or not UTF-8.
    """
    if isinstance(source, str) and source in PROFILES:
        return PROFILES[source]
    if not isinstance(source, (str, Path)):
        raise InvalidArgument(f"rules must be a profile name or a file path, not {shown(source)}")
    path = Path(source)
    if path.suffix.lower() not in (".toml", ".json"):
        raise InvalidRules(f"{shown(str(source))} is neither a profile ({', '.join(PROFILES)}) nor a .toml or .json rules file")
    text = read_file(path, "rules file", MAX_RULES_TEXT, InvalidRules)
    rules = RuleSet.from_toml(text) if path.suffix.lower() == ".toml" else RuleSet.from_json(text)
    profile = PROFILES.get(rules.name)
    if profile is not None and profile != rules:
        raise InvalidRules(
            f"name: {shown(rules.name)} is a profile's name, but these rules differ from it; "
            f'give them a name of their own (name = "my-{rules.name}") so records and reports do not confuse the two'
        )
    return rules
