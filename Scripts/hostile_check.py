"""Hostile clients against a running `kinetic playground` (Scripts/hostile-check starts it).

  python3 Scripts/hostile_check.py PORT KINETIC_PID

1. No child of kinetic (its build or documentation build, and their children) holds any of
   kinetic's sockets or pipes (/proc/PID/fd).
2. 3,000 connections ask for /kinetic.wasm and never read, while a normal client's GET / is timed
   every 500 of them: each must be answered in full within 1 s.
3. A foreign Host header is answered 421 with no body of the page.
Prints one line per check, then "N passed, M failed" counting these checks and those
Scripts/hostile-check ran before (the environment's HOSTILE_PASSED and HOSTILE_FAILED), and exits
1 if any of its own fails.
"""
import os
import socket
import sys
import time

port, kinetic = int(sys.argv[1]), int(sys.argv[2])
failures = 0
passes = 0


def check(ok, line):
    global failures, passes
    print(("ok   " if ok else "FAIL ") + line, flush=True)
    failures += 0 if ok else 1
    passes += 1 if ok else 0


def get(path, host=None, timeout=5.0):
    """The whole answer to GET path (the server closes after one answer), and the seconds it took."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\n\r\n".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer, time.monotonic() - start


# 1. Inherited descriptors (first: while the documentation build still runs).
def descriptors(pid):
    found = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith(("socket:", "pipe:")):
                found.add(target)
    except OSError:
        pass
    return found


def descendants(pid):
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        children.append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return children + [d for c in children for d in descendants(c)]


held = socket.create_connection(("127.0.0.1", port))   # a connection kinetic holds meanwhile
held.sendall(b"GET / HTTP/1.1\r\n")
time.sleep(0.2)
# kinetic's own: not those it inherited from the script that started it (and this check).
ours = descriptors(kinetic) - descriptors(os.getppid())
children = descendants(kinetic)
leaked = {c: descriptors(c) & ours for c in children}
leaked = {c: d for c, d in leaked.items() if d}
check(bool(children) and not leaked,
      f"{len(children)} child processes of kinetic hold none of its {len(ours)} sockets and pipes"
      + (f": leaked {leaked}" if leaked else ""))
held.close()

# 2. Non-reading module requests.
stalled, worst = [], 0.0
try:
    for i in range(3000):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /kinetic.wasm HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        stalled.append(s)
        if i % 500 == 499:
            answer, took = get("/")
            worst = max(worst, took)
            check(answer.startswith(b"HTTP/1.1 200 OK") and took < 1.0,
                  f"GET / after {i + 1} non-reading module requests: {answer[:15]!r} in {took * 1000:.0f} ms")
except OSError as error:
    check(False, f"opening non-reading connections: {error} (after {len(stalled)})")
finally:
    for s in stalled:
        s.close()
answer, took = get("/kinetic.wasm")
check(answer.startswith(b"HTTP/1.1 200 OK") and len(answer) > 100000,
      f"the module afterwards: {len(answer)} bytes in {took * 1000:.0f} ms (worst page time {worst * 1000:.0f} ms)")

# 3. DNS rebinding: a foreign Host.
answer, _ = get("/", host=f"attacker.example:{port}")
status_line = answer.split(b"\r\n")[0].decode()
check(answer.startswith(b"HTTP/1.1 421") and b"<p>page" not in answer,
      f"Host: attacker.example answered {status_line!r}")


earlier_passed = int(os.environ.get("HOSTILE_PASSED", "0"))
earlier_failed = int(os.environ.get("HOSTILE_FAILED", "0"))
print(f"{passes + earlier_passed} passed, {failures + earlier_failed} failed", flush=True)
sys.exit(1 if failures else 0)
