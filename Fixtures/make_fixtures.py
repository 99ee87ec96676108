#!/usr/bin/env python3
"""Rebuild the pdfbind test fixtures in the folder this script lives in.

    python3 Fixtures/make_fixtures.py            # rebuild everything, then verify
    python3 Fixtures/make_fixtures.py --verify   # only verify what is there

Needs qpdf (11.x), ghostscript, openssl, Python pikepdf and pyHanko; pdfsig (poppler) is
used by the verification pass when present. Every fixture is written by one function below,
whose docstring says what it exercises; MANIFEST.tsv is written from the FIXTURES table.

Output is byte-for-byte reproducible. The one source of randomness is qpdf's AES-256 (R6)
file key and salts: a rebuild reuses the key of the R6 fixtures already here (see encrypt()),
so only a fresh build (or a deleted R6 file) gets new ones.
"""

from __future__ import annotations

import datetime
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

os.environ["TZ"] = "UTC"  # pyHanko formats dates in the local zone
os.environ["SOURCE_DATE_EPOCH"] = "1700000000"  # ghostscript: fixed dates and /ID

import pikepdf  # noqa: E402
from pikepdf import Array, Dictionary, Name, String  # noqa: E402

HERE = Path(__file__).resolve().parent
SIGNING = HERE / "signing"
FIXED_TIME = datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)  # /ModDate

USER, OWNER = "user", "owner"

# Producer labels for MANIFEST.tsv.
PIKEPDF = "pikepdf 10.17"
QPDF = "qpdf 11.3"
PYHANKO = "pyHanko 0.38"
BY_HAND = "make_fixtures.py by hand"


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result


def fixed_id(name: str) -> bytes:
    """A stable 16-byte document ID derived from the fixture name."""
    return hashlib.md5(name.encode()).digest()


def text_page(pdf: pikepdf.Pdf, text: str, font: pikepdf.Object) -> None:
    """Append a US Letter page that shows `text` in Helvetica."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    content = f"BT /F1 24 Tf 72 720 Td ({escaped}) Tj ET\n".encode()
    pdf.pages.append(
        pikepdf.Page(
            Dictionary(
                Type=Name.Page,
                MediaBox=Array([0, 0, 612, 792]),
                Resources=Dictionary(Font=Dictionary(F1=font)),
                Contents=pdf.make_stream(content),
            )
        )
    )


def new_pdf(name: str, pages: int = 1) -> pikepdf.Pdf:
    """A small pikepdf document whose pages name the fixture."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(
        Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
    )
    for number in range(1, pages + 1):
        suffix = f" - page {number}" if pages > 1 else ""
        text_page(pdf, f"pdfbind fixture {name}{suffix}", font)
    return pdf


def save(pdf: pikepdf.Pdf, name: str, **options) -> Path:
    path = HERE / name
    pdf.save(path, deterministic_id=True, **options)
    return path


def viewer_preferences(pdf: pikepdf.Pdf, **entries) -> None:
    pdf.Root.ViewerPreferences = Dictionary(**entries)


