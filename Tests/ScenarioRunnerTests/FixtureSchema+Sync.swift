import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import TestSupport
import Testing

@testable import ScenarioRunner

/// `Fixtures/schema.json` and the Swift decoder must describe the same format.
@Suite("Fixture schema in step with the Swift model")
struct FixtureSchemaSyncTests {
  let schema: JSONValue

  init() throws {
    let data = try Data(contentsOf: packageRoot.appendingPathComponent("Fixtures/schema.json"))
    schema = try JSONValue.parse(utf8: [UInt8](data))
  }

  private func keys(_ pointer: String) throws -> Set<String> {
    let value = try #require(schema.value(at: JSONPointer(parsing: pointer)), "\(pointer) missing in schema.json")
    return Set(try #require(value.objectValue).keys)
  }

  private func enumValues(_ pointer: String) throws -> Set<String> {
    let value = try #require(schema.value(at: JSONPointer(parsing: pointer)), "\(pointer) missing in schema.json")
    return Set(try #require(value.arrayValue).compactMap(\.stringValue))
  }

  @Test func objectFieldsMatch() throws {
    #expect(try keys("/properties") == Set(FixtureSchema.topLevelFields))
    #expect(try keys("/$defs/setup/properties") == Set(FixtureSchema.setupFields))
    #expect(try keys("/$defs/setup/properties/options/properties") == Set(FixtureSchema.optionFields))
    #expect(try keys("/$defs/setup/properties/appPolicy/properties") == Set(FixtureSchema.appPolicyFields))
    #expect(try keys("/$defs/behaviour/oneOf/1/properties") == Set(FixtureSchema.behaviourFields))
    #expect(try keys("/$defs/behaviour/oneOf/1/properties/call/properties") == Set(FixtureSchema.callFields))
    #expect(try keys("/$defs/expect/properties") == Set(FixtureSchema.expectFields))
    #expect(try keys("/properties/requires/properties") == Set(FixtureSchema.requiresFields))
    #expect(try keys("/properties/engines/properties") == Set(FixtureSchema.engineFields))
    #expect(try keys("/properties/levelByPeers/items/properties") == Set(FixtureSchema.peerLevelFields))
    #expect(try enumValues("/$defs/behaviour/oneOf/0/enum") == Set(FixtureSchema.behaviourShorthands))
  }

  @Test func enumerationsMatch() throws {
    #expect(try enumValues("/properties/level/enum") == Set(Level.allCases.map(\.rawValue)))
    #expect(try enumValues("/properties/subject/enum") == Set(Subject.allCases.map(\.rawValue)))
    #expect(try enumValues("/properties/allow/items/enum") == Set(Invariant.allCases.map(\.rawValue)))
    #expect(try enumValues("/$defs/setup/properties/transport/enum") == Set(Transport.allCases.map(\.rawValue)))
    #expect(try enumValues("/$defs/setup/properties/injection/enum") == Set(Injection.allCases.map(\.rawValue)))
    #expect(try enumValues("/$defs/setup/properties/pageSetup/enum") == Set(PageSetup.allCases.map(\.rawValue)))
    #expect(try enumValues("/$defs/pattern/properties/event/enum") == Set(FixtureSchema.eventNames))
    #expect(try enumValues("/properties/engines/properties/only/items/enum") == Set(FixtureSchema.engineNames))
    #expect(
      try enumValues("/properties/requires/properties/dialect/items/enum") == Set(DialectTrait.allCases.map(\.rawValue))
    )
    #expect(
      try enumValues("/properties/levelByPeers/items/properties/fact/enum") == Set(PeerFact.allCases.map(\.rawValue)))
  }

  @Test func everyStepActionHasTheSameFields() throws {
    let variants = try #require(schema.value(at: JSONPointer(parsing: "/$defs/step/oneOf"))?.arrayValue)
    var fromSchema: [String: (fields: Set<String>, required: Set<String>)] = [:]
    for variant in variants {
      let action = try #require(variant["properties"]?["action"]?["const"]?.stringValue)
      let fields = Set(try #require(variant["properties"]?.objectValue).keys).subtracting(["action"])
      let required = Set(variant["required"]?.arrayValue?.compactMap(\.stringValue) ?? []).subtracting(["action"])
      fromSchema[action] = (fields, required)
    }
    #expect(Set(fromSchema.keys) == Set(FixtureSchema.actions.map(\.name)))
    for action in FixtureSchema.actions {
      #expect(fromSchema[action.name]?.fields == Set(action.fields), "fields of \(action.name)")
      #expect(fromSchema[action.name]?.required == Set(action.required), "required fields of \(action.name)")
    }
  }
}
