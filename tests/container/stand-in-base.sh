#!/usr/bin/env bash
# Builds a stand-in for the official Node image where no container registry is reachable: Debian
# bookworm (minbase, as node:*-bookworm-slim is), this machine's Node and npm, a `node` user (uid
# 1000), and the CA bundle npm uses here, which the package registry is reached through. Kept
# between runs on one machine: rebuilt only when the Node version or the CA bundle changes.
#   tests/container/stand-in-base.sh  →  prints the image's name (localhost/portal-node-stand-in:<node version>)
set -euo pipefail

node_bin=$(command -v node)
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
ca_file=$(npm config get cafile)
[ "$ca_file" = null ] || [ -z "$ca_file" ] && ca_file=/etc/ssl/certs/ca-certificates.crt
node_version=$(node -p process.versions.node)
# The tag changes with what goes in, so a cached base is never a stale one.
# Contents only, not paths: every checkout on the machine shares one base.
fingerprint=$( { echo "$node_version"; sha256sum < "$ca_file"; sha256sum < "$0"; } | sha256sum | cut -c1-12)
image="localhost/portal-node-stand-in:$node_version-$fingerprint"

if podman image exists "$image"; then
	echo "$image"
	exit 0
fi

root=$(mktemp -d /tmp/portal-stand-in.XXXXXX)
trap 'rm -rf "$root"' EXIT
# Debian's own archive only (the registry is unreachable); minbase has apt, so a Dockerfile's
# apt-get install works in the stand-in as in the official image.
mmdebstrap --quiet --variant=minbase bookworm "$root/rootfs" >&2
install -D -m 0755 "$node_bin" "$root/rootfs/usr/local/bin/node"
mkdir -p "$root/rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/rootfs/usr/local/bin/npx"
install -D -m 0644 "$ca_file" "$root/rootfs/usr/local/share/ca-certificates/npm-ca-bundle.pem"
chroot "$root/rootfs" groupadd --gid 1000 node
chroot "$root/rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$root/rootfs/var/lib/apt/lists/"* "$root/rootfs/var/cache/apt/"*

tar -C "$root/rootfs" -c . | podman import \
	--change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
	--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/npm-ca-bundle.pem' \
	--change 'ENV NPM_CONFIG_CAFILE=/usr/local/share/ca-certificates/npm-ca-bundle.pem' \
	--change 'CMD ["node"]' \
	- "$image" >&2
# Earlier stand-ins (another Node or CA bundle) are not needed any more.
podman images --format '{{.Repository}}:{{.Tag}}' localhost/portal-node-stand-in | grep -vxF "$image" | xargs -r podman rmi --force >&2 || true
echo "$image"
