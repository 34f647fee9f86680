import JSONModel
import PageSimulation

/// Decoding of a fixture's `schedule` field, which pins the schedule the
/// scenario runs under (what `bridgecheck run --explore` and `fuzz` write
/// into the fixtures they make):
///
/// - `{"seed": N}`: the schedule seed N draws (seed 0 is the default one);
/// - `{"deviations": [{"at": 3, "point": "evaluate-latency", "value": 10}]}`:
///   exactly these deviations from the default schedule, by choice index.
enum ScheduleDecoding {
  static func schedule(_ node: JSONNode) -> ScheduleSpec? {
    guard let object = node.object(allowed: FixtureSchema.scheduleFields, context: " in schedule") else { return nil }
    let seed = object.optional("seed")
    let deviations = object.optional("deviations")
    switch (seed, deviations) {
    case (let seed?, nil):
      return seed.integer(maximum: 1 << 53).map { .seed(UInt64($0)) }
    case (nil, let deviations?):
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
        node.pointer, "bad-schedule", "a schedule names either \"seed\" or \"deviations\", exactly one",
        hint: "e.g. {\"seed\": 17}, or {\"deviations\": [{\"at\": 3, \"point\": \"evaluate-latency\", \"value\": 10}]}")
      return nil
    }
  }
}

extension ScheduleSpec {
  /// The spec as a fixture's `schedule` value.
  public var fixtureValue: JSONValue {
    switch self {
    case .seed(let seed): return ["seed": .number(Double(seed))]
    case .deviations(let choices):
      return [
        "deviations": .array(
          choices.map { ["at": .number(Double($0.index)), "point": .string($0.point.rawValue), "value": .number(Double($0.value))] })
      ]
    }
  }
}
