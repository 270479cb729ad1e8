#!/usr/bin/env bash
# Start-up and reset figures for the mock (release build), each against a reference run in the
# same session: cold start of the binary to its first answer vs nginx's, in-process start (release
# and debug), reset.
#
#   scripts/bench-mock.sh          # builds the binary as the Docker image ships it
#                                  # (scripts/build-shipped: the Dockerfile's flags, .build/static)
#   scripts/bench-mock.sh BINARY   # measures that binary's cold start instead
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx-light; }

if [ $# -ge 1 ]; then
    BIN="$1"
else
    BIN="$(scripts/build-shipped | tail -1)"
fi
echo "binary: $BIN"

python3 - "$BIN" <<'PY'
import socket, subprocess, sys, time, tempfile, os, statistics

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def first_answer(cmd, port, path):
    """Milliseconds from spawning `cmd` to the first complete 200 on a raw socket (urllib's own
    overhead would dominate the figure)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2)
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".encode())
                head = s.recv(64)
                s.close()
                if head.startswith(b"HTTP/1.1 200"):
                    return (time.perf_counter() - start) * 1000
            except OSError:
                time.sleep(0.0002)
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
                             port, "/__mock/health"))
    port = free_port()
    conf = os.path.join(conf_dir, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""daemon off; worker_processes 1; error_log /dev/null; pid {conf_dir}/nginx.pid;
events {{}} http {{ access_log off; client_body_temp_path {conf_dir}; proxy_temp_path {conf_dir};
fastcgi_temp_path {conf_dir}; uwsgi_temp_path {conf_dir}; scgi_temp_path {conf_dir};
server {{ listen 127.0.0.1:{port}; location / {{ return 200 '{{"ok":true}}'; }} }} }}""")
    ref.append(first_answer(["nginx", "-c", conf, "-p", conf_dir], port, "/"))
m, r = statistics.median(ours), statistics.median(ref)
print(f"cold start to first answer (release, :memory:, seeding included): median {m:.1f} ms")
print(f"nginx cold start to first answer (reference, same run):          median {r:.1f} ms")
print(f"ratio ours/nginx: {m / r:.2f}")
PY

(cd scripts/bench-mock && swift build -c release --product bench-mock)
bench="$(cd scripts/bench-mock && swift build -c release --show-bin-path)/bench-mock"
# The same from a debug build: a UI-test bundle builds Debug (the Test action's default).
(cd scripts/bench-mock && swift build -c debug --product bench-mock)
debug_bench="$(cd scripts/bench-mock && swift build -c debug --show-bin-path)/bench-mock"

# In-process start in a fresh process (a UI-test bundle's first mock): 15 processes, median, for the
# release build and then the debug one.
for build in "release:$bench" "debug:$debug_bench"; do
python3 - "${build%%:*}" "${build#*:}" <<'PY'
import subprocess, sys, statistics
listening, answered = [], []
for _ in range(15):
    out = subprocess.run([sys.argv[2], "--first-start"], capture_output=True, text=True, check=True).stdout.split()
    listening.append(float(out[0])); answered.append(float(out[1]))
print(f"in-process first start, fresh process, {sys.argv[1]} (forTesting(), seed included): median {statistics.median(listening):.1f} ms "
      f"to listening, {statistics.median(answered):.1f} ms to the first answer (min {min(answered):.1f})")
PY
done

"$bench"
