#!/usr/bin/env python3
"""Independent PDF metadata reader (pikepdf/qpdf) that tagrules' tests compare against.

Usage:
    python3 scripts/pdf_oracle.py FILE...

Prints one JSON object per FILE, one per line, in argument order:

    {"file": str,                 # the path as given
     "ok": bool,                  # opened, and pages and Info read without an exception
     "error": str | null,         # "ExceptionType: message" of the first failure
     "encrypted": bool,           # the file has /Encrypt (opened with the empty password)
     "needs_password": bool,      # the empty user password was refused
     "pages": int | null,         # len(pdf.pages)
     "info": {KEY: VALUE},        # trailer /Info; {} when absent or unreadable
     "xmp": {"title": str | null, "creator": [str] | null} | null,
     "outline": [{"title": str, "level": int, "target": TARGET}] | null}

KEY is the Info key without the slash (`Title`). VALUE is the decoded text (str) for a
string; for anything else an object {"type": T, "repr": R}:
    name    R = "/Name"
    number  R = "12" / "3.5" (as pikepdf converts it)
    bool    R = "true" / "false"
    null    R = "null"
    array, dict, stream
            R = the object in PDF syntax (pikepdf `unparse(resolved=True)`, Latin-1):
                an indirect value is shown resolved, references inside it as `N G R`.

Strings are decoded as pikepdf's `str()` does (qpdf `getUTF8Value`): FE FF -> UTF-16BE,
FF FE -> UTF-16LE, EF BB BF -> UTF-8, else PDFDocEncoding. Where `str()` fails because a
UTF-8 string is ill-formed, the bytes after the BOM are decoded with U+FFFD replacement.
qpdf keeps language escapes; this script then removes them from strings with one of those
three BOMs (ESC lang [country] ESC, ISO 32000-1 §7.9.2.2.1; an unclosed escape removes the
rest, as in pdf.js). One known difference remains: qpdf drops unpaired UTF-16 surrogates,
where ISO 32000-2 readers (and tagrules) show U+FFFD.

"xmp" is null when the catalog has no /Metadata stream. Otherwise it holds what
pikepdf's `open_metadata()` reads: dc:title (x-default, else the first alternative) and
dc:creator (the rdf:Seq items; a Bag, which pikepdf returns as a set, is sorted). Empty
items are dropped: pikepdf reports an empty value as None, so an empty title is null and
an empty creator list is null. A packet pikepdf cannot parse gives nulls (pikepdf logs it).

Every file is handled on its own: an exception never stops the run.
"""

import json
import re
import sys
from decimal import Decimal

import pikepdf


def describe_error(error):
    return f"{type(error).__name__}: {error}"


LANGUAGE_ESCAPE = re.compile("\x1b[^\x1b]*(?:\x1b|$)")
UNICODE_BOMS = (b"\xfe\xff", b"\xff\xfe", b"\xef\xbb\xbf")


def text_of(string):
    """Decodes a pikepdf.String the way str() does, tolerating ill-formed UTF-8, then
    removes language escapes from Unicode strings."""
    raw = bytes(string)
    try:
        text = str(string)
    except UnicodeDecodeError:
        text = raw[3:].decode("utf-8", errors="replace")
    if raw.startswith(UNICODE_BOMS):
        text = LANGUAGE_ESCAPE.sub("", text)
    return text


def value_of(value):
    if isinstance(value, pikepdf.String):
        return text_of(value)
    if isinstance(value, pikepdf.Name):
        return {"type": "name", "repr": str(value)}
    if isinstance(value, bool):
        return {"type": "bool", "repr": "true" if value else "false"}
    if isinstance(value, (int, float, Decimal)):
        return {"type": "number", "repr": str(value)}
    if value is None:
        return {"type": "null", "repr": "null"}
    if isinstance(value, pikepdf.Array):
        kind = "array"
    elif isinstance(value, pikepdf.Stream):
        kind = "stream"
    elif isinstance(value, pikepdf.Dictionary):
        kind = "dict"
    else:
        kind = type(value).__name__
    try:
        text = value.unparse(resolved=True).decode("latin-1")
    except Exception as error:  # noqa: BLE001 - report whatever pikepdf cannot render
        text = describe_error(error)
    return {"type": kind, "repr": text}


