"""The `valid-sudoku` command at a terminal: Ctrl-C, the stdin hint, usage slips, and the
arguments `main()` takes."""

from __future__ import annotations

import io
import os
import re
import select
import struct
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import valid_sudoku
from cli_helpers import SEED, in_tmp_path, run, write  # noqa: F401 (in_tmp_path is an autouse fixture)

INTERRUPTED = "valid-sudoku: interrupted\n"
STDIN_HINT = "valid-sudoku: reading boards from standard input (end with Ctrl-D; see --help for files)\n"


def test_json_and_quiet_conflict_is_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--json", "--quiet", "x.txt"], capsys) == (
        2,
        "",
        "error: --json and --quiet cannot be used together: --json prints a line for every board, "
        "--quiet prints nothing\n\n"
        "Usage: valid-sudoku [OPTIONS] [FILE]...\n\n"
        "For more information, try '--help'.\n",
    )


# ---- What main() takes ----


def test_a_str_instead_of_a_list_says_how_to_call_it() -> None:
    with pytest.raises(TypeError) as raised:
        valid_sudoku.main("boards.txt")  # a str is a Sequence[str] to a type checker, but not here
    assert str(raised.value) == "main() takes a list of arguments, like main(['boards.txt']), not a str"


def test_other_arguments_that_are_not_a_list_of_str() -> None:
    with pytest.raises(TypeError) as raised:
        valid_sudoku.main(42)  # type: ignore[arg-type]
    assert str(raised.value) == "main() takes a list of arguments, like main(['boards.txt']), got int"
    with pytest.raises(TypeError) as raised:
        valid_sudoku.main(["--quiet", 7])  # type: ignore[list-item]
    assert str(raised.value) == "main() arguments must be str or path-like, got int at argv[1]"


def test_paths_and_tuples_are_arguments_too(capsys: pytest.CaptureFixture[str]) -> None:
    write("boards.txt", f"{SEED}\n")
    assert valid_sudoku.main([Path("boards.txt")]) == 0
    assert valid_sudoku.main(("--quiet", "boards.txt")) == 0
    assert capsys.readouterr() == ("1 board: 1 valid, 0 invalid\n", "")


# ---- Standard input at a terminal ----


