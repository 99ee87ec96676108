"""PyMuPDF's way to set the binding: /ViewerPreferences /Direction /R2L, incremental save.

usage: python3 pymupdf_set.py [--core-only] FILE

PyMuPDF 2 imports pymupdf_layout (onnxruntime, numpy, networkx) and pymupdf4llm, its own
dependencies, on every `import pymupdf`; that is most of a run's time. --core-only blocks those
two optional imports (PyMuPDF carries on without them) to show what the PDF work alone costs.
"""
import sys

args = sys.argv[1:]
if args and args[0] == "--core-only":
    args = args[1:]
    sys.modules["pymupdf.layout"] = None
    sys.modules["pymupdf4llm"] = None

try:
    import pymupdf
except ImportError:  # PyMuPDF before 1.24 is only importable as fitz
    import fitz as pymupdf

doc = pymupdf.open(args[0])
doc.xref_set_key(doc.pdf_catalog(), "ViewerPreferences", "<</Direction/R2L>>")
doc.saveIncr()
