extension PageEnvironmentScript {
  /// The page's document: `<html>` with a `<head>` (one `<meta>`) and a
  /// `<body>` that gets a `<script>` element for each page script as it runs,
  /// as WebKit parses the page the WebKit engine loads; elements that
  /// bridges create and insert (an iframe's `src` is a navigation); the event
  /// path (`eventParent`); and the look-ups bridges call, as WebKit answers
  /// them for these elements: `getElementById`, `getElementsByTagName` and
  /// `getElementsByClassName` (live `HTMLCollection`s), `querySelector` and
  /// `querySelectorAll` (a static `NodeList`) for type, `*`, `#id`, `.class`
  /// and `[attr]`/`[attr=value]` selectors joined by descendant or `>`
  /// combinators and commas. Any other selector syntax (pseudo-classes,
  /// sibling combinators, other attribute operators) is not simulated: the
  /// host notes it as an API the simulated page lacks and the look-up finds
  /// nothing. `addScriptElement()` is for the host.
  static let document = environmentScripts.text(of: "page-document.js")
}
