#include "CPixelLoops.h"
#include <stdlib.h>

/* ITU-R BT.601 luma of one pixel, rounded: the grey level of every picture pdfbind reads. */
static inline uint8_t luma(uint32_t red, uint32_t green, uint32_t blue) {
  return (uint8_t)((299 * red + 587 * green + 114 * blue + 500) / 1000);
}

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
    grey[x] = luma((word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF);
  }
}

static inline uint32_t level_of(int64_t sum) {
  int64_t level = (sum + 0x8000) >> 16;
  return (uint32_t)(level < 0 ? 0 : level > 255 ? 255 : level);
}

/* One target pixel of the convolution, as cairo's RGB24 word 0x00RRGGBB (grey: the three
   the same): `rows` and `columns` are its taps, with their weights. */
static inline uint32_t convolved(const uint8_t *source, long source_width, int channels,
                                 const int32_t *columns, const int32_t *columns_weights,
                                 int column_taps, const int32_t *rows,
                                 const int32_t *rows_weights, int row_taps) {
  int64_t red = 0, green = 0, blue = 0;
  for (int row = 0; row < row_taps; row++) {
    int64_t row_weight = rows_weights[row];
    if (row_weight == 0) continue;
    const uint8_t *line = source + (long)rows[row] * source_width * channels;
    for (int column = 0; column < column_taps; column++) {
      /* pixman: the two weights' product, rounded to 16 fractional bits. */
      int64_t weight = (row_weight * columns_weights[column] + 0x8000) >> 16;
      const uint8_t *pixel = line + (long)columns[column] * channels;
      red += pixel[0] * weight;
      if (channels == 3) {
        green += pixel[1] * weight;
        blue += pixel[2] * weight;
      }
    }
  }
  if (channels != 3) {
    uint32_t level = level_of(red);
    return level << 16 | level << 8 | level;
  }
  return level_of(red) << 16 | level_of(green) << 8 | level_of(blue);
}

void CPixelLoops_scale_columns_to_rgb24(const uint8_t *source, long source_width, int channels,
                                        const int32_t *column_sources,
                                        const int32_t *column_weights, int column_taps,
                                        const int32_t *row_sources, const int32_t *row_weights,
                                        int row_taps, const int32_t *column_targets,
                                        long columns, uint32_t *words, long width, long height) {
  for (long y = 0; y < height; y++) {
    for (long index = 0; index < columns; index++) {
      words[y * width + column_targets[index]] =
          convolved(source, source_width, channels, column_sources + index * column_taps,
                    column_weights + index * column_taps, column_taps,
                    row_sources + y * row_taps, row_weights + y * row_taps, row_taps);
    }
  }
}

void CPixelLoops_scale_to_grey_bilinear(const uint8_t *source, long source_width, int channels,
                                        const int32_t *column_sources,
                                        const int32_t *column_weights,
                                        const int32_t *row_sources, const int32_t *row_weights,
                                        uint8_t *grey, long width, long height) {
  long row_values = source_width * channels;
  /* One source row interpolated between its two rows: at most 128 x 255 a value. */
  int32_t *between = malloc(sizeof(int32_t) * (size_t)(row_values > 0 ? row_values : 1));
  if (between == NULL) return;
  for (long y = 0; y < height; y++) {
    const uint8_t *top = source + (long)row_sources[2 * y] * row_values;
    const uint8_t *bottom = source + (long)row_sources[2 * y + 1] * row_values;
    int32_t top_weight = row_weights[2 * y], bottom_weight = row_weights[2 * y + 1];
    for (long x = 0; x < row_values; x++) {
      between[x] = top_weight * top[x] + bottom_weight * bottom[x];
    }
    uint8_t *out = grey + y * width;
    for (long x = 0; x < width; x++) {
      long left = (long)column_sources[2 * x] * channels;
      long right = (long)column_sources[2 * x + 1] * channels;
      int32_t left_weight = column_weights[2 * x], right_weight = column_weights[2 * x + 1];
      uint32_t red = (uint32_t)(left_weight * between[left] + right_weight * between[right]) >> 14;
      if (channels == 3) {
        uint32_t green =
            (uint32_t)(left_weight * between[left + 1] + right_weight * between[right + 1]) >> 14;
        uint32_t blue =
            (uint32_t)(left_weight * between[left + 2] + right_weight * between[right + 2]) >> 14;
        out[x] = luma(red, green, blue);
      } else {
        out[x] = (uint8_t)red;
      }
    }
  }
  free(between);
}
