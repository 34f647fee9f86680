import JSONModel
import WebViewHosting

/// Decoding of a fixture's `schedule` field, which pins the schedule the
/// scenario runs under (what `bridgecheck run --explore` and `fuzz` write
/// into the fixtures they make):
///
/// - `{"seed": N}`: the schedule seed N draws (seed 0 is the default one);
/// - `{"deviations": [{"at": 3, "point": "evaluate-latency", "value": 10}]}`:
///   exactly these deviations from the default schedule, by choice index;
/// - `{"name": "steps-apart"}`: one of the default gate's schedules
///   (``SystematicSchedule/defaultGate``).
enum ScheduleDecoding {
  static func schedule(_ node: JSONNode) -> ScheduleSpec? {
    guard let object = node.object(allowed: FixtureSchema.scheduleFields, context: " in schedule") else { return nil }
    let seed = object.optional("seed")
    let deviations = object.optional("deviations")
    let name = object.optional("name")
    switch (seed, deviations, name) {
    case (let seed?, nil, nil):
      return seed.integer(maximum: 1 << 53).map { .seed(UInt64($0)) }
    case (nil, nil, let name?):
      guard let text = name.string() else { return nil }
      guard let schedule = SystematicSchedule.named(text) else {
        let names = SystematicSchedule.defaultGate.map(\.name)
        let suggestion = closest(to: text, among: names).map { "did you mean \"\($0)\"? " } ?? ""
        name.problems.add(
          name.pointer, "unknown-value", "\"\(text)\" is not one of the default gate's schedules",
          hint: suggestion + "use one of: " + names.joined(separator: ", "))
        return nil
      }
      return .systematic(schedule)
    case (nil, let deviations?, nil):
      guard let entries = deviations.array() else { return nil }
      var choices: [ScheduleChoice] = []
      for entry in entries {
        guard let fields = entry.object(allowed: FixtureSchema.deviationFields, context: " in a schedule deviation"),
          let at = fields.required("at", hint: "the index of the choice, from 0")?.integer(),
          let point = fields.required("point")?.choice(ChoicePoint.self, ChoicePoint.allCases),
          let value = fields.required("value", hint: "milliseconds, or for order the ready source that runs first")?
            .integer(maximum: 1_000_000)
        else { continue }
        choices.append(ScheduleChoice(index: at, point: point, value: value))
      }
      return .deviations(choices.sorted { $0.index < $1.index })
    default:
      node.problems.add(
        node.pointer, "bad-schedule", "a schedule names exactly one of \"seed\", \"deviations\" and \"name\"",
        hint:
          "e.g. {\"seed\": 17}, {\"deviations\": [{\"at\": 3, \"point\": \"evaluate-latency\", \"value\": 10}]}, or {\"name\": \"steps-apart\"}"
      )
      return nil
    }
  }
}

extension ScheduleSpec {
  /// The spec as a fixture's `schedule` value.
  package var fixtureValue: JSONValue {
    switch self {
    case .seed(let seed): return ["seed": .number(Double(seed))]
    case .systematic(let schedule): return ["name": .string(schedule.name)]
    case .deviations(let choices):
      return [
        "deviations": .array(
          choices.map {
            ["at": .number(Double($0.index)), "point": .string($0.point.rawValue), "value": .number(Double($0.value))]
          })
      ]
    }
  }
}
