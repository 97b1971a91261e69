import CBarFramesAllocator
import Testing

#if canImport(Glibc)
  import Glibc

  /// The command line tells glibc's allocator to keep frame-sized blocks in its heaps (see
  /// `FrameMemory`): a 16 MB block must then not be a memory mapping of its own, whatever the
  /// allocator's dynamic threshold had become in this process.
  @Suite struct FrameMemoryTests {
    @Test func aFrameSizedBlockComesFromTheHeapAfterwards() throws {
      barframes_keep_freed_memory(32 << 20, 256 << 20, 4 << 20)
      let mappedBefore = barframes_mapped_bytes()
      let block = try #require(malloc(16 << 20))
      defer { free(block) }
      #expect(barframes_mapped_bytes() == mappedBefore)
    }

    /// The measure itself: a block above the threshold is a mapping, and is counted.
    @Test func aBlockAboveTheThresholdIsAMappingOfItsOwn() throws {
      barframes_keep_freed_memory(32 << 20, 256 << 20, 4 << 20)
      let mappedBefore = barframes_mapped_bytes()
      let block = try #require(malloc(40 << 20))
      defer { free(block) }
      #expect(barframes_mapped_bytes() >= mappedBefore + (40 << 20))
    }
  }
#endif
