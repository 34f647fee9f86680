import BridgeImplementations
import Dialects
import JSONModel
import JSRuntime
import WebViewHosting

/// A page bridge under test that does not load at all: an empty file, a
/// syntax error, or an exception (or a limit of the page) while it is
/// injected. Found before any scenario runs, so that a run does not report
/// every scenario as "not injected".
package struct PageScriptLoadProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The page script's file, as the user named it.
  package var file: String
  /// Where in the file, when the engine says (1-based).
  package var line: Int?
  /// The column on that line, when the engine says (1-based).
  package var column: Int?
  /// What is wrong: `SyntaxError: …`, or the exception and what threw it.
  package var message: String
  /// What to do about it.
  package var hint: String

  /// `FILE:LINE:COLUMN: message` (as much of the location as is known), then the hint.
  package var description: String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return "\(location): \(message)\n  hint: \(hint)"
  }
}

/// Checks that a page bridge loads, the way a run loads it: its text first
/// (empty, syntax error), then one scenario that only loads the page and
/// lets the native side inject the bridge (``scenarioID``), run where the
/// run's scenarios run (a worker process, so that a script that escapes the
/// page's limits is stopped as in any scenario), whose result says whether
/// the injection threw.
package enum PageScriptLoadCheck {
  /// The id of the scenario that only loads the page (one settle).
  package static let scenarioID = "load/page-script-loads"
  /// The failed check of that scenario when the page bridge does not load.
  package static let failedCheck = "error/page-script-does-not-load"

  /// The problem of the page script `source` (read from `file`) that shows
  /// without running it: empty text, or a syntax error; nil otherwise.
  package static func textProblem(of source: String, file: String, profile: BridgeProfile) -> PageScriptLoadProblem? {
    if source.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
      return PageScriptLoadProblem(
        file: file, message: "the page script is empty: it defines no bridge",
        hint: "give the file that defines window.\(profile.globalName)")
    }
    if let syntax = syntaxError(in: source) {
      return PageScriptLoadProblem(
        file: file, line: syntax.line, column: syntax.column ?? column(of: syntax, in: source),
        message: "SyntaxError: \(syntax.message)",
        hint:
          "the page never loads a script with a syntax error; fix it (the engine is JavaScriptCore, ES2019 or later)")
    }
    return nil
  }

  /// The JSON of the scenario that only loads the page.
  package static var scenario: JSONValue {
    [
      "id": .string(scenarioID), "title": "the page bridge loads", "area": "load", "level": "must",
      "spec": "api-page-global", "subject": "page", "steps": [["action": "settle"]], "expect": ["events": []],
    ]
  }

  /// The scenario that only loads the page, as a fixture whose file is
  /// `file` (a worker reads it from there; it need not exist in process).
  package static func fixture(file: String = "load/page-script-loads.json") -> Fixture? {
    guard case .success(let fixture) = FixtureLoader().decode(scenario, file: file) else { return nil }
    return fixture
  }

  /// The problem the result of the load scenario reports, or nil when the
  /// page bridge loaded (or the scenario could not tell: a worker that
  /// died, an adapter that failed; the run then shows it as usual).
  /// A global the script reached for that the page lacks (a host object or
  /// channel the app adds) points at the profile: the hint says so, naming
  /// the `shipped` profiles that provide it.
  package static func problem(
    from result: ScenarioResult, file: String, profile: BridgeProfile = .classic, shipped: [BridgeProfile] = []
  ) -> PageScriptLoadProblem? {
    guard result.failedChecks.contains(failedCheck), let event = result.detail?.closest else { return nil }
    let error = event["error"]?.objectValue ?? event.fields
    let name = error["name"]?.stringValue
    let message = error["message"]?.stringValue ?? "?"
    if error["kind"]?.stringValue == ScriptError.Kind.timeLimit.rawValue {
      return PageScriptLoadProblem(
        file: file, message: "the page script does not finish loading: \(message)",
        hint: "a page script that loops at load never defines its bridge; fix the loop")
    }
    var hint = "a page script that throws at load is never a working bridge; fix the code at that line"
    if name == "ReferenceError", let missing = ProfileHint.missingVariable(in: message) {
      let providing = shipped.filter { candidate in
        candidate.name != profile.name
          && candidate.signals.contains { ($0.kind == .channel || $0.kind == .hostObject) && $0.name == missing }
      }.map(\.name)
      hint =
        "the page script reached for \(missing) while it was loaded, and the page has no such global: a bridge "
        + "that needs one the app adds (a host object, a channel) runs only in a profile that provides it "
        + "(signals[].name; the profile \(profile.name) does not)"
        + (providing.isEmpty
          ? "; bridgecheck profiles lists the shipped ones"
          : ": try " + providing.map { "--profile \($0)" }.joined(separator: " or "))
        + "; otherwise fix the code at that line"
    }
    return PageScriptLoadProblem(
      file: file, line: error["line"]?.numberValue.map { Int($0) },
      column: error["column"]?.numberValue.map { Int($0) },
      message: "the page script throws while it is loaded: " + (name.map { "\($0): \(message)" } ?? message),
      hint: hint)
  }

  /// The verdict of the load scenario from its trace: an error whose
  /// closest event is the page bridge's failed injection, or a pass. What
  /// only the simulated page refuses is no reason to refuse the script (it
  /// may load in a real engine, and each scenario then says what happened):
  /// an API the simulated page lacks, a limit of the simulated page other
  /// than the script time limit (timers, rejections, trace events…).
  static func verdict(trace: [TraceEvent], pageScript: String, userScripts: [String]) -> Verdict {
    let sabotage = PageSabotage(trace: trace, pageScript: pageScript, userScripts: userScripts)
    guard let failure = sabotage.injectionFailure else { return .pass }
    let simulatedLimit = trace.contains {
      $0.name == TraceEventName.pageLimitExceeded && $0["limit"]?.stringValue != "script-time"
    }
    if simulatedLimit { return .pass }
    let error = failure["error"]?.objectValue ?? failure.fields
    if MissingPageAPI.diagnose(name: error["name"]?.stringValue, message: error["message"]?.stringValue ?? "") != nil {
      return .pass
    }
    return .error(
      "the page bridge does not load: \(Judge.describeError(error))",
      detail: FailureDetail(
        expectation: "the page bridge loads", pointer: nil, closest: failure, focus: failure.sequence),
      check: failedCheck)
  }

  /// The syntax error of `source`, if it has one.
  static func syntaxError(in source: String) -> ScriptError? {
    let context = ScriptContext()
    do {
      try context.checkSyntax(source)
      return nil
    } catch {
      return error.kind == .syntax ? error : nil
    }
  }

  /// The column of a syntax error that JavaScriptCore reports by line only:
  /// the shortest prefix of its line that fails with the same error ends
  /// with the offending token (shorter prefixes end the script early, which
  /// is another error), found by bisection; the token is the first quoted
  /// text of the message. Columns count UTF-16 units from 1, as engines do.
  /// nil when the prefixes do not behave so.
  static func column(of error: ScriptError, in source: String) -> Int? {
    guard let line = error.line, line >= 1 else { return nil }
    let units = Array(source.utf16)
    var starts = [0]
    var index = 0
    while index < units.count {
      switch units[index] {
      case 0x0A, 0x2028, 0x2029: starts.append(index + 1)
      case 0x0D:
        if index + 1 < units.count && units[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      default: break
      }
      index += 1
    }
    guard line <= starts.count else { return nil }
    let start = starts[line - 1]
    let end = line < starts.count ? starts[line] : units.count
    func failsAlike(_ length: Int) -> Bool {
      guard let found = syntaxError(in: String(decoding: units[0..<(start + length)], as: UTF16.self)) else {
        return false
      }
      return found.message == error.message && found.line == line
    }
    var low = 1
    var high = end - start
    guard high >= 1, failsAlike(high) else { return nil }
    while low < high {
      let middle = (low + high) / 2
      if failsAlike(middle) { high = middle } else { low = middle + 1 }
    }
    return max(1, low - quotedToken(in: error.message).utf16.count + 1)
  }

  /// The first text in single or double quotes of an engine message
  /// (`Unexpected token ';'` → `;`), or one character's worth when none.
  static func quotedToken(in message: String) -> String {
    guard let open = message.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return " " }
    let rest = message[message.index(after: open)...]
    guard let close = rest.firstIndex(of: message[open]) else { return " " }
    let token = String(rest[..<close])
    return token.isEmpty ? " " : token
  }
}
