#!/usr/bin/env bash
# Installs what bridgecheck needs on Debian/Ubuntu when it is missing:
# JavaScriptCore's development files (libjavascriptcoregtk-4.1-dev) and
# pkg-config; with --webkit also WebKitGTK (libwebkit2gtk-4.1-dev) and Xvfb
# (xvfb, xauth) for the optional real engine. The Swift toolchain (6.1 or
# later) must already be installed.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: swift is not on PATH; install a Swift 6 toolchain first (https://www.swift.org/install/linux/)" >&2
  exit 1
fi

# --webkit: also the real engine of the WebKitGTK trait (issue #14) and a virtual display for it.
webkit=0
if [ "${1:-}" = "--webkit" ]; then webkit=1; fi
packages=""
if ! pkg-config --exists javascriptcoregtk-4.1 2>/dev/null; then packages=" libjavascriptcoregtk-4.1-dev pkg-config"; fi
if [ "$webkit" -eq 1 ]; then
  if ! pkg-config --exists webkit2gtk-4.1 2>/dev/null; then packages="$packages libwebkit2gtk-4.1-dev"; fi
  if ! command -v xvfb-run >/dev/null 2>&1 || ! command -v xauth >/dev/null 2>&1; then packages="$packages xvfb xauth"; fi
fi
if [ -z "$packages" ]; then
  exit 0
fi

echo "setup: installing$packages" >&2
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "setup:$packages missing and installing needs root; run as root:" >&2
  echo "  apt-get update && apt-get install -y$packages" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq $packages >/dev/null
pkg-config --exists javascriptcoregtk-4.1
if [ "$webkit" -eq 1 ]; then pkg-config --exists webkit2gtk-4.1; fi
