import CBarFramesAllocator

/// How the process's allocator treats frame-sized blocks: kept for reuse, not handed back to
/// the kernel each time one is freed.
///
/// Every drawn frame is a new pixel buffer. When the GIF writer and the contact sheet hold
/// frames on threads of their own, the drawing threads free them out of order, and glibc's
/// allocator returns the freed top of its heaps to the kernel (its trim threshold) only to
/// fault the same pages in again for the next frames. Raising the mmap and trim thresholds
/// keeps frame buffers in the heap for reuse; peak memory does not change, as the frames in
/// flight are bounded either way. A thread's heap starts, and the main heap grows, 4 MiB larger
/// than asked: a thread that keeps what it allocates (the animated SVG's keeps every frame's
/// document until it merges them) otherwise grows its heap a few pages at a time, a system
/// call each. `barframes render` applies it at start, and so does
/// `barframes-bench`, which measures the exporter as `render` runs it.
public enum FrameMemory {
  /// Applied once, before any frame is drawn. A no-op where the allocator is not glibc's.
  public static func keepFreedFrames() {
    // Blocks up to 32 MiB (glibc's largest mmap threshold) come from the heap, up to 256 MiB
    // of free heap is kept, and heaps grow by 4 MiB more than asked.
    barframes_keep_freed_memory(32 << 20, 256 << 20, 4 << 20)
  }
}
