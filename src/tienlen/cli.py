"""The ``tienlen`` command line (also ``python -m tienlen``).

Commands::

    tienlen check   --rules NAME|FILE[,...] --play CARDS [--table CARDS] [--hand CARDS] [--json]
    tienlen moves   --rules NAME|FILE --hand CARDS [--table CARDS] [--json]
    tienlen play    --rules NAME|FILE [--seed N] [--players 4] [--bots greedy,random] [--unit N] [--record FILE]
    tienlen simulate --rules house,iwin,... --rounds N [--seed S] [--workers K | --dask ADDRESS]
                     [--json] [--plot FILE] [--quiet] [--repeat REPORT.json]
    tienlen compare --rules house,iwin,... [--format text|markdown|json|csv] [--all]   (or: compare RULES ...)
    tienlen rules   --rules NAME|FILE [--format text|toml|json]                         (or: rules NAME|FILE)
    tienlen replay  FILE [--unit N]
    tienlen tournament --agents search,greedy,greedy,greedy [--rules house,counting] [--deals N] [--seed S]
                     [--workers K | --dask ADDRESS] [--json] [--quiet]

Exit codes: 0 success (``check``: the play is legal); 1 the play is illegal (``check``) or the
record is refused (``replay``); 2 bad input (unreadable cards, unknown profile, malformed rules
file, unreadable file, bad options); 3 the record replays but its round is unfinished
(``replay``). Errors are one line on stderr, never a traceback; files are read only when they are
regular files within the size limits of the library. Every option is checked before any work
starts, and a ``--record`` file is written before anything is printed.

``tienlen`` alone lists the commands; ``tienlen COMMAND --help`` describes one. Profile names
may be written in any case (``--rules HOUSE``). Text output fits the terminal's width
(``COLUMNS``, else the terminal's, else 80), long lines wrapped.

Output suits the terminal: where stdout's encoding cannot show the suit symbols (a Windows pipe
in cp1252, say), cards are written with the letters ``s c d h`` (which every command reads back),
and any other character the encoding lacks is replaced. A closed pipe (``tienlen moves ... | head
-1``) ends the command quietly with status 0.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, NoReturn, TypeVar

import tienlen  # loads none of its names: annotations name them (tienlen.RuleSet), commands import them
from tienlen._base.messages import render, words_of
from tienlen._version import __version__
from tienlen.errors import LANGUAGES, IllegalPlay, InvalidArgument, InvalidRecord, TienLenError, one_line

__all__ = ["main", "format_round", "format_settlement", "EXIT_UNFINISHED"]  # noqa: F822  # two by __getattr__

EXIT_UNFINISHED = 3
"""The exit code of ``tienlen replay`` for a record whose actions are legal but whose round is not over."""

DEFAULT_UNIT = 1000
"""What one unit is worth when ``--unit`` is not given (every command that settles)."""

_T = TypeVar("_T")
_SUITS = "♠♣♦♥"
_SUIT_LETTERS = str.maketrans(_SUITS, "scdh")


def __getattr__(name: str) -> Any:
    """``format_round`` and ``format_settlement``, loaded on first use (their module loads the game)."""
    if name in ("format_round", "format_settlement"):
        return getattr(importlib.import_module("tienlen._cli_text"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit code."""
    if argv is not None and (
        isinstance(argv, str) or not isinstance(argv, Sequence) or not all(isinstance(a, str) for a in argv)
    ):
        raise InvalidArgument.of("argv-must-list-strings-like")
    try:
        code = _run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        _silence_stdout()
        return 0