def qpdf_from(pdf: pikepdf.Pdf, name: str, *qpdf_args: str) -> Path:
    """Save `pdf` to a temporary file, then let the qpdf CLI write fixture `name` from it."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source.pdf"
        pdf.save(source, deterministic_id=True)
        run("qpdf", *qpdf_args, str(source), str(HERE / name))
    return HERE / name


class Builder:
    """Writes a PDF by hand, one line at a time, remembering where each object starts.

    Used only for structures no producer writes (CRLF lines, no /ID, a catalog of
    generation 1, a hybrid-reference file, a damaged table). Offsets are computed, never typed.
    """

    def __init__(self, version: str = "1.4", eol: bytes = b"\n"):
        self.eol = eol
        self.data = bytearray()
        self.offsets: dict[int, tuple[int, int]] = {}  # number -> (offset, generation)
        self.line(f"%PDF-{version}")
        self.line(b"%\xe2\xe3\xcf\xd3")

    def line(self, text: str | bytes) -> None:
        self.data += (text.encode("latin-1") if isinstance(text, str) else text) + self.eol

    def obj(self, number: int, body: str, generation: int = 0) -> None:
        self.offsets[number] = (len(self.data), generation)
        self.line(f"{number} {generation} obj")
        for text in body.split("\n"):
            self.line(text)
        self.line("endobj")

    def stream(self, number: int, entries: str, payload: bytes, generation: int = 0) -> None:
        self.offsets[number] = (len(self.data), generation)
        self.line(f"{number} {generation} obj")
        self.line(f"<< {entries} /Length {len(payload)} >>".replace("<<  /", "<< /"))
        self.line("stream")
        self.data += payload + self.eol
        self.line("endstream")
        self.line("endobj")

    def text_content(self, text: str) -> bytes:
        """A page content stream, one operator a line, with this file's line ending."""
        return self.eol.join(
            [b"BT", b"/F1 24 Tf", b"72 720 Td", f"({text}) Tj".encode(), b"ET"]
        )

    def simple_page_objects(self, text: str, pages=2, page=3, content=4, font=5) -> None:
        """The page tree of a one-page document (everything but the catalog)."""
        self.obj(pages, f"<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>")
        self.obj(
            page,
            f"<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 612 792]\n"
            f"   /Resources << /Font << /F1 {font} 0 R >> >> /Contents {content} 0 R >>",
        )
        self.stream(content, "", self.text_content(text))
        self.obj(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")

    def entry(self, offset: int, generation: int, kind: str) -> bytes:
        """One 20-byte table entry: `nnnnnnnnnn ggggg n` and a two-byte end of line."""
        tail = b"\r\n" if self.eol == b"\r\n" else b" \n"
        return f"{offset:010d} {generation:05d} {kind}".encode() + tail

    def xref_table(self, size: int, trailer: str, shift: int = 0) -> int:
        """A table covering 0..size-1 (absent numbers free), trailer, startxref, %%EOF.

        `shift` is added to every in-use offset (only the damaged fixture uses it).
        """
        start = len(self.data)
        self.line("xref")
        self.line(f"0 {size}")
        free = [n for n in range(1, size) if n not in self.offsets]
        self.data += self.entry(free[0] if free else 0, 65535, "f")
        for number in range(1, size):
            if number in self.offsets:
                offset, generation = self.offsets[number]
                self.data += self.entry(offset + shift, generation, "n")
            else:
                later = [n for n in free if n > number]
                self.data += self.entry(later[0] if later else 0, 0, "f")
        self.line("trailer")
        self.line(f"<< {trailer} >>")
        self.finish(start)
        return start

    def finish(self, xref_offset: int) -> None:
        self.line("startxref")
        self.line(str(xref_offset))
        self.data += b"%%EOF" + self.eol

    def write(self, name: str) -> Path:
        (HERE / name).write_bytes(bytes(self.data))
        return HERE / name


def id_entry(name: str) -> str:
    hex_id = fixed_id(name).hex().upper()
    return f"/ID [<{hex_id}> <{hex_id}>]"


# --------------------------------------------------------------------------------------------
# Plain documents (pikepdf)
# --------------------------------------------------------------------------------------------


def unknown():
    """No /ViewerPreferences at all: the most common case."""
    save(new_pdf("unknown.pdf"), "unknown.pdf")


def left_edge():
    """/ViewerPreferences << /Direction /L2R >> as a direct dictionary."""
    pdf = new_pdf("left-edge.pdf")
    viewer_preferences(pdf, Direction=Name.L2R)
    save(pdf, "left-edge.pdf")


def right_edge():
    """/Direction /R2L, next to a /Lang string the update must carry over."""
    pdf = new_pdf("right-edge.pdf")
    viewer_preferences(pdf, Direction=Name.R2L)
    pdf.Root.Lang = String("ar")
    save(pdf, "right-edge.pdf")


def lowercase_r2l():
    """/Direction /r2l: names are case-sensitive, so this is not right-to-left."""
    pdf = new_pdf("lowercase-r2l.pdf")
    viewer_preferences(pdf, Direction=Name("/r2l"))
    save(pdf, "lowercase-r2l.pdf")


def string_direction():
    """/Direction (R2L): a string, not a name."""
    pdf = new_pdf("string-direction.pdf")
    viewer_preferences(pdf, Direction=String("R2L"))
    save(pdf, "string-direction.pdf")


def number_direction():
    """/Direction 1: a number."""
    pdf = new_pdf("number-direction.pdf")
    viewer_preferences(pdf, Direction=1)
    save(pdf, "number-direction.pdf")


def indirect_viewer_preferences():
    """/ViewerPreferences is an indirect object with other keys to keep beside /Direction."""
    pdf = new_pdf("indirect-viewer-preferences.pdf")
    pdf.Root.ViewerPreferences = pdf.make_indirect(
        Dictionary(HideToolbar=True, DisplayDocTitle=True, Direction=Name.R2L)
    )
    pdf.docinfo["/Title"] = "Indirect viewer preferences"
    save(pdf, "indirect-viewer-preferences.pdf")


def object_streams():
    """Cross-reference stream; the catalog is compressed inside an object stream."""
    pdf = new_pdf("object-streams.pdf")
    viewer_preferences(pdf, Direction=Name.L2R)
    qpdf_from(pdf, "object-streams.pdf", "--object-streams=generate", "--deterministic-id")


def linearized():
    """A linearized (fast web view) two-page file: first-page section, hint stream."""
    qpdf_from(new_pdf("linearized.pdf", pages=2), "linearized.pdf", "--linearize",
              "--deterministic-id")


def no_eol_after_eof():
    """The file ends with the bytes %%EOF and no end-of-line after them."""
    path = save(new_pdf("no-eol-after-eof.pdf"), "no-eol-after-eof.pdf")
    data = path.read_bytes()
    assert data.endswith(b"%%EOF\n")
    path.write_bytes(data[:-1])


def ghostscript():
    """Written by ghostscript's pdfwrite from a small PostScript program (/Info, XMP)."""
    program = (
        "%!PS\n"
        "/Helvetica findfont 24 scalefont setfont\n"
        "72 720 moveto (pdfbind fixture ghostscript.pdf) show\n"
        "showpage\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        # Relative names only: pdfwrite hashes the output name into the /ID.
        (Path(tmp) / "ghostscript.ps").write_text(program)
        run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
            "-sOutputFile=ghostscript.pdf", "ghostscript.ps", cwd=Path(tmp))
        shutil.copyfile(Path(tmp) / "ghostscript.pdf", HERE / "ghostscript.pdf")


# --------------------------------------------------------------------------------------------
# Structures no producer writes (assembled by hand, offsets computed)
# --------------------------------------------------------------------------------------------


def crlf():
    """Every line ends in CR LF, table entries too ("0000000015 00000 n\\r\\n")."""
    b = Builder(eol=b"\r\n")
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R\n   /ViewerPreferences << /Direction /R2L >> >>")
    b.simple_page_objects("pdfbind fixture crlf.pdf")
    b.xref_table(6, f"/Size 6 /Root 1 0 R {id_entry('crlf.pdf')}")
    b.write("crlf.pdf")


def no_id():
    """A trailer without /ID (allowed for unencrypted files before PDF 2.0)."""
    b = Builder()
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
    b.simple_page_objects("pdfbind fixture no-id.pdf")
    b.xref_table(6, "/Size 6 /Root 1 0 R")
    b.write("no-id.pdf")


def catalog_generation():
    """The catalog is object 1 generation 1 (1 1 obj, table entry 00001, /Root 1 1 R)."""
    b = Builder()
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R >>", generation=1)
    b.simple_page_objects("pdfbind fixture catalog-generation.pdf")
    b.xref_table(6, f"/Size 6 /Root 1 1 R {id_entry('catalog-generation.pdf')}")
    b.write("catalog-generation.pdf")


def hybrid():
    """A hybrid-reference file laid out as ISO 32000-1 §7.5.8.4's example.

    The main table lists the page objects and marks the catalog (1), the object stream (6) and
    the cross-reference stream (7) free; an update section then has an empty table whose
    trailer has /Prev and /XRefStm, and that stream puts the catalog in object stream 6.
    """
    name = "hybrid.pdf"
    b = Builder(version="1.5")
    b.simple_page_objects("pdfbind fixture hybrid.pdf")
    # Main section: objects 1, 6 and 7 are hidden from PDF 1.4 readers (free, generation 65535).
    main = len(b.data)
    b.line("xref")
    b.line("0 8")
    b.data += b.entry(1, 65535, "f") + b.entry(6, 65535, "f")
    for number in range(2, 6):
        b.data += b.entry(b.offsets[number][0], 0, "n")
    b.data += b.entry(7, 65535, "f") + b.entry(0, 65535, "f")
    b.line("trailer")
    b.line(f"<< /Size 8 /Root 1 0 R {id_entry(name)} >>")
    b.finish(main)
    # Update: the object stream holding the catalog, the cross-reference stream, an empty table.
    catalog = b"<< /Type /Catalog /Pages 2 0 R >>"
    index = b"1 0 "
    b.stream(6, f"/Type /ObjStm /N 1 /First {len(index)} /Filter /FlateDecode",
             zlib.compress(index + catalog, 9))
    stream_offset = len(b.data)
    rows = [bytes([2]) + (6).to_bytes(2, "big") + bytes([0]),  # 1: object stream 6, index 0
            bytes([1]) + b.offsets[6][0].to_bytes(2, "big") + bytes([0]),  # 6
            bytes([1]) + stream_offset.to_bytes(2, "big") + bytes([0])]  # 7: this stream
    b.stream(7, "/Type /XRef /Size 8 /W [1 2 1] /Index [1 1 6 2] /Filter /FlateDecode",
             zlib.compress(b"".join(rows), 9))
    update = len(b.data)
    b.line("xref")
    b.line("0 0")
    b.line("trailer")
    b.line(f"<< /Size 8 /Root 1 0 R {id_entry(name)} /Prev {main} /XRefStm {stream_offset} >>")
    b.finish(update)
    b.write(name)


def damaged_xref():
    """Every table offset is 5 bytes too large: qpdf must reconstruct the cross-references.

    The catalog itself is intact and says /Direction /R2L.
    """
    b = Builder()
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R\n   /ViewerPreferences << /Direction /R2L >> >>")
    b.simple_page_objects("pdfbind fixture damaged-xref.pdf")
    b.xref_table(6, f"/Size 6 /Root 1 0 R {id_entry('damaged-xref.pdf')}", shift=5)
    b.write("damaged-xref.pdf")


# --------------------------------------------------------------------------------------------
# Incremental updates and signatures (pyHanko)
# --------------------------------------------------------------------------------------------


def frozen_pyhanko_clock(moment: datetime.datetime) -> None:
    """Pin the clock pyHanko reads for /ModDate, the signature's /M and the CMS signing time,
    so its output is reproducible. (Only pyHanko's modules see the fixed clock.)"""

    class FixedDatetime(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return moment.astimezone(tz) if tz else moment.replace(tzinfo=None)

    import pyhanko.pdf_utils.metadata.info as info
    import pyhanko.sign.signers.pdf_cms as pdf_cms
    import pyhanko.sign.signers.pdf_signer as pdf_signer

    for module in (info, pdf_cms, pdf_signer):
        module.datetime = FixedDatetime


def incremental_writer(data: bytes, exact_size: bool = False):
    """pyHanko's IncrementalPdfFileWriter, with the second /ID element derived from the
    input instead of random bytes.

    pyHanko 0.38 numbers its first new object /Size + 1 and writes /Size one larger than
    needed: object number /Size stays unlisted (qpdf accepts that) and an update without new
    objects ends with a /Size qpdf --check warns about. `exact_size` undoes that off-by-one.
    """
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    class Writer(IncrementalPdfFileWriter):
        @classmethod
        def _handle_id(cls, prev):
            first = prev.trailer["/ID"][0]
            return generic.ArrayObject(
                [first, generic.ByteStringObject(hashlib.md5(data).digest())]
            )

    writer = Writer(io.BytesIO(data))
    if exact_size:
        writer._lastobj_id -= 1
    return writer


def several_updates():
    """An original and two incremental updates (each retitles /Info): three sections, /Prev
    chain, all classic tables."""
    from pyhanko.pdf_utils import generic

    frozen_pyhanko_clock(FIXED_TIME)
    pdf = new_pdf("several-updates.pdf")
    pdf.docinfo["/Title"] = "Revision 1"
    buffer = io.BytesIO()
    # PDF 1.7 up front, so pyHanko has no reason to add /Version to the catalog.
    pdf.save(buffer, deterministic_id=True, min_version="1.7")
    data = buffer.getvalue()
    for title in ("Revision 2", "Revision 3"):
        writer = incremental_writer(data, exact_size=True)
        info = writer.trailer.raw_get("/Info")
        info.get_object()["/Title"] = generic.TextStringObject(title)
        writer.mark_update(info)
        out = io.BytesIO()
        writer.write(out)
        data = out.getvalue()
    (HERE / "several-updates.pdf").write_bytes(data)


def signing_material() -> tuple[Path, Path]:
    """The committed self-signed RSA-2048 test certificate (made with openssl if missing)."""
    key, cert = SIGNING / "key.pem", SIGNING / "cert.pem"
    if not (key.exists() and cert.exists()):
        SIGNING.mkdir(exist_ok=True)
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256",
            "-days", "36500", "-subj", "/CN=pdfbind test signer/O=pdfbind fixtures",
            "-addext", "keyUsage=critical,digitalSignature,nonRepudiation",
            "-keyout", str(key), "-out", str(cert))
    return key, cert


def sign(data: bytes, field: str, certify: bool = False) -> bytes:
    """Append one signature (a new invisible field `field`) as an incremental update."""
    from cryptography import x509
    from pyhanko.sign import fields, signers

    key, cert = signing_material()
    # Sign a minute after the certificate's notBefore (openssl req -x509 starts it "now"), so
    # the signing time is inside its validity and fixed for as long as the certificate is.
    with open(cert, "rb") as handle:
        certificate = x509.load_pem_x509_certificate(handle.read())
    frozen_pyhanko_clock(certificate.not_valid_before_utc + datetime.timedelta(minutes=1))
    signer = signers.SimpleSigner.load(str(key), str(cert))
    meta = signers.PdfSignatureMetadata(
        field_name=field,
        md_algorithm="sha256",
        certify=certify,
        docmdp_permissions=fields.MDPPerm.FILL_FORMS,
    )
    out = signers.sign_pdf(incremental_writer(data), meta, signer=signer)
    return out.getvalue()


def signing_base(name: str) -> bytes:
    pdf = new_pdf(name)
    pdf.docinfo["/Title"] = f"Signed fixture {name}"
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True, min_version="1.7")
    return buffer.getvalue()


