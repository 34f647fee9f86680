import BridgeImplementations
import Dialects

/// The profiles bridgecheck ships, in the order inference prefers them when
/// two fit a bridge equally: the default dialect (`wvjb-classic`) first,
/// then by name.
enum ShippedProfiles {
  /// The shipped profiles that load, in order of preference.
  static var all: [BridgeProfile] {
    let names = BridgeProfile.shippedNames(in: Resources.profilesFolder)
    let ordered = names.filter { $0 == BridgeProfile.classic.name } + names.filter { $0 != BridgeProfile.classic.name }
    return ordered.compactMap { try? BridgeProfile.load($0, profilesFolder: Resources.profilesFolder).get() }
  }
}