def _run(argv: Sequence[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    parser = _parser(arguments, _asked_lang(arguments))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        code: int = args.run(args)
        return code
    except BrokenPipeError:
        raise
    except TienLenError as error:
        _say(f"tienlen: {error.text(args.lang) if args.command else error}", sys.stderr)
        return 1 if isinstance(error, (IllegalPlay, InvalidRecord)) and args.command == "replay" else 2
    except OSError as error:
        _say(f"tienlen: {one_line(str(error))}", sys.stderr)
        return 2


def _say(text: str, stream: IO[str] | None = None) -> None:
    """Print ``text`` in what ``stream`` (default stdout) can encode: suit letters instead of
    symbols where the symbols cannot be shown, and a replacement for any other missing character."""
    stream = stream or sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        _SUITS.encode(encoding)
    except UnicodeEncodeError:
        text = text.translate(_SUIT_LETTERS)
    print(text.encode(encoding, "replace").decode(encoding), file=stream)


def _silence_stdout() -> None:
    """After a closed pipe: point stdout at the null device so the exit flush cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (a test's capture)
        pass


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block), with exit code 2, and whose
    messages (help, usage) are written in what the stream can encode; it refuses an option's value
    that is no whole number in ``lang`` (argparse's own words stay English)."""

    def __init__(self, *args: Any, lang: str = "en", **how: Any) -> None:
        super().__init__(*args, **how)
        self.lang = lang

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        if action.type is _whole and not (arg_string.isascii() and arg_string.isdigit() and len(arg_string) <= 20):
            raise argparse.ArgumentError(
                action, render("cli-not-whole-number", {"text": one_line(repr(arg_string), 40)}, self.lang)
            )
        return super()._get_value(action, arg_string)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            _say(message.rstrip("\n"), file or sys.stderr)


def _whole(text: str) -> int:
    """A whole number written in the digits 0-9, as :class:`_Parser` lets it through (the library checks its range)."""
    return int(text)


def _asked_lang(argv: Sequence[str]) -> str:
    """The language ``--lang`` asks for in ``argv`` (or an abbreviation of it, as argparse reads
    them), else the environment's (``vi`` when the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    set is Vietnamese, as gettext reads them; else ``en``): known before parsing, so that refusals
    made while parsing are in it."""
    from itertools import pairwise

    locale = next((os.environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(name)), "")
    asked = "vi" if locale.lower().startswith("vi") else "en"
    for option, value in pairwise([*argv, ""]):
        name, equals, attached = option.partition("=")
        if len(name) > 2 and "--lang".startswith(name):
            value = attached if equals else value
            asked = value if value in LANGUAGES else asked
    return asked


def _rules_help(many: bool = False) -> str:
    """--rules' help, naming the profiles (loaded only by the options of a command that runs)."""
    from tienlen.variants.profiles import PROFILES

    if many:
        return f"comma-separated profiles or rules files (default every profile: {','.join(PROFILES)})"
    return f"a profile ({', '.join(PROFILES)}) or a .toml/.json rules file"


def _bots(specs: bool = False) -> str:
    """The bots --bots takes, or (``specs``) every agent spec and the search levels, for a help text."""
    if specs:
        from tienlen.players.search import LEVELS
        from tienlen.players.tournament import SPECS

        return f"{', '.join(SPECS)}, search:LEVEL {min(LEVELS)}-{max(LEVELS)}"
    from tienlen.players.agents import AGENTS

    return ", ".join(AGENTS)


def _shared_options(lang: str) -> dict[str, _Parser]:
    """The options several commands take, each declared once (a parent parser per option); ``lang``
    is --lang's default."""

    def option(*names: str, **how: Any) -> _Parser:
        parent = _Parser(add_help=False)
        parent.add_argument(*names, **how)
        return parent

    return {
        "lang": option(
            "--lang",
            choices=LANGUAGES,
            default=lang,
            help="the language of the output, reasons and errors (default: from LC_ALL, LC_MESSAGES or LANG, else en)",
        ),
        "json": option("--json", action="store_true", help="answer as JSON"),
        "quiet": option("--quiet", action="store_true", help="no progress on stderr"),
        "dask": option(
            "--dask", metavar="ADDRESS", help="play on the Dask cluster whose scheduler is at ADDRESS (needs tienlen[dask])"
        ),
    }


def _parser(argv: Sequence[str] | None = None, lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser in ``lang``: every command with its options, or, given the
    arguments, only the options of the command they name (a command's options load what their help
    names, the profiles and the bots, so ``tienlen --version`` and ``tienlen --help`` load none of it)."""
    named = None if argv is None else next((arg for arg in argv if not arg.startswith("-")), "")
    parser = _Parser(
        lang=lang,
        prog="tienlen",
        description="Tiến Lên rules: check plays, play, compare variants.",
        epilog="`tienlen COMMAND --help` describes a command and its options.",
    )
    parser.add_argument("--version", action="version", version=f"tienlen {__version__}")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    shared = _shared_options(lang)
    commands = (  # name, its one-line description, its options, the shared options it takes besides --lang
        (
            "check",
            "is a play legal on a table? what it is, and whether it chops (exit 0 if legal, 1 if not)",
            _check_options,
            ("json",),
        ),
        ("moves", "every legal play from a hand", _moves_options, ("json",)),
        ("play", "deal, play out with bots and settle one round", _play_options, ()),
        (
            "simulate",
            "play the same seeded deals under several rule sets and compare",
            _simulate_options,
            ("json", "quiet", "dask"),
        ),
        ("compare", "the axes on which rule sets differ", _compare_options, ()),
        ("rules", "print or export a rule set", _rules_options, ()),
        ("replay", "validate a round record, naming the first illegal action, and settle it", _replay_options, ()),
        (
            "tournament",
            "duplicate tournament: bots on the same deals in every seating",
            _tournament_options,
            ("json", "quiet", "dask"),
        ),
    )
    for name, words, options, takes in commands:
        parents = [shared["lang"], *(shared[option] for option in takes)]
        command = sub.add_parser(name, help=words, description=f"tienlen {name}: {words}.", parents=parents, lang=lang)
        if named in (None, name):
            options(command)

    def list_commands(_args: argparse.Namespace) -> int:  # bare `tienlen`: what it can do
        _say(parser.format_help().rstrip("\n"))
        return 0

    parser.set_defaults(run=list_commands)
    return parser


def _check_options(check: argparse.ArgumentParser) -> None:
    check.add_argument("--rules", required=True, help=f"{_rules_help()}; several, comma-separated, answer for each")
    check.add_argument(
        "--play",
        required=True,
        help="the cards played, e.g. '6♠6♣6♦6♥', '6s 6c 6d 6h' or '6 bích 6 chuồn 6 rô 6 cơ', or 'pass' (or 'bỏ')",
    )
    check.add_argument("--table", help="the combination on the table (omit when leading)")
    check.add_argument("--hand", help="the player's hand; the play must come from it")
    check.set_defaults(run=_check)


def _moves_options(moves: argparse.ArgumentParser) -> None:
    moves.add_argument("--rules", required=True, help=_rules_help())
    moves.add_argument("--hand", required=True, help="the hand")
    moves.add_argument("--table", help="the combination on the table (omit when leading)")
    moves.set_defaults(run=_moves)


def _play_options(play: argparse.ArgumentParser) -> None:
    play.add_argument("--rules", default="house", help=_rules_help())
    play.add_argument("--seed", type=_whole, default=1, help="deal seed, 0 to 2**64 - 1 (default 1)")
    play.add_argument("--players", type=_whole, default=4, help="players at the table (default 4)")
    bots = f"comma-separated bots, one per seat, cycled ({_bots(specs=True)}; default greedy,random)"
    play.add_argument("--bots", default="greedy,random", help=bots)
    _unit_options(play)
    play.add_argument("--record", metavar="FILE", help="also write the round record (JSON) to FILE, before anything is printed")
    play.set_defaults(run=_play)


def _simulate_options(sim: argparse.ArgumentParser) -> None:
    from tienlen.variants.profiles import PROFILES

    sim.add_argument("--rules", default=",".join(PROFILES), help=_rules_help(many=True))
    sim.add_argument("--rounds", type=_whole, default=1000, help="rounds per rule set (default 1000)")
    sim.add_argument("--seed", type=_whole, default=0, help="seed of the first deal; round i uses seed + i (default 0)")
    sim.add_argument("--players", type=_whole, default=4, help="players at the table (default 4)")
    sim.add_argument(
        "--bots", default="greedy,random", help=f"comma-separated bots, one per seat, cycled ({_bots()}; default greedy,random)"
    )
    sim.add_argument("--workers", type=_whole, default=1, help="processes to spread the rounds over (default 1)")
    _unit_options(sim)
    sim.add_argument(
        "--repeat", metavar="REPORT", help="play again the run described in a --json report (ignores the options above it)"
    )
    sim.add_argument("--plot", metavar="FILE", help="also draw the charts into FILE (.png or .svg; needs tienlen[plot])")
    sim.set_defaults(run=_simulate)


def _compare_options(cmp_: argparse.ArgumentParser) -> None:
    cmp_.add_argument("rules", nargs="*", metavar="RULES", help="rule sets to compare, as --rules takes them")
    cmp_.add_argument("--rules", dest="rules_option", metavar="RULES", help=_rules_help(many=True).split(" (")[0])
    cmp_.add_argument(
        "--format", choices=("text", "markdown", "json", "csv"), default="text", help="how to write the comparison (default text)"
    )
    cmp_.add_argument("--all", action="store_true", help="list every axis, not only those that differ")
    cmp_.set_defaults(run=_compare)


def _rules_options(show: argparse.ArgumentParser) -> None:
    show.add_argument("rules", nargs="?", metavar="RULES", help=f"{_rules_help()}, as --rules takes it")
    show.add_argument("--rules", dest="rules_option", metavar="RULES", help=_rules_help())
    show.add_argument(
        "--format", choices=("text", "toml", "json"), default="text", help="text (one axis a line), toml or json (default text)"
    )
    show.set_defaults(run=_rules)


def _replay_options(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("file", help="a record written by Round.to_json or `tienlen play --record`")
    _unit_options(replay)
    replay.set_defaults(run=_replay)


def _unit_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--unit",
        type=_whole,
        help=f"what one unit is worth in the room: the house entry, or the bet (default {DEFAULT_UNIT:,}; points ignore it)",
    )


def _unit(args: argparse.Namespace, rules: tienlen.RuleSet | None = None) -> int:
    """The room's unit from --unit; with ``rules``, the unit to settle them with (1 for points)."""
    from tienlen._base.checks import check_int
    from tienlen._base.input import MAX_AMOUNT
    from tienlen.money.settle import unit_for

    unit = check_int(DEFAULT_UNIT if args.unit is None else args.unit, "--unit", 1, MAX_AMOUNT)
    return unit if rules is None else unit_for(rules, unit)


def _load(text: str) -> tienlen.RuleSet:
    """A rule set from --rules: a profile's name in any case (``HOUSE``), or a rules file."""
    from tienlen.variants.loading import load_rules
    from tienlen.variants.profiles import PROFILES

    return load_rules(text.lower() if text.lower() in PROFILES else text)


def _one_rule_set(args: argparse.Namespace) -> tienlen.RuleSet:
    """The one rule set of ``tienlen rules``, from --rules or the positional form."""
    given = [r for r in (args.rules, args.rules_option) if r is not None]
    if len(given) != 1:
        raise InvalidArgument.of("name-one-rule-set-tienlen")
    return _load(given[0])


def _rule_sets(texts: Sequence[str]) -> list[tienlen.RuleSet]:
    """Rule sets from comma-separated lists of profiles and rules files."""
    return [_load(name) for text in texts for name in _names(text, "rule set")]


def _writable(path: str) -> None:
    """Refuse a --record path that cannot be written, before any work starts."""
    from tienlen._base.input import shown

    target = Path(path)
    folder = target.parent
    if target.exists() and not target.is_file():
        raise InvalidArgument.of("record-regular-file-name-file", path=shown(path))
    if not folder.is_dir():
        raise InvalidArgument.of("record-folder-does-exist", path=shown(path), folder=shown(str(folder)))
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise InvalidArgument.of("record-cannot-written-permission-denied", path=shown(path))


def _check(args: argparse.Namespace) -> int:
    from tienlen._cli_text import answer_text, check_answer

    rule_sets = _rule_sets([args.rules])
    answers = [check_answer(args, rules) for rules in rule_sets]
    if args.json:
        _say(json.dumps(answers[0] if len(answers) == 1 else answers, ensure_ascii=False))
    else:
        width = max(len(rules.name) for rules in rule_sets)
        for rules, answer in zip(rule_sets, answers, strict=True):
            _say((f"{rules.name:<{width}}  " if len(answers) > 1 else "") + answer_text(answer, args.lang))
    return 0 if all(answer["legal"] for answer in answers) else 1


def _moves(args: argparse.Namespace) -> int:
    from tienlen._cli_text import cards_option
    from tienlen.game.cards import parse_cards
    from tienlen.game.combos import ComboKind, classify
    from tienlen.game.moves import legal_plays

    rules = _load(args.rules)
    table = cards_option("--table", args.table, lambda text: classify(text, rules)) if args.table else None
    plays = legal_plays(cards_option("--hand", args.hand, parse_cards), table, rules)
    passing = [{"kind": "pass", "cards": ""}] if table is not None else []
    if args.json:
        _say(json.dumps([{"kind": c.kind.label, "cards": str(c)} for c in plays] + passing, ensure_ascii=False))
    else:
        kinds = {kind.label: words_of("kind", kind.label, args.lang) for kind in ComboKind}
        width = max(map(len, kinds.values()))  # the kind column ("triple run")
        for combo in plays:
            _say(f"{kinds[combo.kind.label]:<{width}} {combo}")
        _say(render("cli-moves-or-pass" if passing else "cli-moves-leading", {"count": len(plays)}, args.lang))
    return 0


def _play(args: argparse.Namespace) -> int:
    from tienlen._base.input import MAX_SEED
    from tienlen._cli_text import fit, round_text, settlement_text
    from tienlen.game.round import Round
    from tienlen.money.settle import settle
    from tienlen.players.agents import play_round
    from tienlen.players.tournament import agent_from_spec  # the bots a tournament takes (search loads on first use)

    rules = _load(args.rules)
    bots = _names(args.bots, "bot")
    unit = _unit(args, rules)
    if args.record:
        _writable(args.record)
    start = Round.deal(rules, players=args.players, seed=args.seed)
    agents = [agent_from_spec(bots[s % len(bots)], (args.seed + s) % (MAX_SEED + 1)) for s in range(start.players)]
    round_ = play_round(rules, agents, start=start)
    if args.record:
        Path(args.record).write_text(round_.to_json(), encoding="utf-8")
    names = [render("cli-seat-bot", {"seat": s, "bot": bots[s % len(bots)]}, args.lang) for s in range(args.players)]
    money = settle(round_.result, rules, unit=unit)
    _say(fit(round_text(round_, names, args.lang) + "\n"))
    _say(fit(settlement_text(money, names, args.lang)))
    if args.record:
        _say("\n" + render("cli-record-written", {"path": args.record}, args.lang))
    return 0


def _names(text: str, what: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise InvalidArgument.of("name-least-one-comma-separated", what=what)
    return names


def _simulate(args: argparse.Namespace) -> int:
    from tienlen._base.checks import check_int
    from tienlen._base.input import MAX_RECORD, MAX_WORKERS, load_json, read_file, shown
    from tienlen._cli_text import columns
    from tienlen.players.simulate import Run, format_stats

    if args.repeat:
        report = load_json(read_file(args.repeat, "report", MAX_RECORD, InvalidArgument), "report", MAX_RECORD, InvalidArgument)
        if not isinstance(report, dict) or not isinstance(report.get("run"), dict):
            raise InvalidArgument.of("report-tienlen-simulate-json-has", repeat=shown(args.repeat))
        run = Run.from_mapping(report["run"])
    else:
        rule_sets = tuple(_rule_sets([args.rules]))
        run = Run(
            rule_sets=rule_sets,
            rounds=args.rounds,
            seed=args.seed,
            players=args.players,
            bots=tuple(_names(args.bots, "bot")),
            unit=_unit(args),
        )
    run.check()
    check_int(args.workers, "--workers", 1, MAX_WORKERS)
    if args.dask and args.workers != 1:
        raise InvalidArgument.of("workers-spreads-rounds-over-machine")
    if args.plot:
        if Path(args.plot).suffix.lower() not in (".png", ".svg", ".pdf"):
            raise InvalidArgument.of("plot-name-png-svg-pdf", plot=shown(args.plot))
        plot = _extra("tienlen.show.plot", "plot")
    progress = _progress(args)
    if args.dask:
        distributed = _extra("distributed", "dask")
        with distributed.Client(args.dask) as client:
            stats = run.play(client=client, progress=progress)
    else:
        stats = run.play(workers=args.workers, progress=progress)
    if args.plot:
        plot.simulation_figure(stats, lang=args.lang).savefig(args.plot)
        _say(render("cli-charts-written", {"path": args.plot}, args.lang), sys.stderr)
    if args.json:
        _say(json.dumps(run.report(stats), indent=2, ensure_ascii=False))
    else:
        _say(format_stats(stats, args.lang, width=columns()))
    return 0


def _progress(args: argparse.Namespace) -> tienlen.show.progress.ProgressBar | None:
    """The progress line on stderr, in the command's language (sized to the terminal), unless --quiet."""
    from tienlen.show.progress import ProgressBar

    return None if args.quiet else ProgressBar(sys.stderr, terminal=sys.stderr.isatty(), lang=args.lang)


def _extra(module: str, extra: str) -> Any:
    """Import a module that needs an optional dependency, or refuse saying how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise InvalidArgument.of("needs-optional-dependency-pip-install", reason=error.name, extra=extra) from None


def _compare(args: argparse.Namespace) -> int:
    from tienlen._cli_text import columns, describe
    from tienlen.players.compare import compare

    sets = _rule_sets(([args.rules_option] if args.rules_option else []) + args.rules)
    if not sets:
        raise InvalidArgument.of("name-rule-sets-compare-tienlen")
    if len(sets) == 1 and args.format == "text" and not args.all:
        _say(describe(sets[0], args.lang))
        return 0
    diff = compare(*sets, every_axis=args.all or len(sets) == 1)
    formats = {
        "text": lambda lang: diff.text(lang, width=columns()),
        "markdown": diff.markdown,
        "json": diff.to_json,
        "csv": diff.csv,
    }
    _say(formats[args.format](args.lang).rstrip("\n"))
    return 0


def _rules(args: argparse.Namespace) -> int:
    from tienlen._cli_text import describe

    rules = _one_rule_set(args)
    if args.format == "toml":
        _say(rules.to_toml().rstrip("\n"))
    elif args.format == "json":
        _say(rules.to_json())
    else:
        _say(describe(rules, args.lang))
    return 0


def _replay(args: argparse.Namespace) -> int:
    from tienlen._base.input import MAX_RECORD, read_file
    from tienlen._cli_text import fit, round_text, settlement_text
    from tienlen.game.round import Round
    from tienlen.money.settle import settle, unit_for

    unit = _unit(args)
    round_ = Round.from_json(read_file(args.file, "record", MAX_RECORD, InvalidArgument))
    _say(fit(round_text(round_, None, args.lang)))
    replays = {"count": len(round_.actions), "rules": round_.rules.name}
    _say(fit("\n" + render("cli-record-replays", replays, args.lang)))
    if not round_.is_over:
        _say(render("cli-round-unfinished", {"seat": round_.to_act, "code": EXIT_UNFINISHED}, args.lang))
        return EXIT_UNFINISHED
    money = settle(round_.result, round_.rules, unit=unit_for(round_.rules, unit))
    _say(fit(settlement_text(money, None, args.lang)))
    return 0


def _tournament_options(tour: argparse.ArgumentParser) -> None:
    tour.add_argument(
        "--agents",
        required=True,
        help=f"comma-separated agent specs, one per seat ({_bots(specs=True)})",
    )
    tour.add_argument("--rules", default="house", help="comma-separated profiles or rules files (default house)")
    tour.add_argument("--deals", type=_whole, default=100, help="deals, each played in every seating (default 100)")
    tour.add_argument("--seed", type=_whole, default=0, help="seed of the deals (default 0)")
    tour.add_argument("--workers", type=_whole, default=1, help="processes to spread the deals over (default 1)")
    tour.set_defaults(run=_tournament)


def _tournament(args: argparse.Namespace) -> int:
    from tienlen._base.checks import check_int
    from tienlen._base.input import MAX_WORKERS
    from tienlen.players.tournament import format_tournament, tournament

    rule_sets = _rule_sets([args.rules])
    line_up = _names(args.agents, "agent")
    check_int(args.workers, "--workers", 1, MAX_WORKERS)
    if args.dask and args.workers != 1:
        raise InvalidArgument.of("workers-spreads-deals-over-machine")
    options: dict[str, Any] = {"deals": args.deals, "seed": args.seed, "progress": _progress(args)}
    if args.dask:
        distributed = _extra("distributed", "dask")
        with distributed.Client(args.dask) as client:
            results = [tournament(rules, line_up, client=client, **options) for rules in rule_sets]
    else:
        results = [tournament(rules, line_up, workers=args.workers, **options) for rules in rule_sets]
    if args.json:
        _say(json.dumps({"tournaments": [t.to_mapping() for t in results]}, indent=2, ensure_ascii=False))
    else:
        _say("\n\n".join(format_tournament(t, args.lang) for t in results))
    return 0
