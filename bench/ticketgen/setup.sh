#!/usr/bin/env bash
# Installs what the ticket generator and the receipts bench need from Debian: the fonts tickets are printed in,
# and the native tesseract CLI with its Spanish model (the bench's speed reference). Idempotent: installs only
# what is missing.
set -euo pipefail

PACKAGES=(
  fontconfig
  fonts-dejavu-core fonts-dejavu-extra
  fonts-liberation fonts-liberation2
  fonts-freefont-ttf
  fonts-noto-mono
  fonts-inconsolata
  fonts-courier-prime
  fonts-hack
  fonts-anonymous-pro
  fonts-jetbrains-mono
  fonts-go
  fonts-roboto
  fonts-open-sans
  fonts-lato
  fonts-urw-base35
  tesseract-ocr tesseract-ocr-spa
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "ticketgen setup: everything is installed"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "ticketgen setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fc-cache -f >/dev/null
