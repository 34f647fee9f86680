import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

/// The DOM look-ups bridges call, answered as WebKitGTK 2.50 answers them
/// for the elements the simulated page has (the same scripts run in both
/// engines in `Tests/WebKitEngineTests/WebKitHost+WorkerFidelity.swift`).
@Suite("Page: DOM look-ups")
struct SimulatedPageLookupTests {
  /// A div (`a b`, id `x`) with a span (`b`) in the body, and a detached `p`.
  static let tree = """
    var d = document.createElement('div'); d.className = 'a b'; d.id = 'x'; document.body.appendChild(d);
    var s = document.createElement('span'); s.setAttribute('class', 'b'); d.appendChild(s);
    var detached = document.createElement('p'); detached.id = 'gone';
    """

  @Test func getElementsByTagNameIsALiveCollectionInTreeOrder() {
    let page = loadedPage(
      """
      var frames = document.getElementsByTagName('IFRAME');
      var before = frames.length;
      var f = document.createElement('iframe'); document.body.appendChild(f);
      var all = document.getElementsByTagName('*');
      var names = []; for (var i = 0; i < all.length; i++) names.push(all[i].tagName);
      """)
    #expect(
      page.value(
        "before + ' ' + frames.length + ' ' + (frames[0] === f) + ' ' + (frames.item(0) === f) + ' ' + frames.item(5)")
        == "0 1 true true null")
    #expect(page.value("names.join(' ')") == "HTML HEAD META BODY SCRIPT IFRAME")
    #expect(
      page.value(
        "Object.prototype.toString.call(frames) + ' ' + Array.isArray(frames) + ' ' + Object.keys(frames).join(',') + ' ' + ('length' in frames) + ' ' + (0 in frames) + ' ' + (5 in frames)"
      )
        == "[object HTMLCollection] false 0 true true false")
    #expect(
      page.value("Array.prototype.slice.call(frames).length + ' ' + typeof frames.forEach + ' ' + [...frames].length")
        == "1 undefined 1")
    #expect(page.value("document.getElementsByTagName(null).length") == 0)
    #expect(
      page.value("try { document.getElementsByTagName(); 'no error' } catch (e) { e.name + ': ' + e.message }")
        == "TypeError: Not enough arguments")
  }

  @Test func elementLookupsSearchOnlyTheirDescendants() {
    let page = loadedPage(Self.tree)
    #expect(
      page.value(
        "d.getElementsByTagName('span').length + ' ' + d.getElementsByTagName('div').length + ' ' + document.documentElement.getElementsByTagName('*').length"
      ) == "1 0 6")
    #expect(
      page.value(
        "String(document.getElementById('gone')) + ' ' + document.getElementsByTagName('p').length + ' ' + (document.getElementById('x') === d)"
      ) == "null 0 true")
  }

  @Test func getElementsByClassNameMatchesEveryClassGiven() {
    let page = loadedPage(Self.tree)
    #expect(
      page.value(
        "[document.getElementsByClassName('b').length, document.getElementsByClassName('a b').length, document.getElementsByClassName('').length, document.getElementsByClassName(' b  a ').length].join(' ')"
      ) == "2 1 0 1")
    #expect(page.value("d.className + '|' + s.className + '|' + d.getAttribute('class')") == "a b|b|a b")
  }

  @Test func querySelectorMatchesSimpleSelectors() {
    let page = loadedPage(Self.tree)
    #expect(
      page.value(
        "[document.querySelector('[class=\"b\"]') === s, document.querySelector('[class]') === d, document.querySelector('DIV') === d, document.querySelector('span.b') === s, document.querySelector('*') === document.documentElement, document.querySelector('#x > .b') === s].join(' ')"
      ) == "true true true true true true")
    #expect(
      page.value("[d.querySelector('div'), d.querySelector('span') === s, d.querySelector('div span') === s].join(' ')")
        == " true true")
    #expect(
      page.value(
        "[document.querySelectorAll('.b').length, document.querySelectorAll('div .b').length, document.querySelectorAll('div > span, #x').length].join(' ')"
      ) == "2 1 2")
    let list =
      "var list = document.querySelectorAll('span'); [Object.prototype.toString.call(list), typeof list.forEach, typeof list.item, list.length, Array.isArray(list)].join(' ')"
    #expect(page.value(list) == "[object NodeList] function function 1 false")
  }

  @Test func aSelectorThatIsNoneThrowsASyntaxError() {
    let page = loadedPage("")
    #expect(
      page.value("try { document.querySelector('##'); 'no error' } catch (e) { e.name + ': ' + e.message }")
        == "SyntaxError: '##' is not a valid selector.")
  }

  /// Selector syntax the simulated page does not have finds nothing, and
  /// the page notes it as an API it lacks (reported at the top of a run).
  @Test(arguments: ["body > :first-child", "span:first-child", "div + span", "head ~ body", "[class~=b]"])
  func anUnsupportedSelectorIsNotedAsMissing(selector: String) {
    let page = loadedPage(Self.tree + "var found = document.querySelector('\(selector)');")
    #expect(page.value("found") == .null)
    #expect(
      page.trace.events(named: TraceEventName.pageAPIMissing).first?["api"] == .string("querySelector('\(selector)')"))
  }
}
