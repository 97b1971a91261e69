#ifndef BARFRAMES_ALLOCATOR_H
#define BARFRAMES_ALLOCATOR_H

#include <stddef.h>

/// Makes glibc's allocator keep freed blocks of up to `largest` bytes in its heaps, and up to
/// `keep` bytes of free heap, instead of returning them to the kernel (mallopt's mmap and trim
/// thresholds), and make a thread's new heap, or grow the main one, `growth` bytes larger than
/// asked (its top pad). Does nothing with another C library.
void barframes_keep_freed_memory(int largest, int keep, int growth);

/// The bytes glibc's allocator holds in memory mappings of their own (mallinfo2's hblkhd):
/// what `barframes_keep_freed_memory` keeps frame-sized blocks out of. 0 with another C library.
size_t barframes_mapped_bytes(void);

#endif
