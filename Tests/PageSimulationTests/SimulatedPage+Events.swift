import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

@Suite("Page: DOM events and the document's ready states")
struct SimulatedPageEventTests {
  @Test func loadingGoesThroughInteractiveToCompleteInWebKitOrder() {
    let page = loadedPage(
      """
      var seen = [document.readyState];
      document.addEventListener('readystatechange', function () { seen.push('rsc:' + document.readyState); });
      document.addEventListener('DOMContentLoaded', function (e) { seen.push('dcl:' + document.readyState + ':' + e.bubbles); });
      window.addEventListener('DOMContentLoaded', function () { seen.push('dcl@window'); });
      window.addEventListener('load', function (e) { seen.push('load:' + document.readyState + ':' + e.isTrusted); });
      window.onload = function () { seen.push('onload'); };
      document.onreadystatechange = function () { seen.push('onrsc'); };
      """)
    #expect(
      page.value("seen.join(' ')")
        == "loading onrsc rsc:interactive dcl:interactive:true dcl@window onrsc rsc:complete onload load:complete:true")
    #expect(page.value("document.readyState = 'loading'; document.readyState") == "complete")
  }

  /// The load events are left unmade only when no page code could see
  /// them: a handler attribute that is an accessor, or a listener alone,
  /// still gets its event.
  @Test func loadEventsReachAccessorHandlersAndLoneListeners() {
    let page = loadedPage(
      """
      var seen = [];
      Object.defineProperty(window, 'onload', {
        configurable: true,
        get: function () { seen.push('get'); return function (e) { seen.push('onload:' + e.type); }; }
      });
      document.addEventListener('DOMContentLoaded', function () { seen.push('dcl'); });
      """)
    #expect(page.value("seen.filter(function (s) { return s !== 'get'; }).join(' ')") == "dcl onload:load")
    #expect(page.value("seen.indexOf('get') >= 0") == true)
  }

  /// With nobody listening, the load sequence still moves the ready state.
  @Test func readyStateCompletesWithNobodyListening() {
    let page = loadedPage("var start = document.readyState;")
    #expect(page.value("start + ' ' + document.readyState") == "loading complete")
  }

  @Test func createEventThenInitEventDispatchesSynchronously() {
    let page = loadedPage(
      """
      var log = [];
      document.addEventListener('BridgeReady', function (event) {
        log.push(event.type, this === document, event.target === document, event.currentTarget === document,
          event.bridge, event.bubbles, event.cancelable, event.eventPhase);
      });
      var ready = document.createEvent('Events');
      ready.initEvent('BridgeReady');
      ready.bridge = 'the bridge';
      log.push('before');
      var result = document.dispatchEvent(ready);
      log.push('after', result, ready.currentTarget, ready.eventPhase);
      """)
    #expect(
      page.value("log")
        == ["before", "BridgeReady", true, true, true, "the bridge", false, false, 2, "after", true, .null, 0])
  }

  @Test func everyKindWebKitNamesCanBeCreated() {
    let page = loadedPage("")
    #expect(
      page.value(
        """
        ['Event', 'Events', 'HTMLEvents', 'CustomEvent', 'customevent'].map(function (kind) {
          var event = document.createEvent(kind);
          return [event instanceof Event, event instanceof CustomEvent, event.type];
        })
        """)
        == [[true, false, ""], [true, false, ""], [true, false, ""], [true, true, ""], [true, true, ""]])
    #expect(
      page.value("try { document.createEvent('TouchEvents'); 'created' } catch (e) { e.name }") == "NotSupportedError")
  }

  @Test func anUninitialisedEventCannotBeDispatched() {
    let page = loadedPage("")
    #expect(
      page.value("try { document.dispatchEvent(document.createEvent('Event')); 'sent' } catch (e) { e.name }")
        == "InvalidStateError")
    #expect(page.value("try { document.dispatchEvent({ type: 'x' }); 'sent' } catch (e) { e.name }") == "TypeError")
  }

  @Test func preventDefaultOnlyCancelsCancelableEvents() {
    let page = loadedPage(
      """
      window.addEventListener('ask', function (e) { e.preventDefault(); });
      var cancelable = new Event('ask', { cancelable: true });
      var plain = new Event('ask');
      var results = [window.dispatchEvent(cancelable), cancelable.defaultPrevented,
        window.dispatchEvent(plain), plain.defaultPrevented];
      """)
    #expect(page.value("results") == [false, true, true, false])
  }

  @Test func customEventsCarryTheirDetail() {
    let page = loadedPage(
      """
      var details = [];
      document.addEventListener('news', function (e) { details.push(e.detail); });
      document.dispatchEvent(new CustomEvent('news', { detail: { n: 1 } }));
      document.dispatchEvent(new CustomEvent('news'));
      var old = document.createEvent('CustomEvent');
      old.initCustomEvent('news', false, false, 'legacy');
      document.dispatchEvent(old);
      """)
    #expect(page.value("details") == [["n": 1], .null, "legacy"])
  }

  @Test func eventsFromElementsBubbleToDocumentAndWindowAfterCapture() {
    let page = loadedPage(
      """
      var order = [];
      var frame = document.createElement('div');
      document.body.appendChild(frame);
      window.addEventListener('poke', function () { order.push('window capture'); }, true);
      window.addEventListener('poke', function () { order.push('window'); });
      document.addEventListener('poke', function () { order.push('document'); });
      frame.addEventListener('poke', function (e) { order.push('target ' + (e.target === frame)); });
      frame.dispatchEvent(new Event('poke', { bubbles: true }));
      frame.dispatchEvent(new Event('poke'));
      """)
    #expect(
      page.value("order") == ["window capture", "target true", "document", "window", "window capture", "target true"])
  }

  @Test func listenersAreRemovedOnceAndStopImmediatePropagationStops() {
    let page = loadedPage(
      """
      var calls = [];
      function counted() { calls.push('counted'); }
      document.addEventListener('x', counted);
      document.addEventListener('x', counted);
      document.addEventListener('x', function () { calls.push('once'); }, { once: true });
      document.dispatchEvent(new Event('x'));
      document.removeEventListener('x', counted);
      document.addEventListener('x', function (e) { calls.push('first'); e.stopImmediatePropagation(); });
      document.addEventListener('x', function () { calls.push('never'); });
      document.dispatchEvent(new Event('x'));
      """)
    #expect(page.value("calls") == ["counted", "once", "first"])
  }

  @Test func aThrowingListenerReachesOnerrorAndTheOthersStillRun() {
    let page = loadedPage(
      """
      var seen = [];
      window.onerror = function (message) { seen.push('onerror ' + message); };
      window.addEventListener('error', function () { throw new Error('from an error listener'); });
      document.addEventListener('go', function () { throw new TypeError('boom'); });
      document.addEventListener('go', function () { seen.push('second listener'); });
      seen.push('returned ' + document.dispatchEvent(new Event('go')));
      """)
    #expect(page.value("seen") == ["onerror TypeError: boom", "second listener", "returned true"])
    #expect(page.consoleLines == ["an error event listener threw: Error: from an error listener"])
    let recorded = page.trace.events(named: TraceEventName.uncaughtException)
    #expect(recorded.count == 1)
    #expect(recorded.first?["name"] == "TypeError" && recorded.first?["message"] == "boom")
    #expect(recorded.first?["source"] == "page.js" && recorded.first?["line"] == 4)
    #expect(recorded.first?["task"]?.stringValue?.hasSuffix("(an event listener)") == true)
  }

  @Test func bareCallsInAPageScriptAreTheWindows() {
    let page = loadedPage(
      """
      var heard = [];
      addEventListener('load', function () { heard.push('load'); });
      addEventListener('ping', function (e) { heard.push(e.target === window); });
      dispatchEvent(new Event('ping'));
      """)
    #expect(page.value("heard") == [true, "load"])
  }

  @Test func eventConstructorsNeedNewAndAType() {
    let page = loadedPage("")
    #expect(page.value("try { Event('x'); 'made' } catch (e) { e.name }") == "TypeError")
    #expect(page.value("try { new CustomEvent(); 'made' } catch (e) { e.name }") == "TypeError")
    #expect(
      page.value("[Event.AT_TARGET, new Event('x').BUBBLING_PHASE, Event.name, CustomEvent.name]") == [
        2, 3, "Event", "CustomEvent",
      ])
  }
}
