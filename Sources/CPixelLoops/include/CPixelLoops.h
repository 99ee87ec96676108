#ifndef CPIXELLOOPS_H
#define CPIXELLOOPS_H
#include <stdint.h>

/* Grey levels (ITU-R BT.601 luma, (299 R + 587 G + 114 B + 500) / 1000) of `count` pixels of
   cairo's RGB24 (a native-endian 32-bit word 0x00RRGGBB each) at `words`, to `grey`. */
void CPixelLoops_grey_from_rgb24(const uint32_t *words, uint8_t *grey, long count);
#endif
