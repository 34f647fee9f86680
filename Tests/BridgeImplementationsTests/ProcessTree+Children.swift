import Foundation
import ProcessSupport
import Testing

@testable import BridgeImplementations

#if canImport(Glibc)
  import Glibc
#endif

/// How a worker finds the orphans its adapters left: the children files of
/// its own threads, instead of every process's `stat` on the machine.
@Suite("Process tree")
struct ProcessTreeTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "needs /proc"))
  func childrenListsAChildAsTheWholeProcessScanDoes() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["10"]
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let pid = process.processIdentifier
    let children = try #require(ProcessTree.children(), "this kernel lists each thread's children")
    #expect(children.contains(pid), "\(children) lacks \(pid)")
    #expect(ProcessTree.parents()[pid] == getpid(), "the whole scan agrees")
    #expect(!children.contains(getpid()))
    // Everything listed is a child of this process.
    let parents = ProcessTree.parents()
    #expect(children.allSatisfy { parents[$0] == nil || parents[$0] == getpid() })
  }
}
