#!/usr/bin/env bash
# Namespaces (/ns/<name>/…): how fast they are made and what each costs in memory, on the release
# build. The reference in the same run is a request to the default namespace that already exists
# (`GET /__mock/health`), so "made per second" reads as a ratio to a plain request.
#   scripts/bench-namespaces.sh [COUNT]   (default 500)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT="${1:-500}"

swift build -c release --product repairminder-mock | tail -1
BIN="$(swift build -c release --show-bin-path)/repairminder-mock"

python3 - "$BIN" "$COUNT" <<'PY'
import http.client, socket, subprocess, sys, time

binary, count = sys.argv[1], int(sys.argv[2])

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

port = free_port()
proc = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--db", ":memory:",
                         "--max-namespaces", str(count + 10), "--log-level", "error"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(500):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5); c.request("GET", "/__mock/health")
            if c.getresponse().status == 200: break
        except OSError:
            time.sleep(0.01)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(path):
        conn.request("GET", path); r = conn.getresponse(); r.read()
        assert r.status == 200, (path, r.status)

    for _ in range(200): get("/__mock/health")          # warm up
    start = time.perf_counter()
    for _ in range(count): get("/__mock/health")
    plain = (time.perf_counter() - start) / count

    before = rss_kib(proc.pid)
    start = time.perf_counter()
    for i in range(count): get(f"/ns/bench-{i}/__mock/health")
    made = (time.perf_counter() - start) / count
    after = rss_kib(proc.pid)

    # A namespace in use: sign in once in each of 50, then measure again.
    import json
    def post(path, body):
        conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        r = conn.getresponse(); data = r.read(); return r.status, json.loads(data)
    for i in range(50):
        status, login = post(f"/ns/bench-{i}/api/auth/magic-link/request", {"email": "admin@acme.test"})
        assert status == 200, login
    used = rss_kib(proc.pid)

    print(f"namespaces made: {count}")
    print(f"| figure | value | ratio |")
    print(f"|---|---|---|")
    print(f"| request to an existing namespace (reference) | {plain*1e3:.3f} ms | 1.00× |")
    print(f"| request that makes a namespace | {made*1e3:.3f} ms ({1/made:.0f} per second) | {made/plain:.2f}× |")
    print(f"| RSS before | {before/1024:.1f} MiB | |")
    print(f"| RSS after {count} namespaces | {after/1024:.1f} MiB | |")
    print(f"| RSS per namespace | {(after-before)/count:.0f} KiB | |")
    print(f"| RSS after using 50 of them | {used/1024:.1f} MiB | |")
finally:
    proc.terminate(); proc.wait()
PY
