#ifndef CNETTLE_SHIM_H
#define CNETTLE_SHIM_H
// The hashes and ciphers of the PDF standard security handler (ISO 32000-1 §7.6), from
// Nettle (Debian: nettle-dev). libqpdf already loads libnettle through GnuTLS, so this costs
// pdfbind no extra start-up.
#include <nettle/aes.h>
#include <nettle/arcfour.h>
#include <nettle/cbc.h>
#include <nettle/md5.h>
#include <nettle/sha2.h>
#endif
