import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a report file whole or not at all: the text goes to a temporary
/// file beside it, which is then renamed over the path, so an interrupted or
/// failed run never leaves a truncated report. A failure says what is wrong
/// with the path, and what to do.
enum ReportFile {
  /// Checks, before a run, that a report can be written at `path` (its
  /// folders are created), so a bad path fails at once, not after the run.
  static func prepare(_ path: String) throws {
    try makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, for: path)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw problem(path, "it is a folder", hint: "give a file path, e.g. \(path)/bridgecheck.json")
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    if access(folder, W_OK) != 0 { throw failure(path, errno) }
  }

  static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    try prepare(path)
    let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(path, errno) }
    let code = writeAll(text, to: fd)
    close(fd)
    guard code == 0, rename(temporary, path) == 0 else {
      let reason = code == 0 ? errno : code
      unlink(temporary)
      throw failure(path, reason)
    }
  }

  /// Appends `text` to the file at `path` (created when missing), in one
  /// write with `O_APPEND`, the way `$GITHUB_STEP_SUMMARY` is meant to be
  /// written: earlier steps' summaries are kept.
  static func append(_ text: String, to path: String) throws {
    try prepare(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(path, errno) }
    defer { close(fd) }
    let code = writeAll(text, to: fd)
    if code != 0 { throw failure(path, code) }
  }

  /// Writes all of `text` to `fd`; 0, or the `errno` of the write that failed.
  private static func writeAll(_ text: String, to fd: Int32) -> Int32 {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += count
    }
    return 0
  }

  /// Creates `folder` and its parents where missing; a part of it that is
  /// a file is named.
  private static func makeFolder(_ folder: String, for path: String) throws {
    var walked = ""
    for component in URL(fileURLWithPath: folder).standardizedFileURL.path.split(separator: "/") {
      walked += "/" + component
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: walked, isDirectory: &isFolder) {
        guard isFolder.boolValue else {
          throw problem(
            path, "\(walked) is a file, not a folder", hint: "write the report somewhere else, or move \(walked)")
        }
      } else if mkdir(walked, 0o755) != 0 && errno != EEXIST {
        throw failure(path, errno)
      }
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> CLIError {
    switch code {
    case EACCES, EPERM:
      return problem(path, "permission denied", hint: "choose a folder you can write to, or change its permissions")
    case EROFS:
      return problem(path, "the file system is read-only", hint: "write the report to a writable place, e.g. /tmp")
    case ENOSPC, EDQUOT:
      return problem(path, "no space left on the device", hint: "free some space, or write the report elsewhere")
    case EISDIR:
      return problem(path, "it is a folder", hint: "give a file path, e.g. \(path)/bridgecheck.json")
    case ENAMETOOLONG:
      return problem(path, "the path is too long", hint: "give a shorter path")
    default:
      return problem(path, String(cString: strerror(code)), hint: nil)
    }
  }

  private static func problem(_ path: String, _ what: String, hint: String?) -> CLIError {
    .usage("cannot write \(path): \(what)", hint: hint)
  }
}