def read_info(pdf):
    info = pdf.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        return {}
    return {str(key)[1:]: value_of(info.get(key)) for key in info.keys()}


def read_xmp(pdf):
    if "/Metadata" not in pdf.Root:
        return None
    meta = pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False)
    title = meta.get("dc:title")
    creator = meta.get("dc:creator")
    if isinstance(creator, (set, frozenset)):
        creator = sorted(creator)
    elif isinstance(creator, str):
        creator = [creator]
    if creator is not None:
        creator = [name for name in creator if name] or None
    return {"title": title or None, "creator": creator}


def read_outline(pdf):
    """The outline in reading order. TARGET is {"page": 0-based index}, {"uri": str},
    {"remote": file name}, or null; destinations are resolved through /Dests and the /Names
    /Dests name tree, as pikepdf's own tools do. null when pikepdf cannot read the outline."""
    names = None
    if "/Names" in pdf.Root and "/Dests" in pdf.Root.Names:
        names = pikepdf.NameTree(pdf.Root.Names.Dests)
    pages = {page.objgen: index for index, page in enumerate(pdf.pages)}

    def page_of(destination):
        if isinstance(destination, pikepdf.Name) and "/Dests" in pdf.Root:
            destination = pdf.Root.Dests.get(destination)
        elif isinstance(destination, pikepdf.String) and names is not None:
            destination = names.get(bytes(destination).decode("latin-1"))
        if isinstance(destination, pikepdf.Dictionary):
            destination = destination.get("/D")
        if isinstance(destination, pikepdf.Array) and len(destination) > 0:
            first = destination[0]
            if isinstance(first, pikepdf.Dictionary):
                index = pages.get(first.objgen)
                return None if index is None else {"page": index}
            if isinstance(first, int) and first >= 0:
                return {"page": int(first)}
        return None

    def target_of(node):
        if "/Dest" in node:
            return page_of(node.Dest)
        action = node.get("/A")
        if not isinstance(action, pikepdf.Dictionary):
            return None
        kind = action.get("/S")
        if kind == "/GoTo":
            return page_of(action.get("/D"))
        if kind == "/URI":
            return {"uri": bytes(action.get("/URI", b"")).decode("utf-8", "replace")}
        if kind == "/GoToR":
            spec = action.get("/F")
            if isinstance(spec, pikepdf.Dictionary):
                spec = spec.get("/UF", spec.get("/F"))
            return {"remote": text_of(spec) if isinstance(spec, pikepdf.String) else ""}
        return None

    items, seen = [], set()

    def walk(node, level):
        while isinstance(node, pikepdf.Dictionary) and node.objgen not in seen and len(items) < 100000:
            seen.add(node.objgen)
            title = node.get("/Title")
            items.append({"title": text_of(title) if isinstance(title, pikepdf.String) else "",
                          "level": level, "target": target_of(node)})
            if level + 1 < 64:
                walk(node.get("/First"), level + 1)
            node = node.get("/Next")

    root = pdf.Root.get("/Outlines")
    if isinstance(root, pikepdf.Dictionary):
        walk(root.get("/First"), 0)
    return items


def examine(path):
    result = {
        "file": path, "ok": False, "error": None, "encrypted": False,
        "needs_password": False, "pages": None, "info": {}, "xmp": None, "outline": None,
    }
    errors = []

    def attempt(key, reader):
        try:
            result[key] = reader()
        except Exception as error:  # noqa: BLE001 - one bad file must not stop the run
            errors.append(describe_error(error))

    try:
        with pikepdf.open(path, password="") as pdf:
            result["encrypted"] = bool(pdf.is_encrypted)
            attempt("pages", lambda: len(pdf.pages))
            attempt("info", lambda: read_info(pdf))
            required_ok = not errors
            attempt("xmp", lambda: read_xmp(pdf))
            attempt("outline", lambda: read_outline(pdf))
            result["ok"] = required_ok
    except pikepdf.PasswordError as error:
        result["encrypted"] = True
        result["needs_password"] = True
        errors.append(describe_error(error))
    except Exception as error:  # noqa: BLE001
        errors.append(describe_error(error))
    result["error"] = errors[0] if errors else None
    return result


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python3 scripts/pdf_oracle.py FILE...", file=sys.stderr)
        return 64
    for path in paths:
        print(json.dumps(examine(path), ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
