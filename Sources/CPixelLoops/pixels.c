#include "CPixelLoops.h"

/* Every page suggest reads is drawn at up to 1,600 x 2,400 pixels and turned to grey here: 7%
   of review's processor time. Swift builds for the x86-64 baseline (SSE2), where the division
   by 1,000 takes four pixels at a time through 64-bit multiplies; on a processor with AVX2 the
   loop below takes eight (3.6 ms a page against 2.2 ms). The same integer sum, so the same
   levels on every processor. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
__attribute__((target_clones("avx2", "default")))
#endif
#endif
void CPixelLoops_grey_from_rgb24(const uint32_t *words, uint8_t *grey, long count) {
  for (long x = 0; x < count; x++) {
    uint32_t word = words[x];
    uint32_t sum = 299 * ((word >> 16) & 0xFF) + 587 * ((word >> 8) & 0xFF) + 114 * (word & 0xFF);
    grey[x] = (uint8_t)((sum + 500) / 1000);
  }
}