def signed():
    """One approval signature (field Signature1) appended by pyHanko."""
    (HERE / "signed.pdf").write_bytes(sign(signing_base("signed.pdf"), "Signature1"))


def signed_twice():
    """Two approval signatures, the second in its own incremental update."""
    data = sign(signing_base("signed-twice.pdf"), "Signature1")
    (HERE / "signed-twice.pdf").write_bytes(sign(data, "Signature2"))


def certified():
    """A certification signature: /Perms /DocMDP in the catalog, permission level 2."""
    data = sign(signing_base("certified.pdf"), "Signature1", certify=True)
    (HERE / "certified.pdf").write_bytes(data)


# --------------------------------------------------------------------------------------------
# Encrypted documents (qpdf --encrypt)
# --------------------------------------------------------------------------------------------


def encryption_base(name: str, direction: str | None = None) -> pikepdf.Pdf:
    """Catalog /Lang and /PageLabels /P strings and an /Info /Title: strings to encrypt."""
    pdf = new_pdf(name)
    pdf.Root.Lang = String("he")
    pdf.Root.PageLabels = Dictionary(
        Nums=Array([0, Dictionary(S=Name.D, P=String("Page "))])
    )
    pdf.docinfo["/Title"] = f"Encrypted fixture {name}"
    if direction:
        viewer_preferences(pdf, Direction=Name(direction))
    return pdf


