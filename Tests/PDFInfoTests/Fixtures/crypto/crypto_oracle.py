#!/usr/bin/env python3
"""Ground truth for CryptoCorpusTests: what qpdf/pikepdf decrypt, beside the raw file bytes.

usage: crypto_oracle.py FILE [PASSWORD_HEX]

Prints one JSON object:
  opened, error                  pikepdf.open with the password (bytes, hex-encoded; default empty)
  user_matched, owner_matched    which password pikepdf says matched
  encrypt                        the /Encrypt dictionary (qpdf never decrypts its strings)
  id0                            trailer /ID[0] as hex ("" when absent)
  strings                        [{obj, gen, raw, plain}]: every string of every uncompressed
                                 object; raw = the bytes in the file (literal or hex syntax
                                 decoded, still encrypted), plain = pikepdf's decrypted value
  streams                        [{obj, gen, raw, plain, metadata, crypt_filter}]: raw = the
                                 /Length bytes after 'stream' in the file, plain = pikepdf's
                                 read_raw_bytes() (decrypted, filters not decoded)

How raw bytes are found: `qpdf --show-xref` gives each uncompressed object's offset (tried from
byte 0 and from the %PDF- header, for files with leading junk); a small tokenizer here parses
the object at that offset, and the result is walked in step with pikepdf's view of the same
object. Skipped, because the standard leaves them unencrypted: the /Encrypt dictionary, xref
streams (/Type /XRef), and /Contents of signature dictionaries (ISO 32000-2 §7.6.2).
"""
import json
import re
import subprocess
import sys

import pikepdf

WHITESPACE = b"\x00\t\n\x0c\r "
DELIMITERS = b"()<>[]{}/%"


class Parser:
    def __init__(self, data, pos):
        self.data, self.pos = data, pos

    def skip(self):
        d = self.data
        while self.pos < len(d):
            c = d[self.pos]
            if c in WHITESPACE:
                self.pos += 1
            elif c == 0x25:  # %
                while self.pos < len(d) and d[self.pos] not in b"\r\n":
                    self.pos += 1
            else:
                return

    def regular(self):
        start = self.pos
        while self.pos < len(self.data) and self.data[self.pos] not in WHITESPACE + DELIMITERS:
            self.pos += 1
        return self.data[start:self.pos]

    def literal(self):
        d, out, depth = self.data, bytearray(), 1
        self.pos += 1
        while True:
            c = d[self.pos]
            self.pos += 1
            if c == 0x5C:  # backslash
                e = d[self.pos]
                self.pos += 1
                simple = {0x6E: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12, 0x28: 0x28, 0x29: 0x29, 0x5C: 0x5C}
                if e in simple:
                    out.append(simple[e])
                elif 0x30 <= e <= 0x37:
                    digits = bytes([e])
                    while len(digits) < 3 and 0x30 <= d[self.pos] <= 0x37:
                        digits += bytes([d[self.pos]])
                        self.pos += 1
                    out.append(int(digits, 8) & 0xFF)
                elif e == 0x0D:
                    if d[self.pos] == 0x0A:
                        self.pos += 1
                elif e != 0x0A:
                    out.append(e)
            elif c == 0x28:
                depth += 1
                out.append(c)
            elif c == 0x29:
                depth -= 1
                if depth == 0:
                    return bytes(out)
                out.append(c)
            elif c == 0x0D:  # an end-of-line in a literal string reads as \n
                if d[self.pos] == 0x0A:
                    self.pos += 1
                out.append(0x0A)
            else:
                out.append(c)

    def value(self):
        self.skip()
        d = self.data
        c = d[self.pos]
        if c == 0x28:
            return ("str", self.literal())
        if d.startswith(b"<<", self.pos):
            self.pos += 2
            items = {}
            while True:
                self.skip()
                if d.startswith(b">>", self.pos):
                    self.pos += 2
                    return ("dict", items)
                self.pos += 1  # '/'
                key = "/" + self.regular().decode("latin-1")
                items[key] = self.value()
        if c == 0x3C:
            end = d.index(b">", self.pos)
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", d[self.pos + 1:end])
            self.pos = end + 1
            if len(digits) % 2:
                digits += b"0"
            return ("str", bytes.fromhex(digits.decode()))
        if c == 0x5B:
            self.pos += 1
            items = []
            while True:
                self.skip()
                if d[self.pos] == 0x5D:
                    self.pos += 1
                    return ("array", self.fold_refs(items))
                items.append(self.value())
        if c == 0x2F:
            self.pos += 1
            return ("name", self.regular())
        token = self.regular()
        if not token:
            raise ValueError("unexpected byte %r at %d" % (bytes([c]), self.pos))
        # n g R as a value of a dictionary entry
        save = self.pos
        if re.fullmatch(rb"\d+", token):
            self.skip()
            gen = self.regular()
            self.skip()
            if re.fullmatch(rb"\d+", gen) and self.regular() == b"R":
                return ("ref", None)
            self.pos = save
        return ("other", token)

    @staticmethod
    def fold_refs(items):
        out, i = [], 0
        while i < len(items):
            if (i + 2 < len(items) and items[i + 2] == ("other", b"R")
                    and items[i][0] == "other" and items[i + 1][0] == "other"):
                out.append(("ref", None))
                i += 3
            else:
                out.append(items[i])
                i += 1
        return out


