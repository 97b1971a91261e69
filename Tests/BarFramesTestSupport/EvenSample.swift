extension Array {
  /// At most `limit` of the elements, evenly spaced, the first and the last included (element
  /// `k · (count − 1) / (limit − 1)`, rounded down, for k = 0 … limit − 1); all of them when
  /// there are no more than `limit`. The browser tests pause a long scene at a sample of its key
  /// times, and `still --at` runs at a sample of them, one process each.
  public func evenSample(atMost limit: Int) -> [Element] {
    guard count > limit, limit > 1 else { return self }
    return (0..<limit).map { self[$0 * (count - 1) / (limit - 1)] }
  }
}
