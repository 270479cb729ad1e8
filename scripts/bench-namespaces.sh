#!/usr/bin/env bash
# Namespaces (/ns/<name>/…): how fast they are made and what each costs in memory, on the release
# build. Every figure is a ratio to the reference measured in the same run: a request to a named
# namespace that already exists (`GET /ns/bench-ref/__mock/health`). Each request is timed on its
# own and medians are reported (p90 beside them), so a few slow requests cannot hide or fake the
# typical cost. Beside the client's figure, the server's own for the same requests (its log line:
# from the request parsed to the answer built, namespace lookup or making included), which leaves
# out the Python client and the loopback, most of a request to an existing namespace here.
#   scripts/bench-namespaces.sh [COUNT] [BINARY]   (default 500; BINARY: skip the build)
#   BENCH_SERVER_FLAGS="--namespace-pool 0" scripts/bench-namespaces.sh …   (more flags for the server:
#   the same binary without its pool of ready copies, for a reference in the same session)
#
# What is measured:
# - back to back: COUNT namespaces made one right after the other (`GET /ns/bench-<i>/__mock/health`),
#   the worst case for a pool of stores made ahead (it drains after a few and the rest wait for
#   its refill or make their own);
# - paced: 100 more, made 5 ms after the previous request, as a test run that does some work per
#   namespace makes them, beside the same pause before a request to the reference namespace (on
#   this machine any request after a pause costs more: the server's and the client's threads sleep);
# - first use: the first request in a new namespace that reads its database (`GET …/__mock/accounts`)
#   against the same request in the reference namespace, so a cost moved from making to first use
#   would show;
# - reset: `POST /ns/bench-ref/__mock/reset`, and the first store request after it;
# - RSS per namespace: after one namespace was made (so a pool of ready stores, if any, is full both
#   times), then after COUNT more; and after the first 50 were used (a sign-in code requested).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT="${1:-500}"

if [ $# -ge 2 ]; then
    BIN="$2"
else
    swift build -c release --product repairminder-mock | tail -1
    BIN="$(swift build -c release --show-bin-path)/repairminder-mock"
fi

python3 - "$BIN" "$COUNT" <<'PY'
import http.client, json, os, re, socket, statistics, subprocess, sys, tempfile, time

binary, count = sys.argv[1], int(sys.argv[2])
server_flags = os.environ.get("BENCH_SERVER_FLAGS", "").split()
paced_count = 100

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

def pct(values, p):
    s = sorted(values); return s[min(len(s) - 1, int(len(s) * p))]

port = free_port()
log = tempfile.NamedTemporaryFile(mode="w", suffix=".log")
proc = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--db", ":memory:",
                         "--max-namespaces", str(count + paced_count + 10), *server_flags, "--log-level", "info"],
                        stdout=log, stderr=log)
try:
    for _ in range(500):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5); c.request("GET", "/__mock/health")
            if c.getresponse().status == 200: break
        except OSError:
            time.sleep(0.01)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        start = time.perf_counter()
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        r = conn.getresponse(); data = r.read()
        elapsed = time.perf_counter() - start
        assert r.status == 200, (path, r.status, data[:200])
        return elapsed

    def times(paths, method="GET"):
        return [request(method, p) for p in paths]

    # The reference namespace, then one namespace made so that anything made ahead is in place.
    request("GET", "/ns/bench-ref/__mock/health")
    request("GET", "/ns/bench-warm/__mock/health")
    time.sleep(0.5)
    times(["/ns/bench-ref/__mock/health"] * 300)                     # warm up
    times(["/ns/bench-ref/__mock/accounts"] * 50)
    reference = times(["/ns/bench-ref/__mock/health"] * count)
    ref = statistics.median(reference)

    time.sleep(0.5)
    before = rss_kib(proc.pid)
    made = times([f"/ns/bench-{i}/__mock/health" for i in range(count)])
    after = rss_kib(proc.pid)

    paced, paced_ref, first_use = [], [], []
    for i in range(paced_count):
        time.sleep(0.005)
        paced_ref.append(request("GET", "/ns/bench-ref/__mock/health"))
        time.sleep(0.005)
        paced.append(request("GET", f"/ns/paced-{i}/__mock/health"))
        first_use.append(request("GET", f"/ns/paced-{i}/__mock/accounts"))
    accounts_ref = times(["/ns/bench-ref/__mock/accounts"] * paced_count)

    resets, after_reset = [], []
    for _ in range(100):
        resets.append(request("POST", "/ns/bench-ref/__mock/reset"))
        after_reset.append(request("GET", "/ns/bench-ref/__mock/accounts"))

    for i in range(50):
        request("POST", f"/ns/bench-{i}/api/auth/magic-link/request", {"email": "admin@acme.test"})
    used = rss_kib(proc.pid)

    # The server's own duration of each namespace's first request (its log line; one line per request).
    proc.terminate(); proc.wait()
    served = {}
    for line in open(log.name, errors="replace"):
        m = re.search(r"namespace=(\S+).*GET /__mock/health → 200 ([0-9.]+) ms", line)
        if m: served.setdefault(m.group(1), []).append(float(m.group(2)) / 1e3)
    server_ref = served["bench-ref"][-count - paced_count:-paced_count]
    server_made = [served[f"bench-{i}"][0] for i in range(count)]
    server_paced = [served[f"paced-{i}"][0] for i in range(paced_count)]

    def row(label, values, server=None):
        m = statistics.median(values)
        cells = f"| {label} | {m*1e3:.3f} ms (p90 {pct(values, 0.9)*1e3:.3f}) | {m/ref:.2f}× |"
        if server:
            s = statistics.median(server)
            cells += f" {s*1e3:.2f} ms (p90 {pct(server, 0.9)*1e3:.2f}) |"
        else:
            cells += " |"
        print(cells)

    print(f"namespaces made back to back: {count}; paced: {paced_count}")
    print("| figure | client: median (p90) | ratio | server's log: median (p90) |")
    print("|---|---|---|---|")
    row("request to an existing namespace (reference)", reference, server_ref)
    row("request that makes a namespace, back to back", made, server_made)
    row("… the first 10 of them", made[:10], server_made[:10])
    row("request to an existing namespace, 5 ms after the last request", paced_ref, served["bench-ref"][-paced_count:])
    row("request that makes a namespace, 5 ms after the last request", paced, server_paced)
    row("`…/__mock/accounts` in an existing namespace", accounts_ref)
    row("`…/__mock/accounts` as a new namespace's first request", first_use)
    row("`POST …/__mock/reset`", resets)
    row("`…/__mock/accounts` right after a reset", after_reset)
    print(f"| the {count} made back to back, in all | {sum(made)*1e3:.0f} ms ({sum(made)/count*1e3:.3f} ms each) | | |")
    print(f"| RSS with the reference and one more namespace | {before/1024:.1f} MiB | | |")
    print(f"| RSS after {count} more | {after/1024:.1f} MiB | | |")
    print(f"| RSS per namespace | {(after-before)/count:.0f} KiB | | |")
    print(f"| RSS after {paced_count} paced and using 50 | {used/1024:.1f} MiB | | |")
finally:
    proc.terminate(); proc.wait()
PY
