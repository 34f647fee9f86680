extension JSONValue {
  /// The hint of an `invalid-json` problem unless the caller gives its own.
  package static let strictJSONHint = "the file is strict JSON: no comments, no trailing commas"

  /// Parses the bytes of `file` (nil when it could not be read), with the
  /// problem every reader reports the same way: `unreadable`, `too-deep`,
  /// or `invalid-json` at the line and column of the syntax error.
  package static func parse(
    fileContents: [UInt8]?, file: String, maxDepth: Int = defaultMaxDepth, syntaxHint: String? = strictJSONHint
  ) -> Result<JSONValue, JSONFileProblem> {
    guard let fileContents else {
      return .failure(
        JSONFileProblem(
          file: file, pointer: .root, code: "unreadable", message: "the file cannot be read",
          hint: "check the path and that the file is readable"))
    }
    do {
      return .success(try JSONValue.parse(utf8: fileContents, maxDepth: maxDepth))
    } catch {
      if error.code == "too-deep" {
        return .failure(
          JSONFileProblem(
            file: file, pointer: .root, code: "too-deep",
            message: "the file nests arrays and objects more than \(maxDepth) deep",
            hint: "flatten the data", line: error.line, column: error.column))
      }
      return .failure(
        JSONFileProblem(
          file: file, pointer: .root, code: "invalid-json", message: "not valid JSON: \(error.message)",
          hint: syntaxHint, line: error.line, column: error.column))
    }
  }
}
