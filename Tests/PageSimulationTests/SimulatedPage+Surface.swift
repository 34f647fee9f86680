import Foundation
import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

/// What a page can see of its environment, pinned: every own property of
/// the objects the environment makes (window, document, elements and their
/// prototypes, navigator, location, console, the event, Blob, URL and Worker
/// constructors and prototypes, the collections' prototypes, and the
/// intrinsics it replaces), each with its kind, its enumerable, configurable
/// and writable flags, and for a function its `name`, `length`, a hash of its
/// `toString()` and whether it is the same function as one met before; then
/// `Object.keys` of window, document and an element, what JSON makes of an
/// element and of `location`, and the line, column and stack of errors the
/// environment throws (they name lines of `page-environment.js`, and a trace
/// records them). A change to how the environment is installed (for speed,
/// say) must leave all of this as it is.
///
/// The walk is `Resources/page-surface.js`; the expected text is
/// `Resources/page-surface.txt`, recorded with `BRIDGECHECK_RECORD_GOLDENS=1`
/// (a recorded file fails the test, so that the diff is reviewed).
@Suite("Page: what a page sees of its environment")
struct SimulatedPageSurfaceTests {
  private static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Resources")

  @Test func theEnvironmentLooksAsRecorded() throws {
    let walk = try String(contentsOf: Self.resources.appendingPathComponent("page-surface.js"), encoding: .utf8)
    let page = loadedPage("")
    let surface = try #require(page.value(walk)?.stringValue, "the walk failed in the page")
    let golden = Self.resources.appendingPathComponent("page-surface.txt")
    if ProcessInfo.processInfo.environment["BRIDGECHECK_RECORD_GOLDENS"] == "1" {
      try (surface + "\n").write(to: golden, atomically: true, encoding: .utf8)
      Issue.record("recorded \(golden.lastPathComponent); unset BRIDGECHECK_RECORD_GOLDENS and run again")
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let actualLines = surface.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(actualLines.count == expectedLines.count, "a property appeared or went away")
    for (expectedLine, actualLine) in zip(expectedLines, actualLines) where expectedLine != actualLine {
      Issue.record("the page sees \(actualLine)\n  where it saw \(expectedLine)")
      break
    }
    // Nothing the walk touched is an API the simulated page lacks.
    #expect(page.trace.events(named: TraceEventName.pageAPIMissing).isEmpty)
  }

  /// What the structured clone uses of the realm is taken when the page is
  /// made: a page that replaces intrinsics later does not change how its
  /// messages are cloned (WebKit's clone is
  /// native code, which no page script reaches).
  @Test func theCloneUsesTheIntrinsicsThePageStartedWith() {
    let page = loadedPage(
      SimulatedPageWorkerTests.helpers
        + """
        var w = worker("self.onmessage = function (e) { postMessage(e.data); };");
        var OwnMap = Map, OwnSet = Set, OwnFloats = Float64Array, OwnView = DataView, OwnRangeError = RangeError;
        var mapGet = Map.prototype.get, setHas = Set.prototype.has, stringify = JSON.stringify, keys = Object.keys;
        var sent = { map: new Map([['k', 'v']]), set: new Set([2]), floats: new Float64Array([1.5, 2.5]),
          view: new DataView(new ArrayBuffer(3)), error: new RangeError('far'), big: 7n, plain: { a: 1, b: 2 } };
        w.onmessage = function (e) {
          var d = e.data;
          seen = stringify([d.map instanceof OwnMap && mapGet.call(d.map, 'k'), d.set instanceof OwnSet && setHas.call(d.set, 2),
            d.floats instanceof OwnFloats && d.floats[1], d.view instanceof OwnView && d.view.byteLength,
            d.error instanceof OwnRangeError && d.error.message, d.big === 7n, keys(d.plain).join(',')]);
        };
        Map.prototype.get = Map.prototype.set = Map.prototype.has = Map.prototype.forEach = function () { return 'page'; };
        Set.prototype.add = Set.prototype.has = Set.prototype.forEach = function () { return 'page'; };
        window.Float64Array = window.DataView = window.Map = window.Set = window.RangeError = function () {};
        window.Uint8Array = window.ArrayBuffer = window.BigInt = window.Array = function () {};
        Object.keys = function () { return ['page']; };
        JSON.stringify = JSON.parse = function () { return 'page'; };
        Reflect.apply = function () { return 'page'; };
        Object.prototype.toString = function () { return 'page'; };
        Object.prototype.hasOwnProperty = function () { return false; };
        Array.isArray = function () { return false; };
        w.postMessage(sent);
        """)
    #expect(page.value("seen") == #"["v",true,2.5,3,"far",true,"a,b"]"#)
    #expect(page.trace.events(named: TraceEventName.uncaughtException).isEmpty)
  }
}
