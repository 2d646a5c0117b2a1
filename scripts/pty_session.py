#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal and answers its questions, for the tests of tagrules'
interactive commands (`apply --interactive`, `edit`, `set --title` on several files).

    pty_session.py STEPS_JSON -- COMMAND [ARG...]

STEPS_JSON is a list of steps, done in order: ["expect", REGEX] waits until the output so far
(after the previous match, line ends as "\n") matches REGEX; ["send", TEXT] types TEXT. The command runs in the
current folder with the current environment; its standard input, output and error are the
terminal. When the steps are done, the rest of the output is read until the command ends.

Prints everything the command wrote (the terminal's transcript, line ends as "\n") and exits
with the command's exit status; 124 when a step or the command takes longer than 30 seconds
(the transcript so far then ends with a line saying which step waited).
"""
import json
import os
import pty
import re
import select
import sys
import time

TIMEOUT = 30.0


def main():
    steps = json.loads(sys.argv[1])
    command = sys.argv[3:] if sys.argv[2] == "--" else sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)

    transcript = bytearray()
    matched = 0  # output before this offset was matched by an earlier step

    def read(deadline):
        """Reads what is there before `deadline`; False once the command closed the terminal."""
        remaining = max(0.0, deadline - time.monotonic())
        ready, _, _ = select.select([fd], [], [], min(remaining, 0.1))
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the other side is closed
            return False
        if not chunk:
            return False
        transcript.extend(chunk)
        return True

    def finish(status):
        sys.stdout.write(transcript.decode("utf-8", "replace").replace("\r\n", "\n"))
        sys.stdout.flush()
        sys.exit(status)

    open_ = True
    for index, (kind, argument) in enumerate(steps):
        if kind == "send":
            os.write(fd, argument.encode("utf-8"))
            continue
        pattern = re.compile(argument.encode("utf-8"))
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = pattern.search(bytes(transcript).replace(b"\r\n", b"\n"), matched)
            if found:
                matched = found.end()
                break
            if not open_ or time.monotonic() > deadline:
                transcript.extend(f"\n[pty_session: step {index} waited in vain for {argument!r}]\n".encode())
                if open_:
                    os.kill(pid, 9)
                finish(124)
            open_ = read(deadline)

    deadline = time.monotonic() + TIMEOUT
    while open_ and time.monotonic() < deadline:
        open_ = read(deadline)
    if open_:
        os.kill(pid, 9)
        transcript.extend(b"\n[pty_session: the command did not end]\n")
        finish(124)
    _, status = os.waitpid(pid, 0)
    finish(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))


if __name__ == "__main__":
    main()
