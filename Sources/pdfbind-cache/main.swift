// pdfbind-cache: the keeper of pdfbind's cache of decisions, started by pdfbind itself (never
// by a user) with its socket on descriptor 3. See PDFBindCache/CacheKeeper.swift.
import PDFBindCache

CacheKeeper.serve()
