import Foundation
import JSONModel
import PageSimulation
import Testing
import WebViewHosting

/// The check every test of this target runs after its body (through the
/// `.checksEvaluatedScripts` suite trait): it scans the text of every script
/// the host evaluated in every web view the test created, and records an
/// issue for
/// - a raw U+2028 or U+2029 anywhere in an evaluated script (a SyntaxError
///   inside a string literal in engines before ES2019, which the simulated
///   modern engine would not reveal by running it);
/// - a `_handleMessageFromObjC('…');` delivery whose literal holds a raw
///   control character (U+0000–U+001F, U+007F–U+009F) or an unescaped
///   quote, or whose decoded value is not the JSON text of one object.
enum ScriptTextCheck {
  static let deliveryPrefix = "WebViewJavascriptBridge._handleMessageFromObjC('"
  static let deliverySuffix = "');"

  /// Web views created by the running test.
  final class Registry: @unchecked Sendable {
    @TaskLocal static var current: Registry?
    private let lock = NSLock()
    private var webViews: [SimulatedWebView] = []

    func add(_ webView: SimulatedWebView) { lock.withLock { webViews.append(webView) } }
    var all: [SimulatedWebView] { lock.withLock { webViews } }
  }

  /// Makes the running test check `webView` when it ends. A test that
  /// creates a web view outside a suite marked `.checksEvaluatedScripts`
  /// fails, so the check cannot be forgotten.
  static func register(_ webView: SimulatedWebView) {
    guard let registry = Registry.current else {
      Issue.record("this suite lacks the .checksEvaluatedScripts trait")
      return
    }
    registry.add(webView)
  }

  /// Every problem in the evaluated scripts of `trace`, one line each.
  static func problems(in trace: Trace) -> [String] {
    var problems: [String] = []
    for event in trace.events(named: TraceEventName.userScriptAdded) {
      if let count = event["rawLineSeparators"]?.numberValue, count > 0 {
        problems.append(
          "user script #\(event.sequence) (\(event["name"]?.stringValue ?? "?")) contains \(Int(count)) raw U+2028/U+2029"
        )
      }
    }
    for event in trace.events(named: TraceEventName.evaluate) {
      guard let script = event["script"]?.stringValue else { continue }
      let scalars = script.unicodeScalars
      for forbidden: UInt32 in [0x2028, 0x2029] where scalars.contains(where: { $0.value == forbidden }) {
        problems.append(
          "evaluated script #\(event.sequence) contains a raw U+\(String(forbidden, radix: 16, uppercase: true)): \(preview(script))"
        )
      }
      if script.hasPrefix(deliveryPrefix) {
        if let problem = deliveryProblem(script) {
          problems.append("delivery script #\(event.sequence): \(problem): \(preview(script))")
        }
      }
    }
    return problems
  }

  /// Why a delivery script is not `prefix + literal body of one JSON object + suffix`.
  static func deliveryProblem(_ script: String) -> String? {
    guard script.hasSuffix(deliverySuffix),
      script.utf16.count >= deliveryPrefix.utf16.count + deliverySuffix.utf16.count
    else { return "does not end with \(deliverySuffix)" }
    let units = Array(script.utf16)
    let body = units[deliveryPrefix.utf16.count..<(units.count - deliverySuffix.utf16.count)]
    for unit in body where unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) {
      return "raw control character U+\(String(unit, radix: 16, uppercase: true)) in the literal"
    }
    let decoded: String
    switch decodeSingleQuotedBody(body) {
    case .success(let text): decoded = text
    case .failure(let problem): return problem.description
    }
    guard case .object? = try? JSONValue.parse(decoded) else {
      return "the literal's value is not the JSON text of an object"
    }
    return nil
  }

  private static func code(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }

  struct LiteralProblem: Error, CustomStringConvertible {
    var description: String
  }

  /// The value of a single-quoted ECMAScript string literal body, decoded
  /// independently of the encoder under test. Fails on an unescaped `'` or
  /// line terminator and on malformed escapes.
  static func decodeSingleQuotedBody(_ body: some Collection<UInt16>) -> Result<String, LiteralProblem> {
    let units = Array(body)
    var output: [UInt16] = []
    output.reserveCapacity(units.count)
    var index = 0
    func hexValue(_ count: Int) -> UInt32? {
      guard index + count <= units.count else { return nil }
      var value: UInt32 = 0
      for unit in units[index..<(index + count)] {
        guard let digit = Character(Unicode.Scalar(unit) ?? "g").hexDigitValue else { return nil }
        value = value * 16 + UInt32(digit)
      }
      index += count
      return value
    }
    while index < units.count {
      let unit = units[index]
      index += 1
      switch unit {
      case 0x27:
        return .failure(LiteralProblem(description: "unescaped single quote ends the literal early"))
      case 0x0A, 0x0D:
        return .failure(LiteralProblem(description: "raw line terminator in the literal"))
      case 0x5C:
        guard index < units.count else { return .failure(LiteralProblem(description: "dangling backslash")) }
        let escaped = units[index]
        index += 1
        switch escaped {
        case code("n"): output.append(0x0A)
        case code("r"): output.append(0x0D)
        case code("t"): output.append(0x09)
        case code("b"): output.append(0x08)
        case code("f"): output.append(0x0C)
        case code("v"): output.append(0x0B)
        case code("0"):
          if index < units.count, units[index] >= code("0"), units[index] <= code("9") {
            return .failure(LiteralProblem(description: "legacy octal escape"))
          }
          output.append(0)
        case code("1")...code("9"):
          return .failure(LiteralProblem(description: "legacy octal escape"))
        case code("x"):
          guard let value = hexValue(2) else { return .failure(LiteralProblem(description: "bad \\x escape")) }
          output.append(UInt16(value))
        case code("u"):
          guard let value = hexValue(4) else { return .failure(LiteralProblem(description: "bad \\u escape")) }
          output.append(UInt16(value))
        case 0x0A, 0x2028, 0x2029:
          break  // line continuation
        case 0x0D:
          if index < units.count, units[index] == 0x0A { index += 1 }
        default:
          output.append(escaped)
        }
      default:
        output.append(unit)
      }
    }
    return .success(String(decoding: output, as: UTF16.self))
  }

  private static func preview(_ script: String) -> String {
    let cut = script.unicodeScalars.prefix(120).map { scalar -> String in
      scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029
        ? "<U+\(String(scalar.value, radix: 16, uppercase: true))>" : String(scalar)
    }.joined()
    return script.unicodeScalars.count > 120 ? cut + "…" : cut
  }
}

/// Runs ``ScriptTextCheck`` after every test of the suite it marks.
struct EvaluatedScriptsCheckTrait: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let registry = ScriptTextCheck.Registry()
    var failure: (any Error)?
    do {
      try await ScriptTextCheck.Registry.$current.withValue(registry) {
        try await function()
      }
    } catch {
      failure = error
    }
    for webView in registry.all {
      for problem in ScriptTextCheck.problems(in: webView.trace) {
        Issue.record(Comment(rawValue: problem))
      }
    }
    if let failure { throw failure }
  }
}

extension Trait where Self == EvaluatedScriptsCheckTrait {
  /// After each test, fails it if any script its web views evaluated holds a
  /// raw U+2028/U+2029 or a malformed message delivery (see ``ScriptTextCheck``).
  static var checksEvaluatedScripts: Self { Self() }
}
