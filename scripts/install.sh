#!/usr/bin/env bash
# Installs bridgecheck under a prefix, relocatable: PREFIX/bin/bridgecheck with its
# resource bundles next to it, and its own files (fixtures, profiles, mutants,
# implementations, dialect bridges, adapters, docs, the reference page
# scripts) in PREFIX/share/bridgecheck, where the
# executable finds them from any folder (see "Run it from anywhere" in docs/ci.md).
#
# Usage: scripts/install.sh PREFIX            (builds the release binary first)
#        BRIDGECHECK_BINARY=path scripts/install.sh PREFIX   (installs that binary)
set -euo pipefail
if [ "$#" -ne 1 ]; then
  echo "usage: scripts/install.sh PREFIX (e.g. \$HOME/.local or /opt/bridgecheck)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
prefix="$1"
binary="${BRIDGECHECK_BINARY:-}"
if [ -z "$binary" ]; then
  scripts/setup.sh
  swift build -c release --product bridgecheck
  binary=.build/release/bridgecheck
fi
build_folder="$(dirname "$binary")"
mkdir -p "$prefix/bin" "$prefix/share/bridgecheck/conformance"
cp "$binary" "$prefix/bin/bridgecheck"
# The resource bundles: the reference page scripts, the page environment, the harness's and the
# real engine's page scripts, the inference kit (bridgecheck_<module>.resources, one per module).
for bundle in "$build_folder"/bridgecheck_*.resources; do
  rm -rf "$prefix/bin/$(basename "$bundle")"
  cp -R "$bundle" "$prefix/bin/"
done
share="$prefix/share/bridgecheck"
rm -rf "$share/Fixtures" "$share/docs"
cp -R Fixtures docs "$share/"
for folder in profiles mutants implementations adapters calibration dialects; do
  rm -rf "$share/conformance/$folder"
  cp -R "conformance/$folder" "$share/conformance/"
done
# The page scripts the implementation manifests name (conformance/implementations/).
rm -rf "$share/Sources"
mkdir -p "$share/Sources/ReferenceBridges"
cp -R Sources/ReferenceBridges/Resources "$share/Sources/ReferenceBridges/"
echo "installed: $prefix/bin/bridgecheck (its files in $share)"
