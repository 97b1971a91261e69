#ifndef BARFRAMES_REFERENCE_H
#define BARFRAMES_REFERENCE_H

/* The C reference of `barframes-bench`: the seek-bar workload done with the same Cairo calls
 * and the same PNG settings as BarFrames' own pipeline (zlib level 1, Z_RLE, Up for rows that
 * repeat the row above, Sub otherwise), so Swift's overhead can be measured as a ratio. */

typedef struct {
  /* Frames drawn and encoded. */
  int frames;
  /* Sum of the PNG file sizes in bytes. */
  long long bytes;
  /* FNV-1a hash of every PNG byte, to compare outputs without keeping them. */
  unsigned long long checksum;
} bf_reference_result;

/* Draws and encodes `frame_count` seek-bar frames (375 x 20 pt at `scale`) in memory. Frame i
 * has a fill `fill_widths[i]` points wide and its dot's left edge at `dot_xs[i]` — the geometry
 * BarFrames presents, so both sides make the very same Cairo calls. Returns 0, or a negative
 * number when Cairo or zlib fails. */
int bf_reference_seek_bar(const double *fill_widths, const double *dot_xs, int frame_count, int scale,
                          bf_reference_result *result);

#endif
