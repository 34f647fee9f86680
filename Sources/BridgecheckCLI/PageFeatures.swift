import ArgumentParser
import BridgeImplementations
import Dialects
import JSONModel

/// `run --page-feature NAME`: the optional features a `--js` page bridge declares.
enum PageFeatures {
  /// A usage error for a feature bridgecheck does not know, or features
  /// without a `--js` bridge to declare them.
  static func validate(_ features: [String], js: String?) throws {
    guard !features.isEmpty else { return }
    guard js != nil else {
      throw ValidationError(
        "--page-feature declares a feature of the --js page bridge: give --js FILE too (bridgecheck's own bridges have every feature)"
      )
    }
    for feature in features where !ImplementationFeature.known.contains(feature) {
      let suggestion =
        NameSuggestion.closest(to: feature, among: ImplementationFeature.known).map { " (did you mean \($0)?)" } ?? ""
      throw ValidationError(
        "--page-feature \(feature.debugDescription): no such feature\(suggestion); the features are "
          + ImplementationFeature.known.joined(separator: ", "))
    }
  }
}
