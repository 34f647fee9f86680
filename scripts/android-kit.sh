#!/usr/bin/env bash
# Builds bridgecheck's Android native kit (NativeKits/Android/): a stand-in for the Android API that bridges use
# (android.webkit, android.os, …) and the runner that serves a native bridge over the adapter protocol.
#
#   scripts/android-kit.sh OUT      # writes OUT/bridgecheck-android-kit.jar, prints the classpath
#
# Debian packages only (no Maven): javac from default-jdk-headless, Android's own org.json from
# libandroid-json-java, Gson from libgoogle-gson-java (for bridges that use it). What is missing is installed
# with apt-get, as scripts/setup.sh does (root, or sudo). The last line of standard output is the classpath to
# compile a bridge against and run it with; progress goes to standard error.
set -euo pipefail
if [ "$#" -ne 1 ] || [ -z "$1" ]; then
  echo "usage: scripts/android-kit.sh OUT   (writes OUT/bridgecheck-android-kit.jar and prints the classpath)" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$1"
json_jar=/usr/share/java/com.android.json.jar
gson_jar=/usr/share/java/gson.jar

packages=""
if ! command -v javac >/dev/null 2>&1 || ! command -v jar >/dev/null 2>&1; then packages="$packages default-jdk-headless"; fi
if [ ! -f "$json_jar" ]; then packages="$packages libandroid-json-java"; fi
if [ ! -f "$gson_jar" ]; then packages="$packages libgoogle-gson-java"; fi
if [ -n "$packages" ]; then
  echo "android-kit: installing$packages" >&2
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "android-kit:$packages missing and installing needs root; run as root:" >&2
    echo "  apt-get update && apt-get install -y$packages" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq $packages >/dev/null
fi
for jar in "$json_jar" "$gson_jar"; do
  if [ ! -f "$jar" ]; then
    echo "android-kit: $jar is missing after installing its package (dpkg -L libandroid-json-java libgoogle-gson-java)" >&2
    exit 1
  fi
done

mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d "$out/.android-kit-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT
find "$root/NativeKits/Android/src" -name '*.java' | sort > "$work/sources"
# Java 8 class files: a bridge compiled with any later javac links against them.
if ! javac -nowarn -encoding UTF-8 --release 8 -Xlint:none -d "$work/classes" -cp "$json_jar" @"$work/sources" \
  2>"$work/javac.log"; then
  cat "$work/javac.log" >&2
  echo "android-kit: compiling NativeKits/Android/src failed" >&2
  exit 1
fi
jar --create --file "$work/bridgecheck-android-kit.jar" -C "$work/classes" .
mv -f "$work/bridgecheck-android-kit.jar" "$out/bridgecheck-android-kit.jar"
echo "android-kit: built $out/bridgecheck-android-kit.jar" >&2
echo "$out/bridgecheck-android-kit.jar:$json_jar:$gson_jar"
