#!/usr/bin/env bash
# Start-up and reset figures for the mock (release build), each against a reference run in the
# same session: cold start of the binary to its first answer vs nginx's, in-process start, reset.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx-light; }

swift build -c release --product repairminder-mock >/dev/null
BIN="$(swift build -c release --show-bin-path)/repairminder-mock"

python3 - "$BIN" <<'PY'
import socket, subprocess, sys, time, tempfile, os, statistics, urllib.request

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def first_answer(cmd, url):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                with urllib.request.urlopen(url, timeout=1) as r:
                    if r.status == 200:
                        return (time.perf_counter() - start) * 1000
            except Exception:
                time.sleep(0.0005)
            if time.perf_counter() - start > 10:
                raise SystemExit("no answer from " + " ".join(cmd))
    finally:
        proc.terminate(); proc.wait()

binary = sys.argv[1]
ours, ref = [], []
conf_dir = tempfile.mkdtemp()
for _ in range(15):
    port = free_port()
    ours.append(first_answer([binary, "--db", ":memory:", "--host", "127.0.0.1", "--port", str(port), "--log-level", "error"],
                             f"http://127.0.0.1:{port}/__mock/health"))
    port = free_port()
    conf = os.path.join(conf_dir, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""daemon off; worker_processes 1; error_log /dev/null; pid {conf_dir}/nginx.pid;
events {{}} http {{ access_log off; client_body_temp_path {conf_dir}; proxy_temp_path {conf_dir};
fastcgi_temp_path {conf_dir}; uwsgi_temp_path {conf_dir}; scgi_temp_path {conf_dir};
server {{ listen 127.0.0.1:{port}; location / {{ return 200 '{{"ok":true}}'; }} }} }}""")
    ref.append(first_answer(["nginx", "-c", conf, "-p", conf_dir], f"http://127.0.0.1:{port}/"))
m, r = statistics.median(ours), statistics.median(ref)
print(f"cold start to first answer (release, :memory:, seeding included): median {m:.1f} ms")
print(f"nginx cold start to first answer (reference, same run):          median {r:.1f} ms")
print(f"ratio ours/nginx: {m / r:.2f}")
PY

(cd scripts/bench-mock && swift run -c release bench-mock)
