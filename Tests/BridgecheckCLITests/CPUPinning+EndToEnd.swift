import Foundation
import TestSupport
import Testing

/// `bridgecheck run --native` gives its adapter the CPU of its worker, and
/// `--no-cpu-pinning` leaves the adapter where the system puts it.
@Suite("CPU pinning, end to end")
struct CPUPinningEndToEndTests {
  @Test(.enabled(if: ProcessTable.isAvailable, "needs /proc to read the adapter's CPUs"))
  func runPinsItsAdapterUnlessToldNotTo() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let binary = try bridgecheckBinary().path
    let mine = try #require(cpuList(of: "self"))
    for (flags, pinned) in [([String](), true), (["--no-cpu-pinning"], false)] {
      let record = scratch.path("cpus-\(pinned).txt")
      // The adapter writes the CPUs it may run on, then becomes the reference adapter.
      let adapter =
        "sh -c 'grep Cpus_allowed_list /proc/self/status >> \"$0\"; exec \"$1\" reference-adapter' \(record) \(binary)"
      let outcome = try bridgecheck(
        ["run", "--jobs", "1", "--native", adapter, "--filter", "callbacks/page-to-native-response"] + flags,
        timeLimit: 120)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let lists = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(Self.list(ofLine:))
      #expect(!lists.isEmpty, "the adapter started")
      if pinned {
        // The worker's adapter: one CPU, written as its number alone (a kernel
        // CPU list such as `0-1` or `0,2` names more). The supervisor starts
        // one of its own, unpinned, only to read its `hello`.
        #expect(lists.contains { Int($0) != nil }, "one CPU: \(lists)")
        #expect(lists.allSatisfy { Int($0) != nil || $0 == mine }, "\(lists) against \(mine)")
      } else {
        #expect(lists.allSatisfy { $0 == mine }, "the CPUs of the run: \(lists) against \(mine)")
      }
    }
  }

  /// `Cpus_allowed_list` of `/proc/PROCESS/status`, as the kernel writes it.
  private func cpuList(of process: String) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
    else { return nil }
    return Self.list(ofLine: line)
  }

  private static func list(ofLine line: Substring) -> String {
    String(line.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
  }
}
