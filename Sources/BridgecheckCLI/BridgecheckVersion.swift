/// The version of bridgecheck, printed by `--version` and written in reports.
enum BridgecheckVersion {
  static let current = "0.1.0"
}
