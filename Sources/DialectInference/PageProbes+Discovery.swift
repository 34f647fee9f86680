import Dialects
import JSONModel

extension PageProbes {
  /// Loads the bridge and finds the global it defines. A bridge that needs
  /// a global of the app at load (a host object it extends, a channel it
  /// decorates) fails or defines nothing without one: the globals it looked
  /// up and did not find then get stand-ins, those its error names first,
  /// one at a time, as long as each makes the load better.
  func discover() throws(PageInferenceFailure) {
    var attempt = loadedPage()
    if let limit = attempt.page.limitViolation { throw .pageLimit(file: file, message: limit) }
    var survey = attempt.page.survey()
    var score = loadScore(attempt.load, survey)
    var tried: Set<String> = []
    var rounds = 0
    while score.total < 3, rounds < 8, mayMakePage {
      let reads = unknownReads(attempt.load, phase: "load").filter {
        !tried.contains($0) && !defined(in: attempt.load).contains($0)
      }
      guard !reads.isEmpty else { break }
      let message = score.error?.message ?? ""
      let named = reads.filter { message.contains($0) }
      // An error that names none of them comes from what the page itself
      // would hold before the bridge (its start-up arrays): try those first.
      if score.error != nil, named.isEmpty, setup.presetArrays.isEmpty {
        rounds += 1
        let previous = setup
        setup.presetArrays = reads
        let next = loadedPage()
        let nextSurvey = next.page.survey()
        let nextScore = loadScore(next.load, nextSurvey)
        if nextScore.total > score.total {
          (attempt, survey, score) = (next, nextSurvey, nextScore)
          continue
        }
        setup = previous
      }
      let ordered = named + reads.filter { !message.contains($0) }
      var improved = false
      for name in ordered where rounds < 8 && mayMakePage {
        rounds += 1
        tried.insert(name)
        let previous = setup
        setup.loadStubs.append(name)
        let next = loadedPage()
        let nextSurvey = next.page.survey()
        let nextScore = loadScore(next.load, nextSurvey)
        // Better, or past the error: another one later in the load.
        let pastTheError =
          nextScore.total == score.total && score.error != nil && nextScore.error != nil
          && nextScore.error?.message != score.error?.message
        if nextScore.total > score.total || pastTheError {
          attempt = next
          survey = nextSurvey
          score = nextScore
          improved = true
          break
        }
        setup = previous
      }
      if !improved { break }
    }
    if let limit = attempt.page.limitViolation { throw .pageLimit(file: file, message: limit) }
    if let error = score.error {
      throw .throwsAtLoad(file: file, line: error.line, column: error.column, message: error.message)
    }
    guard let found = Self.layout(from: survey) else {
      let made = (survey?["globals"]?.arrayValue ?? []).compactMap {
        $0["stub"]?.boolValue == true ? nil : $0["name"]?.stringValue
      }
      throw .noBridge(
        file: file,
        reason: made.isEmpty
          ? "it loads without an error and defines no global"
          : "it defines \(made.joined(separator: ", ")), none of which is an object with functions")
    }
    layout = found
    loadObservation = attempt.load
    loadSurvey = survey
    definedNames = defined(in: attempt.load).union([found.global])
    var evidence = "the script "
    if found.isStandIn {
      evidence += "extends the global \(found.global) that it expects the app to add (a host object), giving it "
    } else {
      evidence += "defines window.\(found.global) with "
    }
    evidence += found.functions.joined(separator: ", ")
    if !setup.loadStubs.isEmpty, !found.isStandIn || setup.loadStubs != [found.global] {
      evidence +=
        "; at load it needs the app's " + setup.loadStubs.filter { $0 != found.global }.joined(separator: ", ")
    }
    facts.global = Observed(found.global, evidence)
  }

  /// How well a load went: 2 for a bridge found, 1 for no error.
  private func loadScore(_ load: ProbePage.Observation, _ survey: JSONValue?) -> (total: Int, error: LoadError?) {
    let error = loadError(load)
    return ((Self.layout(from: survey) != nil ? 2 : 0) + (error == nil ? 1 : 0), error)
  }

  struct LoadError {
    var message: String
    var line: Int?
    var column: Int?
  }

  /// The first exception the bridge's own code threw while it loaded.
  func loadError(_ load: ProbePage.Observation) -> LoadError? {
    for fields in load.uncaught where fields["source"]?.stringValue == file {
      let name = fields["name"]?.stringValue
      let message = fields["message"]?.stringValue ?? "an exception"
      // The wrapped script has one line before the bridge's first.
      let line = fields["line"]?.numberValue.map { max(Int($0) - 1, 1) }
      let column = fields["column"]?.numberValue.map { Int($0) }
      return LoadError(message: name.map { "\($0): \(message)" } ?? message, line: line, column: column)
    }
    return nil
  }

  /// The globals the bridge looked up without finding them, in order.
  func unknownReads(_ observation: ProbePage.Observation, phase: String) -> [String] {
    var seen: Set<String> = []
    return observation.events("read").compactMap { event in
      guard event["phase"]?.stringValue == phase, let name = event["name"]?.stringValue, seen.insert(name).inserted
      else { return nil }
      return name
    }
  }

  /// The globals the bridge created.
  func defined(in observation: ProbePage.Observation) -> Set<String> {
    Set(observation.events("define").compactMap { $0["name"]?.stringValue })
  }

  /// The bridge among what the page holds: the global with the most
  /// functions (the first of equals), a stand-in only once the bridge gave
  /// it functions of its own.
  static func layout(from survey: JSONValue?) -> BridgeLayout? {
    let globals = survey?["globals"]?.arrayValue ?? []
    var best: BridgeLayout?
    var functionGlobals: [String] = []
    for entry in globals {
      guard let name = entry["name"]?.stringValue else { continue }
      let functions = (entry["functions"]?.arrayValue ?? []).compactMap(\.stringValue)
      if entry["type"]?.stringValue == "function" { functionGlobals.append(name) }
      guard !functions.isEmpty else { continue }
      if best == nil || functions.count > best!.functions.count {
        best = BridgeLayout(
          global: name, functions: functions, isStandIn: entry["stub"]?.boolValue ?? false, globalFunctions: [])
      }
    }
    guard var found = best else { return nil }
    found.globalFunctions = functionGlobals.filter { $0 != found.global }
    return found
  }
}
