#ifndef CPIXELLOOPS_H
#define CPIXELLOOPS_H
#include <stdint.h>

/* Grey levels (ITU-R BT.601 luma, (299 R + 587 G + 114 B + 500) / 1000) of `count` pixels of
   cairo's RGB24 (a native-endian 32-bit word 0x00RRGGBB each) at `words`, to `grey`. */
void CPixelLoops_grey_from_rgb24(const uint32_t *words, uint8_t *grey, long count);

/* A decoded scan (`channels` bytes a pixel: 1 grey, or 3 red, green, blue; `source_width`
   pixels a row) scaled as pixman's separable convolution scales the image cairo hands it, for
   target columns `column_targets[0 ..< columns]` only, to cairo's RGB24 words (0x00RRGGBB) at
   `words`, `width` words a row and `height` rows. Target pixel (column i, row y) sums the
   source pixels of its `row_taps` rows (`row_sources[y * row_taps ...]`, weights
   `row_weights`, 16.16) by its `column_taps` columns (`column_sources[i * column_taps ...]`,
   likewise), each pair's weight the two weights' product rounded to 16.16, the sum rounded
   and held to 0...255, each channel so. */
void CPixelLoops_scale_columns_to_rgb24(const uint8_t *source, long source_width, int channels,
                                        const int32_t *column_sources,
                                        const int32_t *column_weights, int column_taps,
                                        const int32_t *row_sources, const int32_t *row_weights,
                                        int row_taps, const int32_t *column_targets,
                                        long columns, uint32_t *words, long width, long height);

/* A decoded scan (as above) scaled to `width` x `height` grey levels at `grey` with pixman's
   bilinear filter: two taps each way (`column_sources[2 * x ...]`, `row_sources[2 * y ...]`),
   their weights in 7 bits (0...128, the pair summing to 128), the sum of the four products
   shifted down by 14 (pixman truncates); in colour, each channel so, then their luma as
   `CPixelLoops_grey_from_rgb24` takes it. With no rounding between them, the rows are
   interpolated first and then the columns: the same sum at half the work. */
void CPixelLoops_scale_to_grey_bilinear(const uint8_t *source, long source_width, int channels,
                                        const int32_t *column_sources,
                                        const int32_t *column_weights,
                                        const int32_t *row_sources, const int32_t *row_weights,
                                        uint8_t *grey, long width, long height);
#endif
