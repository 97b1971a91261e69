import BarFramesFuzzing

// libFuzzer's entry point. Built with `make fuzz` (`--sanitize fuzzer`, `-sanitize=fuzzer,address`),
// libFuzzer supplies main() and calls this for every input; in an ordinary build the executable
// does nothing. The properties checked are in BarFramesFuzzing, which the test suite replays.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzTarget.webp.fuzz(data, size)
}
