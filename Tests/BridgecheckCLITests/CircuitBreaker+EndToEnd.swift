import Foundation
import JSONModel
import Testing

/// An adapter that fails every scenario the same way stops the run after a
/// few scenarios instead of repeating one timeout for each of them.
@Suite("Adapter circuit breaker end to end")
struct CircuitBreakerEndToEndTests {
  @Test func aHangingAdapterStopsTheRunAfterFiveIdenticalErrors() throws {
    let outcome = try bridgecheck(
      [
        "run", "--native", "python3 conformance/adapters/faulty/hang.py", "--adapter-timeout", "1", "--jobs", "1",
        "--filter", "data/*", "--format", "json",
      ], timeLimit: 120)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    let report = try jsonReport(outcome.stdout)
    let cutShort = report["cutShort"]?.stringValue ?? ""
    #expect(cutShort.contains("failed the first 5 scenarios that ran with the same error"), "\(cutShort)")
    #expect(cutShort.contains("bridgecheck doctor --native"), "\(cutShort)")
    let results = report["results"]?.arrayValue ?? []
    let errors = results.filter { $0["status"]?.stringValue == "error" }
    #expect(errors.count == 5, "\(errors.count) errors")
    #expect(results.count < 19, "\(results.count) of 19 scenarios ran")
  }

  @Test func aWorkingAdapterIsNeverCutShort() throws {
    let outcome = try bridgecheck(
      ["run", "--native", "python3 conformance/adapters/python/adapter.py", "--filter", "data/*", "--format", "json"],
      timeLimit: 120)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let report = try jsonReport(outcome.stdout)
    #expect(report["cutShort"] == .null)
  }
}
