"""Schemathesis hooks for scripts/schemathesis: bearer tokens for the mock's two security schemes.

Loaded through SCHEMATHESIS_HOOKS; reads REPAIRMINDER_BASE_URL (the mock under test). Staff sign in as
totp@acme.test with a TOTP code (no mailed code, so the fuzzer's own 2FA and magic-link requests,
which replace the mailed codes, cannot break it), again every 10 minutes because staff access tokens
live 15; the customer is jane@customer.test, signed in once (customer tokens live 7 days).
An operation gets the token of the first scheme it declares; an open operation gets none.

Query strings go out as `requests` encodes them (a space is `+`, a plus sign `%2B`), which the mock
reads as the backend's `URLSearchParams` does (docs/http.md).
"""

import importlib.util
import os
import threading
import time

import schemathesis

_spec = importlib.util.spec_from_file_location(
    "check_openapi_lib", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-openapi-lib.py"))
lib = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lib)

BASE_URL = os.environ["REPAIRMINDER_BASE_URL"]

STAFF_LIFETIME = 600


class _Tokens:
    lock = threading.Lock()
    staff = None
    staff_at = 0.0
    customer = None

    @classmethod
    def get(cls):
        with cls.lock:
            if cls.staff is None or time.monotonic() - cls.staff_at > STAFF_LIFETIME:
                cls.staff = lib.staff_sign_in_totp(BASE_URL)["token"]
                cls.staff_at = time.monotonic()
            if cls.customer is None:
                cls.customer = lib.customer_sign_in(BASE_URL, "jane@customer.test")["token"]
            return {"staffBearer": cls.staff, "customerBearer": cls.customer}


def _schemes(operation):
    definition = getattr(operation, "definition", None)
    raw = getattr(definition, "raw", None) or {}
    requirements = raw.get("security")
    if requirements is None:
        requirements = operation.schema.raw_schema.get("security", [])
    return [name for requirement in requirements for name in requirement]


@schemathesis.auth(refresh_interval=None)
class MockBearer:
    """Fetches per call from the class cache above (which refreshes staff tokens itself)."""

    def get(self, case, ctx):
        return _Tokens.get()

    def set(self, case, data, ctx):
        schemes = _schemes(case.operation)
        if not schemes:
            return
        case.headers = case.headers or {}
        case.headers["Authorization"] = "Bearer " + data[schemes[0]]
