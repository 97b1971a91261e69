/// "Did you mean" for keys: the valid key nearest to a mistyped one, and the one-line message
/// every reader gives for an unknown key.
public enum KeySuggestion {
  /// The entry of `candidates` nearest to `key`, when it is near enough to be a typo: at most
  /// a third of its length in edits (at least one), letter case ignored, a swap of two
  /// neighbouring letters counted as one edit. Ties go to the earlier candidate.
  ///
  /// Time is linear in `key`'s length: a key much longer than every candidate is skipped.
  public static func nearest(to key: String, among candidates: [String]) -> String? {
    let typed = Array(key.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let valid = Array(candidate.lowercased())
      let limit = max(1, valid.count / 3)
      guard abs(typed.count - valid.count) <= limit else { continue }
      let distance = editDistance(typed, valid)
      if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.name
  }

  /// `unknown key "lineWidht"; did you mean "lineWidth"?` — or, with no key near it, the valid
  /// keys when they fit a short line, else only their number and where to find them; so the
  /// message stays one line under 160 columns however many keys there are.
  ///
  /// `owner` names what takes `accepted` ("a basic animation"): a long list then ends with it
  /// rather than with `barframes validate`, which lists the keys of styles and scenes only.
  public static func unknownKeyMessage(_ key: String, accepted: [String], of owner: String? = nil) -> String {
    let unknown = "unknown key \(InputText.quoted(key))"
    if let nearest = nearest(to: key, among: accepted) {
      return "\(unknown); did you mean \(InputText.quoted(nearest))?"
    }
    let list = accepted.joined(separator: ", ")
    if accepted.isEmpty { return "\(unknown); \(owner ?? "this object") takes no keys" }
    if list.count <= 60 { return "\(unknown); expected one of \(list)" }
    if let owner { return "\(unknown); none of the \(accepted.count) keys of \(owner) is close" }
    return "\(unknown); none of the \(accepted.count) valid keys is close (barframes validate --explain lists them)"
  }

  /// `unknown call "fly"; did you mean "flip"?` — or the calls there are: all of them when they
  /// fit a short line, else the first ones that do and their number, so the message stays one
  /// line under 160 columns however many calls a design has.
  public static func unknownCallMessage(_ call: String, accepted: [String]) -> String {
    let unknown = "unknown call \(InputText.quoted(call))"
    if let nearest = nearest(to: call, among: accepted) {
      return "\(unknown); did you mean \(InputText.quoted(nearest))?"
    }
    return "\(unknown); expected one of \(shortList(accepted, columns: 50))"
  }

  /// `names` joined by commas if they fit `columns`, else as many as fit with the count after.
  static func shortList(_ names: [String], columns: Int) -> String {
    let all = names.joined(separator: ", ")
    if all.count <= columns { return all }
    let tail = ", … (\(names.count) in all)"
    var shown = ""
    for name in names {
      let next = shown.isEmpty ? name : shown + ", " + name
      if next.count + tail.count > columns { break }
      shown = next
    }
    return shown + tail
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbouring characters, each one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      row[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, row) = (previous, row, beforePrevious)
    }
    return previous[b.count]
  }
}
