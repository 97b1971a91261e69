#include "barframes_allocator.h"

#if defined(__linux__)
#include <malloc.h>  // defines __GLIBC__ with glibc, through features.h
#endif

void barframes_keep_freed_memory(int largest, int keep, int growth) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD) && defined(M_TOP_PAD)
  mallopt(M_MMAP_THRESHOLD, largest);
  mallopt(M_TRIM_THRESHOLD, keep);
  mallopt(M_TOP_PAD, growth);
#else
  (void)largest;
  (void)keep;
  (void)growth;
#endif
}

size_t barframes_mapped_bytes(void) {
#if defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 33)
  return mallinfo2().hblkhd;
#endif
#endif
  return 0;
}