def to_json(obj, depth=0):
    """The /Encrypt dictionary as typed JSON that the Swift test turns back into PDFObjects."""
    if isinstance(obj, pikepdf.Dictionary):
        return {"dict": [[k[1:], to_json(v, depth + 1)] for k, v in obj.items()]}
    if isinstance(obj, pikepdf.Array):
        return {"array": [to_json(v, depth + 1) for v in obj]}
    if isinstance(obj, pikepdf.Name):
        return {"name": str(obj)[1:]}
    if isinstance(obj, pikepdf.String):
        return {"string": bytes(obj).hex()}
    if isinstance(obj, bool):
        return {"bool": obj}
    if isinstance(obj, int):
        return {"int": obj}
    if isinstance(obj, float) or type(obj).__name__ == "Decimal":
        return {"real": float(obj)}
    return {"null": True}


def collect_strings(raw, live, out, path_is_sig_contents=False):
    kind, value = raw
    if kind == "str":
        if isinstance(live, pikepdf.String) and not path_is_sig_contents:
            out.append((value, bytes(live)))
    elif kind == "dict" and isinstance(live, pikepdf.Dictionary):
        is_sig = live.get("/Type") in (pikepdf.Name.Sig, pikepdf.Name.DocTimeStamp) or "/ByteRange" in live
        for key, sub in value.items():
            if key in live:
                collect_strings(sub, live[key], out, is_sig and key == "/Contents")
    elif kind == "array" and isinstance(live, pikepdf.Array) and len(value) == len(live):
        for sub, item in zip(value, live):
            collect_strings(sub, item, out)


def main():
    path = sys.argv[1]
    password = bytes.fromhex(sys.argv[2]) if len(sys.argv) > 2 else b""
    result = {"file": path, "opened": False, "error": None, "strings": [], "streams": []}
    try:
        pdf = pikepdf.open(path, password=password)
    except pikepdf.PasswordError as error:
        result["error"] = "password: %s" % error
        print(json.dumps(result))
        return
    result["opened"] = True
    result["user_matched"] = pdf.user_password_matched
    result["owner_matched"] = pdf.owner_password_matched
    trailer = pdf.trailer
    encrypt = trailer.get("/Encrypt")
    result["encrypt"] = to_json(encrypt) if encrypt is not None else None
    ids = trailer.get("/ID")
    result["id0"] = bytes(ids[0]).hex() if isinstance(ids, pikepdf.Array) and len(ids) > 0 else ""
    encrypt_og = encrypt.objgen if encrypt is not None and encrypt.is_indirect else None
    metadata = pdf.Root.get("/Metadata")
    metadata_og = metadata.objgen if metadata is not None and metadata.is_indirect else None
    eff = str(encrypt.get("/EFF"))[1:] if encrypt is not None and "/EFF" in encrypt else None

    data = open(path, "rb").read()
    header = max(data.find(b"%PDF-"), 0)
    xref = subprocess.run([b"qpdf", b"--password=" + password, b"--show-xref", path.encode()],
                          capture_output=True).stdout.decode("latin-1")
    for match in re.finditer(r"^(\d+)/(\d+): uncompressed; offset = (\d+)$", xref, re.M):
        number, gen, offset = (int(g) for g in match.groups())
        if (number, gen) == encrypt_og:
            continue
        heading = re.compile(rb"\s*%d\s+%d\s+obj\b" % (number, gen))
        for base in (offset, offset + header):
            found = heading.match(data, base)
            if found:
                break
        else:
            continue
        try:
            parser = Parser(data, found.end())
            raw = parser.value()
            live = pdf.get_object(number, gen)
        except Exception:
            continue
        if isinstance(live, pikepdf.Stream):
            if live.get("/Type") == pikepdf.Name.XRef:
                continue
            parser.skip()
            if not data.startswith(b"stream", parser.pos):
                continue
            start = parser.pos + 6
            start += 2 if data.startswith(b"\r\n", start) else 1
            length = int(live.get("/Length", 0))
            filters = live.get("/Filter")
            filters = list(filters) if isinstance(filters, pikepdf.Array) else [filters] if filters is not None else []
            crypt_filter = None
            if pikepdf.Name.Crypt in filters:
                parms = live.get("/DecodeParms")
                index = filters.index(pikepdf.Name.Crypt)
                if isinstance(parms, pikepdf.Array):
                    parms = parms[index] if index < len(parms) else None
                crypt_filter = str(parms.get("/Name", "/Identity"))[1:] if isinstance(parms, pikepdf.Dictionary) else "Identity"
            elif live.get("/Type") == pikepdf.Name.EmbeddedFile and eff is not None:
                crypt_filter = eff
            result["streams"].append({
                "obj": number, "gen": gen,
                "raw": data[start:start + length].hex(),
                "plain": live.read_raw_bytes().hex(),
                "metadata": (number, gen) == metadata_og,
                "crypt_filter": crypt_filter,
            })
            live = live.stream_dict
            raw_dict = raw
        else:
            raw_dict = raw
        pairs = []
        collect_strings(raw_dict, live, pairs)
        for raw_bytes, plain in pairs:
            result["strings"].append({"obj": number, "gen": gen, "raw": raw_bytes.hex(), "plain": plain.hex()})
    print(json.dumps(result))


if __name__ == "__main__":
    main()
