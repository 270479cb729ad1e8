"""Shared by scripts/check-openapi and scripts/schemathesis: build and start a mock, sign in, load
docs/openapi.yaml the way a JSON consumer reads it. Not a script of its own.

Python 3.9+, standard library only (the callers install what they need with pip).
"""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENT = os.path.join(ROOT, "docs", "openapi.yaml")
PASSWORD = "password123"


def ensure_packages(packages):
    """Imports `packages` ({module: pip requirement}); pip-installs the missing ones first."""
    import importlib
    missing = []
    for module, requirement in packages.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(requirement)
    if missing:
        print("installing " + " ".join(missing) + " with pip", file=sys.stderr)
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *missing]
        if subprocess.run(command).returncode != 0:
            # A distribution's Python refuses system-wide installs (PEP 668) unless told.
            subprocess.run(command + ["--break-system-packages"], check=True)
        importlib.invalidate_caches()


def load_yaml(path=DOCUMENT):
    """The document as its JSON form: YAML 1.1 timestamps stay strings (as Yams's converter keeps them)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.yaml_implicit_resolvers = {
        key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=Loader)


class Mock:
    """`repairminder-mock` on a free port with a fresh in-memory database, or a server already running.

    with Mock(base_url=None, scratch_path=".build") as mock: mock.base_url
    """

    def __init__(self, base_url=None, scratch_path=None, binary=None, build=True, log=None, args=()):
        self.base_url = base_url.rstrip("/") if base_url else None
        self.scratch_path = scratch_path or os.environ.get("SCRATCH_PATH") or os.path.join(ROOT, ".build")
        self.binary = binary
        self.build = build
        self.log = log or open(os.devnull, "w")
        self.process = None
        self.args = list(args)

    def __enter__(self):
        if self.base_url:
            return self
        if not self.binary:
            if self.build:
                print(f"building repairminder-mock (scratch path {self.scratch_path})", file=sys.stderr)
                subprocess.run(["swift", "build", "--scratch-path", self.scratch_path, "--product", "repairminder-mock"],
                               cwd=ROOT, check=True, stdout=sys.stderr)
            bin_dir = subprocess.run(["swift", "build", "--scratch-path", self.scratch_path, "--show-bin-path"],
                                     cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
            self.binary = os.path.join(bin_dir, "repairminder-mock")
        self.process = subprocess.Popen(
            [self.binary, "--host", "127.0.0.1", "--port", "0", "--db", ":memory:", "--log-level", "warning", *self.args],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log, text=True)
        first = self.process.stdout.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", first)
        if not match:
            self.process.kill()
            raise RuntimeError("the mock did not start: " + first)
        self.base_url = match.group(1)
        # Keep reading its stdout so a full pipe never blocks it.
        import threading
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        for _ in range(100):
            try:
                status, _, _ = call(self.base_url, "GET", "/__mock/health")
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def call(base, method, path, token=None, body=None, raw=None, headers=None, timeout=30):
    """One request; returns (status, headers as a lower-cased dict, body bytes). `body` is sent as JSON,
    `raw` as it is."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None and not (headers and "Content-Type" in headers):
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def call_json(base, method, path, **kwargs):
    status, _, data = call(base, method, path, **kwargs)
    return status, (json.loads(data) if data else None)


def jwt_claims(token):
    """The claims of a JWT, unverified (the mock signed it)."""
    import base64
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def latest_code(base, email, kind):
    status, box = call_json(base, "GET", "/__mock/outbox?" + urllib.parse.urlencode({"to": email, "kind": kind}))
    if status != 200 or not box["data"]:
        raise RuntimeError(f"no {kind} code for {email}")
    return box["data"][0]["code"]


def staff_sign_in(base, email, user_agent="RepairMinder-iOS/1.0 (iPhone; iOS 17.0)"):
    """Password, then the emailed 2FA code. Returns the token response's `data`."""
    status, login = call_json(base, "POST", "/api/auth/login", body={"email": email, "password": PASSWORD})
    if status != 200:
        raise RuntimeError(f"login {email}: {status} {login}")
    user_id = login["data"]["userId"]
    call(base, "POST", "/api/auth/2fa/request", body={"userId": user_id, "email": email})
    code = latest_code(base, email, "staff_2fa")
    status, tokens = call_json(base, "POST", "/api/auth/2fa/verify", body={"userId": user_id, "code": code},
                               headers={"User-Agent": user_agent})
    if status != 200:
        raise RuntimeError(f"2FA {email}: {status} {tokens}")
    return tokens["data"]


def totp(secret, at=None):
    """RFC 6238 (SHA-1, 30 s, 6 digits) of a base32 secret, at the wall clock (the mock's clock unless moved)."""
    import base64
    import hashlib
    import hmac
    import struct
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int((at or time.time()) // 30)), hashlib.sha1).digest()
    offset = digest[-1] & 15
    return "%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def staff_sign_in_totp(base, email="totp@acme.test", secret="JBSWY3DPEHPK3PXP"):
    """Password, then a TOTP code: no mail, so nothing another client does to the outbox can get in its way."""
    status, login = call_json(base, "POST", "/api/auth/login", body={"email": email, "password": PASSWORD})
    if status != 200:
        raise RuntimeError(f"login {email}: {status} {login}")
    status, tokens = call_json(base, "POST", "/api/auth/2fa/verify",
                               body={"userId": login["data"]["userId"], "code": totp(secret)})
    if status != 200:
        raise RuntimeError(f"TOTP {email}: {status} {tokens}")
    return tokens["data"]


def customer_sign_in(base, email, company_id=None):
    """The emailed magic-link code (with `companyId` when given). Returns the token response's `data`."""
    call(base, "POST", "/api/customer/auth/request-magic-link", body={"email": email})
    code = latest_code(base, email, "customer_magic_link")
    body = {"email": email, "code": code}
    if company_id:
        body["companyId"] = company_id
    status, tokens = call_json(base, "POST", "/api/customer/auth/verify-code", body=body)
    if status != 200 or "token" not in tokens["data"]:
        raise RuntimeError(f"customer sign-in {email}: {status} {tokens}")
    return tokens["data"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
