#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
// inflate for /FlateDecode streams (cross-reference and object streams), from zlib (Debian:
// zlib1g-dev). libqpdf already links libz, so this costs pdfbind no extra start-up.
#include <zlib.h>
#endif
