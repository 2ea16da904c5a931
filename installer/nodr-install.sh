#!/bin/sh
# NODR node installer: creates the node's key folder and its ECDSA P-256 key pair, then prints the public key
# to paste into the NODR Dashboard (Add node, step 3) and explains the next step.
#
# The private key never leaves this machine. Safe to re-run: an existing key is never overwritten; its public
# key is printed again. POSIX sh, on Linux and macOS (OpenSSL or the system's LibreSSL); on Windows it runs in
# WSL. See installer/README.md.
#
#   sh nodr-install.sh [--key-dir DIR]
#
# Environment: NODR_KEY_DIR (same as --key-dir).

set -eu
umask 077

PROGRAM=nodr-install.sh

say() {
  printf '%s\n' "$*"
}

fail() {
  printf '%s: %s\n' "$PROGRAM" "$*" >&2
  exit 1
}

usage() {
  cat <<'EOF'
Usage: nodr-install.sh [--key-dir DIR]

Creates the NODR key folder and an ECDSA P-256 key pair, and prints the public key
to paste into the NODR Dashboard (My NODR > Add node, step 3).

Options:
  --key-dir DIR   where to keep the keys (also: NODR_KEY_DIR=DIR).
                  Default: /etc/nodr/keys when run as root, else $HOME/nodr/keys.
  -h, --help      show this help.

Safe to re-run: an existing key is never replaced; its public key is printed again.
EOF
}

KEY_DIR=${NODR_KEY_DIR:-}
while [ "$#" -gt 0 ]; do
  case $1 in
    --key-dir)
      [ "$#" -ge 2 ] || fail "--key-dir needs a folder, e.g. --key-dir /etc/nodr/keys"
      KEY_DIR=$2
      shift 2
      ;;
    --key-dir=*)
      KEY_DIR=${1#--key-dir=}
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      usage >&2
      fail "unknown option: $1"
      ;;
  esac
done

# It only makes keys and explains the next step, so any system with a POSIX shell and openssl will do; the node
# itself runs in Docker (Docker Desktop on macOS and Windows). Windows shells other than WSL are refused with advice.
OS_NAME=$(uname -s 2>/dev/null || echo unknown)
case $OS_NAME in
  Linux) DOCKER_HINT="Install Docker Engine with the compose plugin before step 3." ;;
  Darwin) DOCKER_HINT="Install Docker Desktop for Mac before step 3." ;;
  MINGW* | MSYS* | CYGWIN* | Windows*)
    fail "on Windows, run this script inside WSL (Windows Subsystem for Linux): open an Ubuntu terminal and run it there."
    ;;
  *)
    fail "this installer runs on Linux, macOS or Windows (in WSL); this system is $OS_NAME."
    ;;
esac

if ! command -v openssl >/dev/null 2>&1; then
  if [ "$OS_NAME" = Darwin ]; then
    fail "openssl is required to generate the key pair; macOS ships it in /usr/bin. Check your PATH and run this script again."
  fi
  fail "openssl is required to generate the key pair. Install it first (Debian/Ubuntu: apt-get install -y openssl) and run this script again."
fi

if [ -z "$KEY_DIR" ]; then
  if [ "$(id -u)" = 0 ]; then
    KEY_DIR=/etc/nodr/keys
  else
    [ -n "${HOME:-}" ] || fail "HOME is not set; choose a key folder with --key-dir DIR"
    KEY_DIR=$HOME/nodr/keys
  fi
fi
case $KEY_DIR in
  /*) ;;
  *) KEY_DIR=$(pwd)/$KEY_DIR ;;
esac

PRIVATE_KEY=$KEY_DIR/private.pem
PUBLIC_KEY=$KEY_DIR/public.pem

mkdir -p "$KEY_DIR" || fail "cannot create the key folder $KEY_DIR (run as root, or choose another folder with --key-dir DIR)"
chmod 700 "$KEY_DIR" || fail "cannot restrict the key folder $KEY_DIR to its owner"

if [ -e "$PRIVATE_KEY" ]; then
  # Never overwrite: a node registered with this key would lose its identity.
  openssl pkey -in "$PRIVATE_KEY" -noout 2>/dev/null ||
    fail "$PRIVATE_KEY exists but is not a readable private key. It was left untouched; move it away to generate a new one."
  CREATED=no
else
  TEMP_KEY=$KEY_DIR/.private.pem.$$
  trap 'rm -f "$TEMP_KEY"' EXIT
  trap 'exit 130' INT TERM
  openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out "$TEMP_KEY" ||
    fail "openssl could not generate the key pair"
  chmod 600 "$TEMP_KEY"
  # ln refuses an existing target: of two installers running at once, exactly one key wins and none is replaced.
  if ! ln "$TEMP_KEY" "$PRIVATE_KEY" 2>/dev/null; then
    [ -e "$PRIVATE_KEY" ] || fail "cannot write $PRIVATE_KEY"
  fi
  rm -f "$TEMP_KEY"
  CREATED=yes
fi

# The public key as PEM SubjectPublicKeyInfo: for P-256 exactly a BEGIN line, 64 + 60 base64 characters, an END line.
PUBLIC_PEM=$(openssl ec -in "$PRIVATE_KEY" -pubout 2>/dev/null) ||
  fail "$PRIVATE_KEY is not an EC key. It was left untouched; move it away to generate a new one."
case $PUBLIC_PEM in
  *"BEGIN PUBLIC KEY"*) ;;
  *) fail "could not derive the public key from $PRIVATE_KEY" ;;
esac
printf '%s\n' "$PUBLIC_PEM" >"$PUBLIC_KEY"
chmod 644 "$PUBLIC_KEY"

NODE_DIR=$(dirname "$KEY_DIR")
KEY_DIR_NAME=$(basename "$KEY_DIR")

say "NODR installer"
say ""
if [ "$CREATED" = yes ]; then
  say "Created a new key pair in $KEY_DIR"
  say "  private key: $PRIVATE_KEY (mode 600, never leaves this machine)"
else
  say "A key pair already exists in $KEY_DIR; it was kept as it is."
  say "  private key: $PRIVATE_KEY"
fi
say "  public key:  $PUBLIC_KEY"
say ""
say "Your NODR public key (paste all four lines into the dashboard, Add node, step 3):"
say ""
say "$PUBLIC_PEM"
say ""
say "Next steps:"
say "  1. In the NODR Dashboard, paste the public key above and press Confirm."
say "  2. In My NODR, download this node's docker-compose.yml and put it in $NODE_DIR"
say "     (beside the key folder '$KEY_DIR_NAME'; the compose file mounts it read-only)."
say "  3. Start the node:  cd $NODE_DIR && docker compose up -d"
say "     The node checks its hardware and appears as active in the dashboard within a minute."
if ! command -v docker >/dev/null 2>&1; then
  say ""
  say "Note: Docker is not installed on this machine. $DOCKER_HINT"
fi
