"""A PEP 517 build backend on the standard library: the package is pure Python with no
dependencies, and this lets `pip install` work without a package index to fetch setuptools from.
It packs ashtapada/ into a wheel (and the source tree into an sdist); metadata comes from
pyproject.toml."""

import base64
import hashlib
import io
import os
import tarfile
import zipfile

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "ashtapada"


def _project():
    path = os.path.join(ROOT, "pyproject.toml")
    if tomllib is not None:
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    # The few keys this file uses, read line by line.
    project, section = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "project" and "=" in line:
                k, v = (s.strip() for s in line.split("=", 1))
                if v.startswith('"'):
                    project[k] = v.strip('"')
    return project


def _metadata():
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p.get('description', '')}",
        f"Requires-Python: {p.get('requires-python', '')}",
    ]
    readme = os.path.join(ROOT, p.get("readme", "README.md"))
    body = ""
    if os.path.exists(readme):
        lines.append("Description-Content-Type: text/markdown")
        with open(readme, encoding="utf-8") as f:
            body = f.read()
    return p, "\n".join(lines) + "\n\n" + body


def _files():
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, PACKAGE)):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".py", ".typed")):
                full = os.path.join(dirpath, name)
                yield full, os.path.relpath(full, ROOT).replace(os.sep, "/")


def _record_line(arc, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={digest},{len(data)}"


def _dist_info(p):
    return f"{p['name']}-{p['version']}.dist-info"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    p, meta = _metadata()
    d = os.path.join(metadata_directory, _dist_info(p))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
        f.write(meta)
    return _dist_info(p)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p, meta = _metadata()
    name = f"{p['name']}-{p['version']}-py3-none-any.whl"
    info = _dist_info(p)
    wheel = "Wheel-Version: 1.0\nGenerator: ashtapada-backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        entries = [(arc, open(full, "rb").read()) for full, arc in _files()]
        entries += [(f"{info}/METADATA", meta.encode()), (f"{info}/WHEEL", wheel.encode())]
        for arc, data in entries:
            z.writestr(arc, data)
            record.append(_record_line(arc, data))
        record.append(f"{info}/RECORD,,")
        z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    p, meta = _metadata()
    base = f"{p['name']}-{p['version']}"
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as tar:
        for rel in ("pyproject.toml", "README.md", "gen_types.py", "build_backend/backend.py"):
            full = os.path.join(ROOT, rel)
            if os.path.exists(full):
                tar.add(full, f"{base}/{rel}")
        for full, arc in _files():
            tar.add(full, f"{base}/{arc}")
        data = meta.encode()
        ti = tarfile.TarInfo(f"{base}/PKG-INFO")
        ti.size = len(data)
        tar.addfile(ti, io.BytesIO(data))
    return name