def encryption_parameters(path: Path, user: str) -> tuple | None:
    """R, V, P, key length and methods of an encrypted file, or None if it does not open
    with both passwords."""
    try:
        with pikepdf.open(path, password=user):
            pass
        with pikepdf.open(path, password=OWNER) as pdf:
            e = pdf.encryption
            return (e.R, e.V, e.P, e.bits, e.stream_method, e.string_method, e.file_method)
    except pikepdf.PdfError:
        return None


def encrypt(name: str, encrypt_args: list[str], direction: str | None = None,
            extra: tuple[str, ...] = ()) -> None:
    """qpdf --encrypt; encrypt_args start with the user and owner passwords.

    --deterministic-id cannot be combined with encryption, so --static-id and --static-aes-iv
    (qpdf's options for reproducible output) stand in. AES-256 (R6) also draws a random file
    key and salts; so that a rebuild does not churn the committed file, an existing fixture
    with the same parameters and passwords lends its key (qpdf --copy-encryption).
    """
    source_pdf = encryption_base(name, direction)
    target = HERE / name
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.pdf"
        source = Path(tmp) / "source.pdf"
        source_pdf.save(source, deterministic_id=True)
        common = ("--static-id", "--static-aes-iv", *extra)
        run("qpdf", *common, "--allow-weak-crypto", str(source), str(fresh),
            "--encrypt", *encrypt_args, "--")
        user = encrypt_args[0]
        wanted = encryption_parameters(fresh, user)
        if target.exists() and encryption_parameters(target, user) == wanted:
            previous = Path(tmp) / "previous.pdf"
            shutil.copyfile(target, previous)
            run("qpdf", *common, f"--copy-encryption={previous}",
                f"--encryption-file-password={OWNER}", str(source), str(fresh))
            if encryption_parameters(fresh, user) != wanted:
                sys.exit(f"{name}: copying the previous encryption changed its parameters")
        shutil.copyfile(fresh, target)


