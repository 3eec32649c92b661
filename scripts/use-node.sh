# Source this file from the project's folder (`. scripts/use-node.sh`, in bash or zsh) when the
# machine's Node.js is older than package.json's engines allow: it installs the Node.js major of
# .nvmrc from the npm registry (the node-<platform>-<arch> package) into a cache folder once, puts
# it first on PATH and points npm_config_nodedir at its headers, so native modules build against
# the Node that runs them. A Node that is new enough is kept as it is.
# QUICKGIG_NODE_CACHE moves the cache (default ~/.cache/quickgig/node).

quickgig_use_node() {
  local root want have platform arch cache bin
  root="$(pwd)"
  if [ -n "${BASH_SOURCE:-}" ]; then root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"; fi
  want="$(tr -dc '0-9' <"$root/.nvmrc")"
  have="$(node --version 2>/dev/null || echo none)"
  if [ "$have" != none ] && node "$root/scripts/require-node.mjs" >/dev/null 2>&1; then
    echo "Node.js $have (the machine's own)"
    return 0
  fi
  case "$(uname -s)" in Linux) platform=linux ;; Darwin) platform=darwin ;; *)
    echo "use-node: no Node.js $want package for $(uname -s); install Node.js $want yourself" >&2
    return 1 ;;
  esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *)
    echo "use-node: no Node.js $want package for $(uname -m); install Node.js $want yourself" >&2
    return 1 ;;
  esac
  cache="${QUICKGIG_NODE_CACHE:-${HOME:-/tmp}/.cache/quickgig/node}/$want"
  bin="$cache/node_modules/node-$platform-$arch/bin"
  if [ ! -x "$bin/node" ]; then
    echo "Installing Node.js $want from the npm registry into $cache (the machine has ${have})"
    mkdir -p "$cache"
    (cd "$cache" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-$platform-$arch@$want") || return 1
  fi
  export PATH="$bin:$PATH"
  export npm_config_nodedir="$cache/node_modules/node-$platform-$arch"
  echo "Node.js $(node --version) from $bin"
}

quickgig_use_node
