#!/usr/bin/env bash
# System packages the docs-site suites need, from Debian's archive (never a downloaded browser).
# Installs only what is missing, so a prepared machine pays nothing.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)

# The signature-sample test runs each language's sample when its runtime exists; with
# SITE_SAMPLE_RUNTIMES=1 the runtimes are installed too (Node and Python are always present).
if [[ "${SITE_SAMPLE_RUNTIMES:-0}" == "1" ]]; then
  command -v php >/dev/null 2>&1 || missing+=(php-cli)
  command -v ruby >/dev/null 2>&1 || missing+=(ruby)
  command -v go >/dev/null 2>&1 || missing+=(golang-go)
  command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
  command -v mcs >/dev/null 2>&1 || missing+=(mono-mcs)
fi

if ((${#missing[@]} > 0)); then
  sudo_cmd=()
  [[ "$(id -u)" -ne 0 ]] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