def encrypted_rc4_40():
    """Standard security handler R2, RC4 with a 40-bit key."""
    encrypt("encrypted-rc4-40.pdf", [USER, OWNER, "40"])


def encrypted_rc4_128():
    """R3, RC4 with a 128-bit key."""
    encrypt("encrypted-rc4-128.pdf", [USER, OWNER, "128", "--use-aes=n"])


def encrypted_aes_128():
    """R4, AES-128 (crypt filter /AESV2)."""
    encrypt("encrypted-aes-128.pdf", [USER, OWNER, "128", "--use-aes=y"])


def encrypted_aes_256():
    """R6, AES-256 (crypt filter /AESV3)."""
    encrypt("encrypted-aes-256.pdf", [USER, OWNER, "256"])


def encrypted_aes_256_r2l():
    """R6, AES-256, with /Direction /R2L already set."""
    encrypt("encrypted-aes-256-r2l.pdf", [USER, OWNER, "256"], direction="/R2L")


def encrypted_empty_user():
    """R6 with an empty user password: opens without a password, full permissions."""
    encrypt("encrypted-empty-user.pdf", ["", OWNER, "256"])


def encrypted_no_modify():
    """AES-256, empty user password, --modify=none: changes need the owner password."""
    encrypt("encrypted-no-modify.pdf", ["", OWNER, "256", "--modify=none"])


def aes_encrypt(file_key: bytes, number: int, data: bytes) -> bytes:
    """ISO 32000-1 §7.6.2 algorithm 1 for AESV2: the object key from the file key, the object
    number and generation 0 and "sAlT"; then IV + AES-128-CBC with PKCS#7 padding. The IV is
    derived from the object number so that the output is reproducible."""
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    key = hashlib.md5(file_key + number.to_bytes(3, "little") + b"\0\0" + b"sAlT").digest()
    iv = hashlib.md5(b"pdfbind fixture IV %d" % number).digest()
    padder = padding.PKCS7(128).padder()
    padded = padder.update(data) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return iv + encryptor.update(padded) + encryptor.finalize()


def encrypted_object_streams():
    """AES-128 (R4) with the catalog inside an encrypted object stream.

    qpdf --object-streams=generate keeps the catalog out of object streams when it encrypts, so
    qpdf only supplies the security handler here (its /Encrypt dictionary, /ID and file key
    for user/owner); the objects are assembled by hand in qpdf's layout, with objects 1
    (catalog), 2, 3, 5 and 6 (/Info) in object stream 7, a cross-reference stream 9.
    """
    name = "encrypted-object-streams.pdf"
    with tempfile.TemporaryDirectory() as tmp:
        handler = Path(tmp) / "handler.pdf"
        new_pdf(name).save(Path(tmp) / "source.pdf", deterministic_id=True)
        run("qpdf", "--static-id", "--static-aes-iv", str(Path(tmp) / "source.pdf"),
            str(handler), "--encrypt", USER, OWNER, "128", "--use-aes=y", "--")
        with pikepdf.open(handler, password=USER) as pdf:
            file_key = pdf.encryption.encryption_key
            encrypt_dict = pdf.trailer.Encrypt.unparse(resolved=True).decode("latin-1")
            ids = " ".join(f"<{bytes(part).hex()}>" for part in pdf.trailer.ID)
    compressed = {
        1: "<< /Type /Catalog /Pages 2 0 R /Lang (he)"
           " /PageLabels << /Nums [0 << /S /D /P (Page ) >>] >> >>",
        2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]"
           " /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        6: f"<< /Title (Encrypted fixture {name}) >>",
    }
    bodies, index = b"", []
    for number, body in compressed.items():
        index.append(f"{number} {len(bodies)}")
        bodies += body.encode() + b"\n"
    header = (" ".join(index) + "\n").encode()

    b = Builder(version="1.6")
    content = zlib.compress(b.text_content(f"pdfbind fixture {name}"), 9)
    b.stream(4, "/Filter /FlateDecode", aes_encrypt(file_key, 4, content))
    b.stream(7, f"/Type /ObjStm /N {len(compressed)} /First {len(header)} /Filter /FlateDecode",
             aes_encrypt(file_key, 7, zlib.compress(header + bodies, 9)))
    b.obj(8, encrypt_dict)
    xref_offset = len(b.data)
    rows = [bytes([0, 0, 0, 0xFF, 0xFF])]  # object 0: free, generation 65535
    for number in range(1, 10):
        if number in compressed:
            position = list(compressed).index(number)
            rows.append(bytes([2]) + (7).to_bytes(2, "big") + position.to_bytes(2, "big"))
        else:
            offset = xref_offset if number == 9 else b.offsets[number][0]
            rows.append(bytes([1]) + offset.to_bytes(2, "big") + bytes(2))
    # Cross-reference streams are never encrypted (§7.6.1).
    b.stream(9, f"/Type /XRef /Size 10 /W [1 2 2] /Root 1 0 R /Info 6 0 R /Encrypt 8 0 R"
                f" /ID [{ids}] /Filter /FlateDecode", zlib.compress(b"".join(rows), 9))
    b.finish(xref_offset)
    b.write(name)


# --------------------------------------------------------------------------------------------
# Exactness on real producers' quirks (issue 11)
# --------------------------------------------------------------------------------------------


