#ifndef CQPDF_SHIM_H
#define CQPDF_SHIM_H
// The whole of libqpdf that pdfbind uses: its C API (Debian: libqpdf-dev).
#include <qpdf/qpdf-c.h>
#endif
