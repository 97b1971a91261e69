// Where two rows of pixels differ: the first and the last differing 32-bit word. The animation
// encoders compare every frame with the one before where either drew (demo-timeline: a 494-pixel
// bar, 16 rows, of which a 16-pixel thumb moved), so the long equal stretches on either side of
// a change are what costs; AVX2 compares them eight pixels to an instruction.
#include "barframes_kernels.h"

size_t barframes_equal_prefix_scalar(const uint32_t *a, const uint32_t *b, size_t count) {
  size_t i = 0;
  if (b) {
    while (i < count && a[i] == b[i]) i++;
  } else {
    while (i < count && a[i] == 0) i++;
  }
  return i;
}

size_t barframes_equal_suffix_scalar(const uint32_t *a, const uint32_t *b, size_t count) {
  size_t end = count;
  if (b) {
    while (end > 0 && a[end - 1] == b[end - 1]) end--;
  } else {
    while (end > 0 && a[end - 1] == 0) end--;
  }
  return count - end;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

// 32 bytes of a and b (or zero): a mask with a bit set for each of the 32 bytes that are equal.
__attribute__((target("avx2"))) static inline uint32_t equal_bytes(const uint32_t *a, const uint32_t *b) {
  __m256i x = _mm256_loadu_si256((const __m256i *)a);
  __m256i y = b ? _mm256_loadu_si256((const __m256i *)b) : _mm256_setzero_si256();
  return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, y));
}

__attribute__((target("avx2"))) static size_t prefix_avx2(const uint32_t *a, const uint32_t *b, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    uint32_t equal = equal_bytes(a + i, b ? b + i : NULL);
    // The first unequal byte's pixel.
    if (equal != 0xFFFFFFFFu) return i + (size_t)__builtin_ctz(~equal) / 4;
  }
  return i + barframes_equal_prefix_scalar(a + i, b ? b + i : NULL, count - i);
}

__attribute__((target("avx2"))) static size_t suffix_avx2(const uint32_t *a, const uint32_t *b, size_t count) {
  size_t end = count;
  for (; end >= 8; end -= 8) {
    uint32_t equal = equal_bytes(a + end - 8, b ? b + end - 8 : NULL);
    // The last unequal byte's pixel, counted from the end of the eight.
    if (equal != 0xFFFFFFFFu) return count - end + (size_t)__builtin_clz(~equal) / 4;
  }
  return count - end + barframes_equal_suffix_scalar(a, b, end);
}

// __builtin_cpu_supports reads flags the runtime filled in once at start-up, as pack.c does.
size_t barframes_equal_prefix(const uint32_t *a, const uint32_t *b, size_t count) {
  return __builtin_cpu_supports("avx2") ? prefix_avx2(a, b, count) : barframes_equal_prefix_scalar(a, b, count);
}

size_t barframes_equal_suffix(const uint32_t *a, const uint32_t *b, size_t count) {
  return __builtin_cpu_supports("avx2") ? suffix_avx2(a, b, count) : barframes_equal_suffix_scalar(a, b, count);
}
#else
size_t barframes_equal_prefix(const uint32_t *a, const uint32_t *b, size_t count) {
  return barframes_equal_prefix_scalar(a, b, count);
}

size_t barframes_equal_suffix(const uint32_t *a, const uint32_t *b, size_t count) {
  return barframes_equal_suffix_scalar(a, b, count);
}
#endif