def size_short_table():
    """The table defines object 7 (an /Info dictionary) but the trailer says /Size 6: the
    update's /Size must be 8, one more than the highest number any section defines."""
    name = "size-short-table.pdf"
    b = Builder()
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
    b.simple_page_objects(f"pdfbind fixture {name}")
    b.obj(7, f"<< /Title (Fixture {name}) >>")
    start = len(b.data)
    b.line("xref")
    b.line("0 8")
    b.data += b.entry(6, 65535, "f")
    for number in range(1, 6):
        b.data += b.entry(b.offsets[number][0], 0, "n")
    b.data += b.entry(0, 0, "f") + b.entry(b.offsets[7][0], 0, "n")
    b.line("trailer")
    b.line(f"<< /Size 6 /Root 1 0 R /Info 7 0 R {id_entry(name)} >>")
    b.finish(start)
    b.write(name)


def size_short_stream():
    """A cross-reference stream whose /Index covers objects 0 to 8 while its /Size says 6."""
    name = "size-short-stream.pdf"
    b = Builder(version="1.5")
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
    b.simple_page_objects(f"pdfbind fixture {name}")
    b.obj(7, f"<< /Title (Fixture {name}) >>")
    start = len(b.data)
    rows = [bytes([0, 0, 0, 0xFF])]
    for number in range(1, 9):
        if number == 6:
            rows.append(bytes([0, 0, 0, 0]))
        else:
            offset = start if number == 8 else b.offsets[number][0]
            rows.append(bytes([1]) + offset.to_bytes(2, "big") + bytes([0]))
    b.stream(8, f"/Type /XRef /Size 6 /Index [0 9] /W [1 2 1] /Root 1 0 R /Info 7 0 R"
                f" {id_entry(name)}", b"".join(rows))
    b.finish(start)
    b.write(name)


def dangling_info():
    """The trailer's /Info names object 9, which no section defines: the update carries the
    reference forward as written (qpdf reads it as null and would drop it)."""
    name = "dangling-info.pdf"
    b = Builder()
    b.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
    b.simple_page_objects(f"pdfbind fixture {name}")
    b.xref_table(6, f"/Size 6 /Root 1 0 R /Info 9 0 R {id_entry(name)}")
    b.write(name)


def fpdf2_bare_direction():
    """fpdf2 2.8.9 writes /ViewerPreferences << /Direction RTL >>: a bare word that qpdf reads
    as the string (RTL), with a warning about that one token."""
    from fpdf import FPDF, ViewerPreferences

    pdf = FPDF()
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title("pdfbind fixture fpdf2-bare-direction.pdf")
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.cell(text="pdfbind fixture fpdf2-bare-direction.pdf")
    pdf.viewer_preferences = ViewerPreferences(direction="RTL")
    pdf.output(str(HERE / "fpdf2-bare-direction.pdf"))


def reportlab_aes_256():
    """ReportLab's AES-256 (R5): /OE and /UE of 48 bytes and /Perms of 32, longer than the
    standard's 32 and 16; a catalog /Lang string the update must encrypt."""
    from reportlab import rl_config

    rl_config.invariant = 1  # ReportLab's fixed "random" bytes, dates and /ID
    from reportlab.lib import pdfencrypt
    from reportlab.pdfgen import canvas

    encryption = pdfencrypt.StandardEncryption(USER, OWNER, strength=256)
    page = canvas.Canvas(str(HERE / "reportlab-aes-256.pdf"), encrypt=encryption, invariant=1,
                         lang="ar")
    page.drawString(72, 720, "pdfbind fixture reportlab-aes-256.pdf")
    page.showPage()
    page.save()


def hybrid_single_section():
    """A hybrid-reference file in one section, as word processors write them: the table lists
    the uncompressed objects and leaves the others out; its own trailer's /XRefStm
    names a FlateDecode stream (PNG predictor) that puts the catalog and /Info in an object
    stream. No /Prev."""
    name = "hybrid-single-section.pdf"
    b = Builder(version="1.5")
    b.simple_page_objects(f"pdfbind fixture {name}")
    catalog = b"<< /Type /Catalog /Pages 2 0 R /Lang (he) >>"
    info = f"<< /Title (Fixture {name}) >>".encode()
    index = f"1 0 6 {len(catalog) + 1} ".encode()
    b.stream(7, f"/Type /ObjStm /N 2 /First {len(index)} /Filter /FlateDecode",
             zlib.compress(index + catalog + b"\n" + info, 9))
    stream_offset = len(b.data)
    rows = [bytes([2]) + (7).to_bytes(2, "big") + bytes([0]),  # 1: object stream 7, index 0
            bytes([2]) + (7).to_bytes(2, "big") + bytes([1]),  # 6: index 1
            bytes([1]) + b.offsets[7][0].to_bytes(2, "big") + bytes([0]),  # 7
            bytes([1]) + stream_offset.to_bytes(2, "big") + bytes([0])]  # 8: this stream
    # PNG "Up" predictor, one filter byte per row, as Acrobat and Word write them.
    previous, predicted = bytes(4), b""
    for row in rows:
        predicted += b"\x02" + bytes((a - c) % 256 for a, c in zip(row, previous))
        previous = row
    b.stream(8, "/Type /XRef /Size 9 /W [1 2 1] /Index [1 1 6 3] /Filter /FlateDecode"
                " /DecodeParms << /Columns 4 /Predictor 12 >>", zlib.compress(predicted, 9))
    main = len(b.data)
    b.line("xref")
    b.line("0 1")
    b.data += b.entry(0, 65535, "f")
    b.line("2 4")
    for number in range(2, 6):
        b.data += b.entry(b.offsets[number][0], 0, "n")
    b.line("trailer")
    b.line(f"<< /Size 9 /Root 1 0 R /Info 6 0 R {id_entry(name)} /XRefStm {stream_offset} >>")
    b.finish(main)
    b.write(name)


