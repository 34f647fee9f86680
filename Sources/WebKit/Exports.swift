// As on Apple platforms, `import WebKit` brings Foundation with it (and on
// Linux FoundationNetworking, which holds `URLRequest`), so that bridge
// sources that import only WebKit compile unmodified.
@_exported import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
