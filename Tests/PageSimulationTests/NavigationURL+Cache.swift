import Testing

@testable import PageSimulation

/// Parsed URLs are cached per process (``NavigationURLCache``): a cached
/// answer must be the parse of that text against that base, never one made
/// for another base, and texts too long to keep are parsed each time.
@Suite("Navigation URL cache")
struct NavigationURLCacheTests {
  @Test func aRelativeURLResolvesAgainstEachBaseItIsGiven() throws {
    let first = try #require(NavigationURL("https://one.example/a/page.html"))
    let second = try #require(NavigationURL("https://two.example/b/c/page.html"))
    for _ in 0..<3 {
      #expect(NavigationURL("next?x=1", base: first)?.serialized == "https://one.example/a/next?x=1")
      #expect(NavigationURL("next?x=1", base: second)?.serialized == "https://two.example/b/c/next?x=1")
      #expect(NavigationURL("next?x=1") == nil)
    }
  }

  @Test func cachedAnswersEqualFreshParses() throws {
    let base = try #require(NavigationURL("https://bridgecheck.test/"))
    let texts = [
      "wvjbscheme://__BRIDGE_LOADED__", "HTTPS://Example.COM:443/a/../b", "javascript:void(0)", "about:blank",
      "https://exa mple.com/", "yy://return/_fetchQueue/[]", String(repeating: "x", count: 300) + "://y",
    ]
    for text in texts {
      let fresh = URLParser(text, base: base).parse()
      #expect(NavigationURL(text, base: base) == fresh, "\(text)")
      #expect(NavigationURL(text, base: base) == fresh, "\(text) (again)")
    }
  }
}