def damaged_encrypted():
    """AES-128 (R4) from qpdf with every table offset then moved 5 bytes too far: qpdf must
    reconstruct it (for set --repair, which must keep the encryption)."""
    name = "damaged-encrypted.pdf"
    with tempfile.TemporaryDirectory() as tmp:
        source, encrypted = Path(tmp) / "source.pdf", Path(tmp) / "encrypted.pdf"
        encryption_base(name, "/R2L").save(source, deterministic_id=True)
        run("qpdf", "--static-id", "--static-aes-iv", str(source), str(encrypted),
            "--encrypt", USER, OWNER, "128", "--use-aes=y", "--")
        data = encrypted.read_bytes()
    table = data.rindex(b"\nxref\n") + 1
    lines = data[table:].split(b"\n")
    for i, line in enumerate(lines):
        if len(line) == 19 and line.endswith(b" n ") and line[:10].isdigit():
            lines[i] = b"%010d" % (int(line[:10]) + 5) + line[10:]
    (HERE / name).write_bytes(data[:table] + b"\n".join(lines))


# --------------------------------------------------------------------------------------------
# The table: file, producer, binding, password, exercises, builder
# --------------------------------------------------------------------------------------------

FIXTURES = [
    ("unknown.pdf", PIKEPDF, "unknown", "-", "no /ViewerPreferences", unknown),
    ("left-edge.pdf", PIKEPDF, "left-edge", "-", "/Direction /L2R", left_edge),
    ("right-edge.pdf", PIKEPDF, "right-edge", "-", "/Direction /R2L beside /Lang (ar)",
     right_edge),
    ("lowercase-r2l.pdf", PIKEPDF, "unknown", "-", "/Direction /r2l (names are case-sensitive)",
     lowercase_r2l),
    ("string-direction.pdf", PIKEPDF, "unknown", "-", "/Direction (R2L) as a string",
     string_direction),
    ("number-direction.pdf", PIKEPDF, "unknown", "-", "/Direction 1 as a number",
     number_direction),
    ("indirect-viewer-preferences.pdf", PIKEPDF, "right-edge", "-",
     "indirect /ViewerPreferences with /HideToolbar /DisplayDocTitle and /Direction /R2L",
     indirect_viewer_preferences),
    ("object-streams.pdf", f"{QPDF} --object-streams=generate", "left-edge", "-",
     "xref stream; catalog in an object stream; /Direction /L2R", object_streams),
    ("hybrid.pdf", f"{BY_HAND} (ISO 32000-1 7.5.8.4 layout)", "unknown", "-",
     "hybrid-reference file: table trailer with /XRefStm; catalog in an object stream", hybrid),
    ("linearized.pdf", f"{QPDF} --linearize", "unknown", "-", "linearized, two pages",
     linearized),
    ("several-updates.pdf", f"{PYHANKO} (/Size off-by-one corrected)", "unknown", "-",
     "original plus two incremental updates (/Prev chain of three tables)", several_updates),
    ("catalog-generation.pdf", BY_HAND, "unknown", "-",
     "catalog is 1 1 obj (generation 1)", catalog_generation),
    ("no-eol-after-eof.pdf", f"{BY_HAND} from pikepdf 10.17 output", "unknown", "-",
     "file ends with %%EOF and no end-of-line", no_eol_after_eof),
    ("crlf.pdf", BY_HAND, "right-edge", "-",
     "CR LF line endings everywhere, including table entries", crlf),
    ("no-id.pdf", BY_HAND, "unknown", "-", "trailer without /ID", no_id),
    ("damaged-xref.pdf", BY_HAND, "right-edge", "-",
     "every table offset wrong; qpdf reconstructs; /Direction /R2L", damaged_xref),
    ("ghostscript.pdf", "ghostscript 10.0 pdfwrite", "unknown", "-",
     "real producer output (/Info, XMP metadata)", ghostscript),
    ("encrypted-rc4-40.pdf", f"{QPDF} --encrypt 40", "unknown", USER,
     "RC4 40-bit (R2); encrypted /Lang /PageLabels /Title strings", encrypted_rc4_40),
    ("encrypted-rc4-128.pdf", f"{QPDF} --encrypt 128 --use-aes=n", "unknown", USER,
     "RC4 128-bit (R3); encrypted catalog strings", encrypted_rc4_128),
    ("encrypted-aes-128.pdf", f"{QPDF} --encrypt 128 --use-aes=y", "unknown", USER,
     "AES-128 (R4); encrypted catalog strings", encrypted_aes_128),
    ("encrypted-aes-256.pdf", f"{QPDF} --encrypt 256", "unknown", USER,
     "AES-256 (R6); encrypted catalog strings", encrypted_aes_256),
    ("encrypted-aes-256-r2l.pdf", f"{QPDF} --encrypt 256", "right-edge", USER,
     "AES-256 (R6) with /Direction /R2L", encrypted_aes_256_r2l),
    ("encrypted-empty-user.pdf", f"{QPDF} --encrypt 256", "unknown", "-",
     "AES-256 (R6), empty user password, full permissions", encrypted_empty_user),
    ("encrypted-no-modify.pdf", f"{QPDF} --encrypt 256 --modify=none", "unknown", "-",
     "AES-256, empty user password, modification not permitted", encrypted_no_modify),
    ("encrypted-object-streams.pdf", f"{BY_HAND} with the security handler of {QPDF} --encrypt 128 --use-aes=y",
     "unknown", USER, "AES-128 (R4) with the catalog in an object stream",
     encrypted_object_streams),
    ("signed.pdf", PYHANKO, "unknown", "-", "one approval signature (Signature1)", signed),
    ("signed-twice.pdf", PYHANKO, "unknown", "-",
     "two approval signatures, the second in a later update", signed_twice),
    ("certified.pdf", PYHANKO, "unknown", "-",
     "certification signature, /DocMDP permission level 2 (fill forms)", certified),
    ("size-short-table.pdf", BY_HAND, "unknown", "-",
     "table defines object 7, trailer says /Size 6 (qpdf warns)", size_short_table),
    ("size-short-stream.pdf", BY_HAND, "unknown", "-",
     "xref stream /Index [0 9] with /Size 6 (qpdf warns)", size_short_stream),
    ("dangling-info.pdf", BY_HAND, "unknown", "-",
     "trailer /Info 9 0 R names an object no section defines", dangling_info),
    ("fpdf2-bare-direction.pdf", "fpdf2 2.8.9", "unknown", "-",
     "/Direction RTL as a bare word (qpdf reads the string (RTL) and warns)",
     fpdf2_bare_direction),
    ("reportlab-aes-256.pdf", "ReportLab 4 (pyaes)", "unknown", USER,
     "AES-256 (R5) with 48-byte /OE /UE and 32-byte /Perms; encrypted /Lang", reportlab_aes_256),
    ("hybrid-single-section.pdf", f"{BY_HAND} (one section, as word processors write it)",
     "unknown", "-", "hybrid-reference file without /Prev; FlateDecode /XRefStm with PNG predictor",
     hybrid_single_section),
    ("damaged-encrypted.pdf", f"{BY_HAND} from {QPDF} --encrypt 128 --use-aes=y", "right-edge",
     USER, "AES-128 (R4), every table offset 5 bytes too far; qpdf reconstructs",
     damaged_encrypted),
]


