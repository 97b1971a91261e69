#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of a given size, as a user's terminal would, and reports
what a terminal would have done with its output — for the Swift tests of the progress line.

Usage: pty-run.py COLUMNS ROWS [--resize-after-draws N --to COLUMNS] [--interrupt-after-draws N]
                  -- COMMAND [ARG...]

The command's standard input, output and error are the terminal (its controlling terminal,
in a session of its own). The report, one JSON object on standard output:

  status      the exit status (128 + signal number when a signal ended it)
  raw         every byte the command wrote, as text (UTF-8, invalid bytes replaced)
  draws       each redraw of the live line: the text written after "\\r\\x1b[2K", as it stood
              when the next control character came, with the width it occupies on the screen
              and the terminal width at the time
  wrapped     the places where a line ran past the right margin (a terminal would wrap there),
              each with the line so far and how many erase-line sequences came before it
  newlines    how many line feeds were written
  lines       the screen's lines at the end (what a user sees scrolled back)

Widths are counted as a terminal counts them, from Python's own Unicode tables, not from the
code under test: East Asian wide and fullwidth characters take two columns, combining marks
none.
"""
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import unicodedata


def width_of(character):
    if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def set_size(fd, columns, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def main(argv):
    separator = argv.index("--")
    options, command = argv[1:separator], argv[separator + 1:]
    columns, rows = int(options[0]), int(options[1])
    resize_after = resize_to = interrupt_after = None
    rest = options[2:]
    while rest:
        if rest[0] == "--resize-after-draws":
            resize_after, resize_to, rest = int(rest[1]), int(rest[3]), rest[4:]
        elif rest[0] == "--interrupt-after-draws":
            interrupt_after, rest = int(rest[1]), rest[2:]
        else:
            raise SystemExit(f"unknown option {rest[0]}")

    master, slave = pty.openpty()
    set_size(slave, columns, rows)

    def become_terminal_owner():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, preexec_fn=become_terminal_owner, close_fds=True)
    os.close(slave)

    raw = bytearray()
    deadline = time.time() + 120
    # The terminal emulation: cursor column, the current line, the lines above.
    width = columns
    column = 0
    line = ""
    lines = []
    draws = []
    wrapped = []
    newlines = 0
    erases = 0
    drawing = None  # the text of the live line being drawn since "\r\x1b[2K"
    pending = ""
    decoder_buffer = b""

    def finish_draw():
        nonlocal drawing
        if drawing is not None:
            draws.append({"text": drawing, "width": sum(width_of(c) for c in drawing), "columns": width})
            if interrupt_after is not None and len(draws) == interrupt_after:
                process.send_signal(signal.SIGINT)
            if resize_after is not None and len(draws) == resize_after:
                set_size(master, resize_to, rows)
            drawing = None

    def feed(text):
        nonlocal column, line, newlines, drawing, width, pending, erases
        text = pending + text
        pending = ""
        i = 0
        while i < len(text):
            c = text[i]
            if c == "\x1b":
                # A CSI sequence: ESC [ parameters final-byte.
                if i + 1 >= len(text):
                    pending = text[i:]
                    return
                if text[i + 1] != "[":
                    i += 2
                    continue
                j = i + 2
                while j < len(text) and not ("@" <= text[j] <= "~"):
                    j += 1
                if j >= len(text):
                    pending = text[i:]
                    return
                sequence = text[i:j + 1]
                if sequence == "\x1b[2K":
                    erases += 1
                    line = ""
                    finish_draw()
                    drawing = ""
                i = j + 1
                continue
            if c == "\r":
                if i + 1 >= len(text):
                    pending = c
                    return
                # "\r\n" is a line feed (the terminal's ONLCR): the text before it is a line, not a redraw.
                if text[i + 1] != "\n":
                    finish_draw()
                column = 0
            elif c == "\n":
                drawing = None
                newlines += 1
                lines.append(line)
                line = ""
                column = 0
            elif c == "\b":
                column = max(0, column - 1)
            elif ord(c) < 0x20 or ord(c) == 0x7F:
                pass
            else:
                w = width_of(c)
                if column + w > width:
                    wrapped.append({"line": line, "at": column, "columns": width, "erases": erases})
                    lines.append(line)
                    line = ""
                    column = 0
                line += c
                column += w
                if drawing is not None:
                    drawing += c
            i += 1
        width = struct.unpack("HHHH", fcntl.ioctl(master, termios.TIOCGWINSZ, b"\0" * 8))[1]

    while time.time() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                break
            if not chunk:
                break
            raw += chunk
            decoder_buffer += chunk
            try:
                text = decoder_buffer.decode("utf-8")
                decoder_buffer = b""
            except UnicodeDecodeError as error:
                text = decoder_buffer[:error.start].decode("utf-8")
                decoder_buffer = decoder_buffer[error.start:]
            feed(text)
        elif process.poll() is not None:
            # Drain what is left, then stop.
            continue
    else:
        process.kill()
    status = process.wait()
    finish_draw()
    if line:
        lines.append(line)
    json.dump({
        "status": status if status >= 0 else 128 - status,
        "raw": raw.decode("utf-8", "replace"),
        "draws": draws,
        "wrapped": wrapped,
        "newlines": newlines,
        "lines": lines,
    }, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
