#!/usr/bin/env python3
# Run a command with its standard error on a pseudo-terminal and its
# standard output to a file, as a person running it on a terminal with
# "> file" would; write what the terminal received to another file.
#   pty-run.py STDOUT-FILE TERMINAL-FILE COMMAND [ARG]...
# Exits with the command's status (128 + signal when killed).
import os
import pty
import select
import sys

out_path, tty_path, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    os.dup2(os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.execvp(argv[0], argv)
data = b''
while True:
    try:
        ready, _, _ = select.select([fd], [], [], 120)
        if not ready:
            break
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    data += chunk
_, status = os.waitpid(pid, 0)
with open(tty_path, 'wb') as f:
    f.write(data)
if os.WIFEXITED(status):
    sys.exit(os.WEXITSTATUS(status))
sys.exit(128 + os.WTERMSIG(status))