class TerminalStdin(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_hint_when_reading_boards_typed_at_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", TerminalStdin(f"{SEED}\n"))
    hint = STDIN_HINT.replace("Ctrl-D", "Ctrl-Z then Enter") if os.name == "nt" else STDIN_HINT
    assert run([], capsys) == (0, "1 board: 1 valid, 0 invalid\n", hint)


def test_no_hint_for_a_pipe_an_explicit_dash_or_quiet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{SEED}\n"))
    assert run([], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")
    for argv in (["-"], ["--quiet"]):
        monkeypatch.setattr(sys, "stdin", TerminalStdin(f"{SEED}\n"))
        assert run(argv, capsys)[2] == ""


# ---- Ctrl-C ----


class InterruptedStdin(io.StringIO):
    """Ctrl-C while the command waits for input: the read raises KeyboardInterrupt."""

    def read(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_during_a_read_prints_one_line_and_returns_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", InterruptedStdin())
    assert run([], capsys) == (130, "", INTERRUPTED)


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs a signal sent to one thread")
def test_a_ctrl_c_that_misses_the_blocked_read_still_stops_the_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race behind a hang once seen in CI: SIGINT lands when no read is blocked in the kernel
    # (just before one starts, or on another thread), so no read is interrupted and the flag
    # waits for a Python that never looks. Sending it to a helper thread makes that certain:
    # the main thread's read sees nothing, and only a look at the signals while waiting ends it.
    readable, writable = os.pipe()
    stdin = io.TextIOWrapper(os.fdopen(readable, "rb"))
    monkeypatch.setattr(sys, "stdin", stdin)
    os.write(writable, f"{SEED}\n".encode())  # the first read returns; the second waits

    answered = threading.Event()

    def interrupt_then_give_up() -> None:
        time.sleep(0.5)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        answered.wait(10)
        os.close(writable)  # unanswered, the end of input ends the wait, 10 s late

    helper = threading.Thread(target=interrupt_then_give_up, daemon=True)
    helper.start()
    started = time.monotonic()
    try:
        assert run([], capsys) == (130, "", INTERRUPTED)
        assert time.monotonic() - started < 5
    finally:
        answered.set()
        helper.join()
        stdin.close()


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal and SIGINT")
def test_ctrl_c_at_a_terminal_clears_the_bar_and_exits_130(tmp_path: Path) -> None:
    # stderr is a pseudo-terminal, so the progress bar is drawn; stdin is a pipe that the test
    # feeds, so the command is still at work (waiting for more) when SIGINT comes.
    import fcntl
    import termios

    leader, follower = os.openpty()
    # A narrow terminal, whose width the bar must not fill: three columns stay free, so the
    # echoed ^C does not wrap and the final clear hits the bar's own line.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, COLUMNS, 0, 0))
    command = [sys.executable, "-c", "import sys, valid_sudoku; sys.exit(valid_sudoku.main())"]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    terminal = feed_until_the_bar_shows(proc, leader)
    proc.send_signal(signal.SIGINT)
    code = proc.wait(timeout=60)
    terminal += read_until(leader, None)
    os.close(leader)
    assert code == 130
    assert proc.stdout is not None and proc.stdout.read() == b""
    # The last thing on the terminal: the bar's line cleared, then the one short line.
    after_bar = terminal[terminal.rindex(b"32768 boards") :]
    assert after_bar.endswith(b"\r\x1b[2K" + INTERRUPTED.replace("\n", "\r\n").encode()), after_bar
    assert b"Traceback" not in terminal
    # Every frame (what is drawn between two returns to the line's start) leaves three columns free.
    frames = [re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", frame) for frame in re.split(rb"[\r\n]", terminal)]
    drawn = [frame for frame in frames if b"boards" in frame]
    assert drawn and all(len(frame.decode()) <= COLUMNS - 3 for frame in drawn), drawn
    assert max(len(frame.decode()) for frame in drawn) == COLUMNS - 3, drawn


COLUMNS = 60


def feed_until_the_bar_shows(proc: subprocess.Popen[bytes], leader: int) -> bytes:
    """Feeds the command boards on stdin (a pipe it keeps waiting on) until its bar shows on
    the terminal; returns what the terminal showed."""
    assert proc.stdin is not None and proc.stdout is not None
    # The bar shows once the work has run a second, at a look every 16 Ki boards.
    boards = f"{SEED}\n".encode() * 16384
    proc.stdin.write(boards)
    proc.stdin.flush()
    time.sleep(1.2)
    proc.stdin.write(boards)
    proc.stdin.flush()
    terminal = read_until(leader, b"32768 boards")
    assert b"32768 boards" in terminal, terminal
    return terminal


def read_until(fd: int, wanted: bytes | None, timeout: float = 60) -> bytes:
    """What the terminal shows until `wanted` appears (or until it falls silent, for None)."""
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (wanted is None or wanted not in seen):
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            if wanted is None:
                break
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:  # the other side closed: Linux says EIO
            break
        if not data:
            break
        seen += data
    return seen


def at_a_terminal(argv: list[str], columns: int) -> tuple[subprocess.Popen[bytes], int]:
    """The command with a real pseudo-terminal of `columns` as its controlling terminal and
    stderr (stdin and stdout are pipes): what is typed at the returned leader reaches it as
    from a keyboard, through the line discipline."""
    import fcntl
    import termios

    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))

    def controlled_by_the_terminal() -> None:
        os.setsid()
        fcntl.ioctl(follower, termios.TIOCSCTTY, 0)

    command = [sys.executable, "-c", "import sys, valid_sudoku; sys.exit(valid_sudoku.main(sys.argv[1:]))", *argv]
    proc = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=follower,
        preexec_fn=controlled_by_the_terminal,
        pass_fds=(follower,),
    )
    os.close(follower)
    return proc, leader


def screen_of(terminal: bytes, columns: int) -> list[str]:
    """The non-blank lines a terminal `columns` wide shows after `terminal` was written to it."""
    pyte = pytest.importorskip("pyte")
    screen = pyte.Screen(columns, 24)
    pyte.ByteStream(screen).feed(terminal)
    return [line.rstrip() for line in screen.display if line.strip()]


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal and its line discipline")
@pytest.mark.parametrize("columns", [60, 80, 120])
def test_ctrl_c_typed_at_a_terminal_leaves_no_bar_on_screen(columns: int) -> None:
    # Ctrl-C is typed into the command's terminal: the line discipline sends SIGINT and echoes
    # ^C where the cursor is, as a user's terminal does; the screen is then read through a
    # terminal emulator (pyte) of the same width.
    pytest.importorskip("pyte")
    proc, leader = at_a_terminal([], columns)
    terminal = feed_until_the_bar_shows(proc, leader)
    os.write(leader, b"\x03")  # Ctrl-C, typed
    code = proc.wait(timeout=60)
    terminal += read_until(leader, None)
    os.close(leader)
    assert code == 130
    assert b"^C" in terminal, terminal[-200:]
    # The bar's line, the echoed ^C on it, was cleared: only the one short line is left.
    assert screen_of(terminal, columns) == [INTERRUPTED.rstrip()]


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal and its line discipline")
def test_generate_counts_puzzles_out_of_count() -> None:
    pytest.importorskip("pyte")
    proc, leader = at_a_terminal(["generate", "--count", "100000000", "--seed", "1"], 100)
    assert proc.stdout is not None
    # Read stdout as it comes, so the writes never block on a full pipe.
    reader = threading.Thread(target=lambda: [None for _ in iter(lambda: proc.stdout.read(65536) if proc.stdout else b"", b"")])
    reader.start()
    terminal = read_until(leader, b"/100000000 puzzles")
    os.write(leader, b"\x03")
    code = proc.wait(timeout=60)
    terminal += read_until(leader, None)
    reader.join()
    os.close(leader)
    assert code == 130
    frames = re.findall(rb"(\d+)/100000000 puzzles", terminal)
    assert frames and all(int(done) % 64 == 0 for done in frames), terminal[-300:]
    assert screen_of(terminal, 100) == [INTERRUPTED.rstrip()]
