#!/usr/bin/env bash
# The proxy's own cost (docs/drift.md): the same requests to a mock directly (the reference) and
# through `repairminder-mock proxy` in front of it, in the same run, on the release build. Reported
# as ratios to the direct figures, and as the milliseconds the proxy adds to a request.
#   scripts/bench-proxy.sh [SECONDS] [BINARY]   (default 5 s per measurement; BINARY: the mock's, with
#                                                repairminder-mock-proxy beside it; skip the build)
#
# For each request (`GET /api/auth/me`, `GET /api/orders/<id>`, `GET /api/orders?limit=20`, all with a
# staff token): wrk at one connection (median and p99 latency: what one app sees) and at 16
# connections on two threads (requests per second). Then the same through a proxy that also records
# HAR files (`--record`). The proxy checks every answer against the document off the request's path;
# its check queue keeps up or holds requests back, so the throughput figures include the checks.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-5}"
if [ $# -ge 2 ]; then
    BIN="$2"
else
    swift build -c release --product repairminder-mock | tail -1
    swift build -c release --product repairminder-mock-proxy | tail -1
    BIN="$(swift build -c release --show-bin-path)/repairminder-mock"
fi
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }

python3 - "$BIN" "$SECONDS_EACH" <<'PY'
import json, os, re, shutil, socket, subprocess, sys, tempfile, time, urllib.request

binary, seconds = sys.argv[1], sys.argv[2]

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def wait_for(port):
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/__mock/health", timeout=1).read(); return
        except Exception:
            time.sleep(0.05)
    raise SystemExit(f"nothing answers on {port}")

def call(port, method, path, body=None, token=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token: request.add_header("Authorization", f"Bearer {token}")
    return json.loads(urllib.request.urlopen(request).read())

def unit(value):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value)
    if not match: raise SystemExit(f"wrk printed a latency this script does not read: {value}")
    return float(match.group(1)) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[match.group(2)]

def wrk(port, path, token, connections, threads):
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
                          "-H", f"Authorization: Bearer {token}", f"http://127.0.0.1:{port}{path}"],
                         capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    # The distribution's own lines: "99%" also ends a thread-stats share such as "89.99%".
    p50, p99 = re.search(r"^\s+50%\s+(\S+)", out, re.M), re.search(r"^\s+99%\s+(\S+)", out, re.M)
    if not p50 or not p99: raise SystemExit(f"{path} at {connections} connections: no latency distribution (every request timed out?):\n{out}")
    p50, p99 = unit(p50.group(1)), unit(p99.group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors: raise SystemExit(f"{path}: {errors.group(1)} answers were not 2xx:\n{out}")
    return rps, p50, p99

mock_port, proxy_port, recording_port = free_port(), free_port(), free_port()
record = tempfile.mkdtemp(prefix="bench-proxy-har-")
logs = open(os.devnull, "w")
procs = [subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(mock_port), "--db", ":memory:",
                           "--log-level", "warning"], stdout=logs, stderr=logs)]
wait_for(mock_port)
procs.append(subprocess.Popen([binary, "proxy", "--upstream", f"http://127.0.0.1:{mock_port}", "--host", "127.0.0.1",
                               "--port", str(proxy_port), "--log-level", "warning"], stdout=logs, stderr=logs))
procs.append(subprocess.Popen([binary, "proxy", "--upstream", f"http://127.0.0.1:{mock_port}", "--host", "127.0.0.1",
                               "--port", str(recording_port), "--log-level", "warning", "--record", record],
                              stdout=logs, stderr=logs))
try:
    wait_for(proxy_port); wait_for(recording_port)
    login = call(mock_port, "POST", "/api/auth/login", {"email": "admin@acme.test", "password": "password123"})["data"]
    call(mock_port, "POST", "/api/auth/2fa/request", {"userId": login["userId"], "email": "admin@acme.test"})
    code = call(mock_port, "GET", "/__mock/outbox?to=admin@acme.test")["data"][0]["code"]
    token = call(mock_port, "POST", "/api/auth/2fa/verify", {"userId": login["userId"], "code": code})["data"]["token"]
    order = call(mock_port, "GET", "/api/orders?limit=1", token=token)["data"][0]["id"]
    paths = ["/api/auth/me", f"/api/orders/{order}", "/api/orders?limit=20"]
    # The document is read once the proxies start; the first check waits for it.
    for port in (proxy_port, recording_port):
        call(port, "GET", "/api/auth/me", token=token)
        urllib.request.urlopen(f"http://127.0.0.1:{port}/__mock/drift").read()

    print(f"load: {os.getloadavg()[0]:.2f}; {seconds} s per measurement; wrk -c1 (latency), wrk -t2 -c16 (throughput)")
    print(f"{'request':28} {'route':16} {'median ms':>10} {'p99 ms':>8} {'req/s':>9}   {'median ×':>9} {'+ms':>6} {'req/s ×':>8}")
    for path in paths:
        direct = None
        for name, port in (("direct (reference)", mock_port), ("proxy", proxy_port), ("proxy --record", recording_port)):
            _, p50, p99 = wrk(port, path, token, 1, 1)
            rps, _, _ = wrk(port, path, token, 16, 2)
            if direct is None:
                direct = (p50, rps)
                print(f"{path[:28]:28} {name:16} {p50:10.3f} {p99:8.3f} {rps:9.0f}   {'1.00':>9} {'':>6} {'1.00':>8}")
            else:
                print(f"{'':28} {name:16} {p50:10.3f} {p99:8.3f} {rps:9.0f}   {p50 / direct[0]:9.2f} {p50 - direct[0]:6.3f} {rps / direct[1]:8.2f}")
    report = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{proxy_port}/__mock/drift").read())["data"]
    print(f"proxy's report: {report['exchanges']} exchanges, {report['matched']} matched, {report['findings']} findings, "
          f"{report['upstream_errors']} upstream errors; {len(os.listdir(record))} HAR files written")
finally:
    for proc in procs: proc.terminate()
    for proc in procs: proc.wait()
    shutil.rmtree(record, ignore_errors=True)
PY