def write_manifest() -> None:
    lines = ["file\tproducer\tbinding\tpassword\texercises"]
    lines += ["\t".join(row[:5]) for row in FIXTURES]
    (HERE / "MANIFEST.tsv").write_text("\n".join(lines) + "\n")


# --------------------------------------------------------------------------------------------
# Verification
# --------------------------------------------------------------------------------------------


def binding_of(direction) -> str:
    """The binding SPEC.md gives a /Direction value (None when absent)."""
    if isinstance(direction, Name):
        return {"/L2R": "left-edge", "/R2L": "right-edge"}.get(str(direction), "unknown")
    return "unknown"


# Fixtures whose point is a warning qpdf gives on the original.
EXPECTED_WARNINGS = {
    "size-short-table.pdf": "reported number of objects (6)",
    "size-short-stream.pdf": "reported number of objects (6)",
    "fpdf2-bare-direction.pdf": "unknown token while reading object; treating as string",
}


def verify() -> bool:
    """qpdf --check (only damaged-xref.pdf may warn), the /Direction each row promises, the
    file size, and pdfsig for signed files."""
    good = True
    for name, _, binding, password, _, _ in FIXTURES:
        path = HERE / name
        problems = []
        args = ["qpdf", "--check", str(path)]
        if password != "-":
            args.insert(1, f"--password={password}")
        check = subprocess.run(args, capture_output=True, text=True)
        damaged = name.startswith("damaged-")
        allowed = EXPECTED_WARNINGS.get(name)
        if allowed:
            if check.returncode != 3 or allowed not in check.stdout + check.stderr:
                problems.append(f"expected qpdf to warn '{allowed}': {check.stdout}{check.stderr}")
        elif damaged:
            if check.returncode != 3 or "reconstruct" not in check.stderr:
                problems.append(f"expected qpdf to reconstruct: {check.stderr.strip()}")
        elif check.returncode != 0 or check.stderr.strip() or "WARNING" in check.stdout:
            problems.append(f"qpdf --check: {check.returncode} {check.stdout}{check.stderr}")
        try:
            with pikepdf.open(path, password="" if password == "-" else password) as pdf:
                prefs = pdf.Root.get("/ViewerPreferences")
                raw = prefs.get("/Direction") if prefs is not None else None
                if binding_of(raw) != binding:
                    problems.append(f"/Direction is {raw!r}, MANIFEST says {binding}")
        except pikepdf.PdfError as error:
            problems.append(f"pikepdf: {error}")
        size = path.stat().st_size
        if size > 20_000:
            problems.append(f"{size} bytes")
        if ("sign" in name or "certified" in name) and shutil.which("pdfsig"):
            sig = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True)
            count = sig.stdout.count("Signature #")
            valid = sig.stdout.count("Signature Validation: Signature is Valid.")
            if count == 0 or count != valid:
                problems.append(f"pdfsig: {valid} of {count} valid")
        print(f"{'ok  ' if not problems else 'FAIL'} {name} ({size} bytes)")
        for problem in problems:
            print(f"     {problem}")
        good = good and not problems
    return good


def main() -> None:
    if "--verify" not in sys.argv[1:]:
        for row in FIXTURES:
            row[5]()
        write_manifest()
    sys.exit(0 if verify() else 1)


if __name__ == "__main__":
    main()
