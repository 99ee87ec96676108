"""PyMuPDF's way to set the binding: /ViewerPreferences /Direction /R2L, incremental save."""
import sys

import pymupdf

doc = pymupdf.open(sys.argv[1])
doc.xref_set_key(doc.pdf_catalog(), "ViewerPreferences", "<</Direction/R2L>>")
doc.saveIncr()
