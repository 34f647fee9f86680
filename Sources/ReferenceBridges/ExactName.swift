/// A string compared and hashed by its exact Unicode scalars (UTF-8 bytes).
///
/// Swift `String` equality uses canonical equivalence (`"é"` equals
/// `"e\u{301}"`); JavaScript compares code units. Handler names and callback
/// ids are therefore keyed by this type, so that the native side matches
/// names exactly as the page does.
struct ExactName: Hashable {
  let string: String

  init(_ string: String) { self.string = string }

  static func == (lhs: ExactName, rhs: ExactName) -> Bool {
    lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
