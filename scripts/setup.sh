#!/usr/bin/env bash
# Installs what bridgecheck needs on Debian/Ubuntu when it is missing:
# JavaScriptCore's development files (libjavascriptcoregtk-4.1-dev) and
# pkg-config. The Swift toolchain (6.0 or later) must already be installed.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: swift is not on PATH; install a Swift 6 toolchain first (https://www.swift.org/install/linux/)" >&2
  exit 1
fi

if pkg-config --exists javascriptcoregtk-4.1 2>/dev/null; then
  exit 0
fi

echo "setup: installing libjavascriptcoregtk-4.1-dev and pkg-config" >&2
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "setup: libjavascriptcoregtk-4.1-dev is missing and installing it needs root; run as root:" >&2
  echo "  apt-get update && apt-get install -y libjavascriptcoregtk-4.1-dev pkg-config" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libjavascriptcoregtk-4.1-dev pkg-config >/dev/null
pkg-config --exists javascriptcoregtk-4.1
