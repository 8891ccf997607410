#!/usr/bin/env python3
"""Writes ashtapada/types.py from the server's OpenAPI document: a TypedDict per schema, a Literal
per enum, and OPERATIONS (operation id -> method and path), so that the client names no path the
document lacks. Standard library only.

    python3 gen_types.py                 # the document from `go run ./cmd/ashtapada openapi`
    python3 gen_types.py openapi.json    # or from a file

CI runs it and fails when the committed file differs.
"""

import json
import keyword
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "ashtapada", "types.py")


def load(argv):
    if len(argv) > 1:
        with open(argv[1], encoding="utf-8") as f:
            return json.load(f)
    out = subprocess.run(
        ["go", "run", "./cmd/ashtapada", "openapi"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    return json.loads(out)


def camel(s):
    return "".join(p[:1].upper() + p[1:].lower() for p in re.split(r"[^A-Za-z0-9]+", s) if p)


class Gen:
    def __init__(self, doc):
        self.schemas = doc["components"]["schemas"]
        self.enums = {}  # values tuple -> alias name
        self.extra = []  # inline TypedDicts (oneOf members)

    def enum(self, values, owner, field):
        key = tuple(values)
        if key not in self.enums:
            # Proto enums share a prefix ending in _UNSPECIFIED: MOVE_VIEW_UNSPECIFIED -> MoveView.
            first = values[0]
            name = camel(first[: -len("_UNSPECIFIED")]) if first.endswith("_UNSPECIFIED") else owner + camel(field)
            self.enums[key] = name
        return self.enums[key]

    def type_of(self, s, owner, field):
        if "$ref" in s:
            return s["$ref"].rsplit("/", 1)[1]
        if "allOf" in s and len(s["allOf"]) == 1:
            return self.type_of(s["allOf"][0], owner, field)
        if "enum" in s:
            return self.enum(s["enum"], owner, field)
        t = s.get("type")
        if t == "string":
            return "str"  # 64-bit integers are strings in JSON too
        if t == "integer":
            return "int"
        if t == "number":
            return "float"
        if t == "boolean":
            return "bool"
        if t == "array":
            return f"List[{self.type_of(s.get('items', {}), owner, field)}]"
        if t == "object" or "additionalProperties" in s:
            ap = s.get("additionalProperties")
            if isinstance(ap, dict):
                return f"Dict[str, {self.type_of(ap, owner, field)}]"
            return "Dict[str, Any]"
        return "Any"

    def typed_dict(self, name, s, doc=None):
        props = s.get("properties") or {}
        required = set(s.get("required") or [])
        fields = []
        for p in sorted(props):
            t = self.type_of(props[p], name, p)
            fields.append((p, t if p in required else f"NotRequired[{t}]"))
        lines = []
        text = (doc or s.get("description") or "").strip()
        identifiers = all(p.isidentifier() and not keyword.iskeyword(p) for p, _ in fields)
        if identifiers:
            lines.append(f"class {name}(TypedDict):")
            if text:
                lines.append(f"    {docstring(text)}")
            for p, t in fields:
                lines.append(f'    {p}: "{t}"')
            if not fields and not text:
                lines.append("    pass")
        else:
            # Keys that are no Python names (@type, from) need the functional form.
            if text:
                lines.append("\n".join(("# " + l.strip()).rstrip() for l in text.splitlines()))
            body = ", ".join(f'"{p}": "{t}"' for p, t in fields)
            lines.append(f'{name} = TypedDict("{name}", {{{body}}})')
        return "\n".join(lines)

    def run(self, doc):
        parts = []
        for name in sorted(self.schemas):
            s = self.schemas[name]
            if "oneOf" in s:
                members = []
                for i, m in enumerate(s["oneOf"]):
                    if "$ref" in m:
                        members.append(self.type_of(m, name, ""))
                    else:
                        inline = f"{name}{camel(next(iter(m.get('required') or ['member'])))}"
                        self.extra.append(self.typed_dict(inline, m, f"A member of {name}."))
                        members.append(inline)
                parts.append(f"# {' '.join(s.get('description', '').split())}\n{name} = Union[{', '.join(repr(m) for m in members)}]")
            elif "properties" in s or s.get("type") == "object":
                parts.append(self.typed_dict(name, s))
            else:
                text = s.get("description", "").strip()
                parts.append(f"# {text}\n{name} = Any" if text else f"{name} = Any")
        enums = [f"{n} = Literal[{', '.join(repr(v) for v in vals)}]" for vals, n in sorted(self.enums.items(), key=lambda kv: kv[1])]
        ops = []
        for path in sorted(doc["paths"]):
            for method, op in sorted(doc["paths"][path].items()):
                ops.append(f'    "{op["operationId"]}": ("{method.upper()}", "{path}"),')
        return "\n".join(
            [
                '"""The types of Ashtapada\'s JSON API, generated by gen_types.py from the server\'s OpenAPI',
                'document. Do not edit: run `python3 gen_types.py` after a change to the API."""',
                "",
                "from typing import Any, Dict, List, Literal, Tuple, TypedDict, Union",
                "",
                "try:",
                "    from typing import NotRequired",
                "except ImportError:  # Python < 3.11: the annotations are strings, never evaluated",
                "    pass",
                "",
                f'API_VERSION = "{doc.get("info", {}).get("version", "")}"',
                "",
                "# Every operation of the document: its id, HTTP method and path.",
                "OPERATIONS: Dict[str, Tuple[str, str]] = {",
                *ops,
                "}",
                "",
                *enums,
                "",
                "",
                "\n\n\n".join(parts + self.extra),
                "",
            ]
        )


def docstring(text):
    text = " ".join(l.strip() for l in text.splitlines()).replace('"""', "'''").replace("\\", "\\\\")
    return f'"""{text}"""'


def main(argv):
    doc = load(argv)
    code = Gen(doc).run(doc)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(code)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
