#!/usr/bin/env python3
"""Writes Operations.generated.swift for the TypedCalls program (scripts/openapi-client): for every
operation of docs/openapi.yaml, the call a team's code makes with the client swift-openapi-generator
generates from that document — `client.<operationId>(.init(path:query:headers:body:))`, each input
typed as the generator types it (Int, an enum's raw value, the body's payload type).

    generate-calls.py DOCUMENT OUTPUT

Names follow the generator's default (`namingStrategy: defensive`): a name keeps its letters, digits
and underscores, and `-` is `_hyphen_` (`User-Agent` → `User_hyphen_Agent`). A name it would spell
any other way stops this script rather than being guessed.
"""

import importlib.util
import os
import re
import sys

_spec = importlib.util.spec_from_file_location(
    "check_openapi_lib", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check-openapi-lib.py"))
lib = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lib)

METHODS = ("get", "put", "post", "delete", "patch")
SPECIAL = {"-": "_hyphen_", ".": "_period_"}
KEYWORDS = {"associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let",
            "operator", "precedencegroup", "protocol", "struct", "subscript", "typealias", "var", "fileprivate",
            "internal", "private", "public", "static", "defer", "if", "guard", "do", "repeat", "else", "for", "in",
            "while", "return", "break", "continue", "fallthrough", "switch", "case", "default", "where", "catch",
            "throw", "as", "Any", "false", "is", "nil", "rethrows", "super", "self", "Self", "true", "try", "throws"}


def swift_name(name):
    """The generator's defensive name for a documented name."""
    out = ""
    for index, char in enumerate(name):
        if re.fullmatch(r"[A-Za-z_]", char) or (index > 0 and char.isdigit()):
            out += char
        elif char in SPECIAL:
            out += SPECIAL[char]
        else:
            sys.exit(f"generate-calls: no known Swift name for {name!r} (character {char!r})")
    if out in KEYWORDS:
        sys.exit(f"generate-calls: {name!r} is a Swift keyword; the generator writes it otherwise")
    return out


def content_case(media_type):
    """The case of a body enum for a media type: the generator's overrides, else type_subtype."""
    overrides = {"application/json": "json", "application/x-www-form-urlencoded": "urlEncodedForm",
                 "multipart/form-data": "multipartForm", "text/plain": "plainText", "*/*": "any",
                 "application/xml": "xml", "application/octet-stream": "binary", "text/html": "html",
                 "application/yaml": "yaml", "text/csv": "csv", "image/png": "png", "application/pdf": "pdf",
                 "image/jpeg": "jpeg"}
    if media_type.lower() in overrides:
        return overrides[media_type.lower()]
    if ";" in media_type:
        sys.exit(f"generate-calls: no known Swift name for the media type {media_type!r}")
    kind, _, subtype = media_type.partition("/")
    return swift_name(kind) + "_" + swift_name(subtype)


def main(document_path, output_path):
    document = lib.load_yaml(document_path)

    def resolve(obj):
        while "$ref" in obj:
            node = document
            for part in obj["$ref"][2:].split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            obj = node
        return obj

    def argument(parameter):
        schema = resolve(parameter.get("schema", {}))
        part = {"path": ".path", "query": ".query", "header": ".header"}[parameter["in"]]
        required = parameter.get("required", False)
        name = parameter["name"]
        if schema.get("type") == "integer":
            reader = "requiredInt" if required else "int"
            return f'try inputs.{reader}({part}, "{name}")'
        if "enum" in schema:
            reader = "requiredRaw" if required else "raw"
            return f'try inputs.{reader}({part}, "{name}")'
        if schema.get("type") not in ("string", None):
            sys.exit(f"generate-calls: parameter {name} is a {schema.get('type')}, which this script does not read")
        if required:
            return f"try inputs.required({part}, \"{name}\")"
        return f"inputs.string({part}, \"{name}\")"

    cases = []
    for template, item in document["paths"].items():
        for method in METHODS:
            if method not in item:
                continue
            operation = item[method]
            op = operation["operationId"]
            swift_op = swift_name(op)
            parameters = [resolve(p) for p in item.get("parameters", []) + operation.get("parameters", [])]
            parts = []
            for location, label in (("path", "path"), ("query", "query"), ("header", "headers")):
                chosen = [p for p in parameters if p["in"] == location]
                if chosen:
                    fields = ", ".join(f"{swift_name(p['name'])}: {argument(p)}" for p in chosen)
                    parts.append(f"{label}: .init({fields})")
            if "requestBody" in operation:
                body = resolve(operation["requestBody"])
                (media_type, _), = body["content"].items()
                wrap = f"Operations.{swift_op}.Input.Body.{content_case(media_type)}"
                if media_type == "application/json":
                    reader = "body" if body.get("required") else "optionalBody"
                    parts.append(f"body: try inputs.{reader}({wrap})")
                elif body.get("required"):
                    parts.append(f"body: try inputs.binary({wrap})")
                else:
                    sys.exit(f"generate-calls: {op}: an optional {media_type} body is not read")
            arguments = ("\n                " + ",\n                ".join(parts) + "\n            ") if parts else ""
            cases.append(f"""    case "{op}":  // {method.upper()} {template}
        return caseName(try await client.{swift_op}(
            .init({arguments})
        ))""")

    with open(output_path, "w", encoding="utf-8") as handle:
        handle.write("// Written by scripts/openapi-client/generate-calls.py from docs/openapi.yaml; do not edit.\n\n")
        handle.write("/// Calls `inputs.call.op` with the generated client; answers the case of its `Output`.\n")
        handle.write("func perform(_ inputs: Inputs, with client: Client) async throws -> String {\n")
        handle.write("    switch inputs.call.op {\n")
        handle.write("\n".join(cases))
        handle.write("\n    default:\n        throw Inexpressible(description: \"no operation \\(inputs.call.op)\")\n    }\n}\n")
    print(f"generate-calls: {len(cases)} operations")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
