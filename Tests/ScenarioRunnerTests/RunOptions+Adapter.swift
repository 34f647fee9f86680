import BridgeImplementations
import Testing

@testable import ScenarioRunner

@Suite("Run options for an adapter")
struct RunOptionsAdapterTests {
  @Test func theDefaultLimitStaysWhenItIsEnough() {
    var options = RunOptions()
    options.allowTime(for: AdapterLimits(commandTimeout: .seconds(1), startupTimeout: .seconds(2)))
    #expect(options.scenarioTimeLimit == .seconds(20))
  }

  @Test func slowAdaptersGetRoomForTheirStartAndThreeCommands() {
    var options = RunOptions()
    options.allowTime(for: AdapterLimits())
    #expect(options.scenarioTimeLimit == .seconds(30), "15 s start + 3 × 5 s")
    // hello has the startup limit, whatever the command limit is.
    options.allowTime(for: AdapterLimits(commandTimeout: .seconds(60), startupTimeout: .seconds(10)))
    #expect(options.scenarioTimeLimit == .seconds(190), "10 s hello + 3 × 60 s")
  }
}
