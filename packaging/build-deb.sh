#!/bin/sh
# Builds pdfbind_VERSION_ARCH.deb in the current folder from a release binary (and the cache's
# keeper beside it, BINARY-cache) and the man page and completions `make docs` generates: what
# `make deb` runs.
#
#   packaging/build-deb.sh BINARY DOCS_FOLDER [STAGING_FOLDER]
#
# VERSION is the binary's own (`pdfbind --version`, PDFBind.version in PDFBindCore) with the
# Debian revision of the newest entry in packaging/debian/changelog, which must be for that
# version. Depends is computed by dpkg-shlibdeps from what the binary links; Recommends
# (packaging/debian/control.in) lists what pdfbind loads at run time with dlopen.
set -eu

binary=$1
docs=$2
staging=${3:-.build-deb}
here=$(cd "$(dirname "$0")" && pwd)
umask 022

upstream=$("$binary" --version | sed -n 's/^pdfbind //p')
version=$(dpkg-parsechangelog -l "$here/debian/changelog" -S Version)
if [ "${version%-*}" != "$upstream" ]; then
  echo "build-deb: pdfbind --version says $upstream but packaging/debian/changelog's newest" \
    "entry is $version: add an entry for $upstream-1 (dch -v $upstream-1)" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
deb=pdfbind_${version}_${arch}.deb

rm -rf "$staging"
# debian/pdfbind: where dpkg-shlibdeps expects a package's files.
root=$staging/debian/pdfbind
mkdir -p "$root/DEBIAN"

install -D -m 0755 "$binary" "$root/usr/bin/pdfbind"
# The cache's keeper, which pdfbind starts (never a user): where pdfbind looks for it,
# ../libexec/pdfbind beside its own folder.
install -D -m 0755 "$binary-cache" "$root/usr/libexec/pdfbind/pdfbind-cache"
# Symbols and the build's notes off (Debian policy 10.1); the Swift metadata sections stay,
# they are allocated and the runtime reads them.
for program in "$root/usr/bin/pdfbind" "$root/usr/libexec/pdfbind/pdfbind-cache"; do
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$program"
done
install -D -m 0644 "$docs/pdfbind.1" "$root/usr/share/man/man1/pdfbind.1"
gzip -9n "$root/usr/share/man/man1/pdfbind.1"
# bash-completion sources the script: the generator's #!/bin/bash line has no use there.
mkdir -p "$root/usr/share/bash-completion/completions"
sed '1{/^#!/d}' "$docs/pdfbind.bash" > "$root/usr/share/bash-completion/completions/pdfbind"
install -D -m 0644 "$docs/pdfbind.zsh" "$root/usr/share/zsh/vendor-completions/_pdfbind"
install -D -m 0644 "$docs/pdfbind.fish" "$root/usr/share/fish/vendor_completions.d/pdfbind.fish"
install -D -m 0644 "$here/debian/copyright" "$root/usr/share/doc/pdfbind/copyright"
install -D -m 0644 "$here/debian/changelog" "$root/usr/share/doc/pdfbind/changelog.Debian"
gzip -9n "$root/usr/share/doc/pdfbind/changelog.Debian"

# dpkg-shlibdeps reads the package names from debian/control in the folder it runs in.
printf 'Source: pdfbind\n\nPackage: pdfbind\nArchitecture: any\n' > "$staging/debian/control"
depends=$(cd "$staging" && dpkg-shlibdeps -O -e debian/pdfbind/usr/bin/pdfbind \
  -e debian/pdfbind/usr/libexec/pdfbind/pdfbind-cache \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

# Installed-Size in KiB, as dpkg-gencontrol counts it: each file rounded up, plus each folder.
size=$(find "$root/usr" \( -type f -printf '%s\n' \) -o \( -type d -printf '1024\n' \) \
  | awk '{ total += int(($1 + 1023) / 1024) } END { print total }')

sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@INSTALLED_SIZE@/$size/" \
  -e "s/@DEPENDS@/$depends/" "$here/debian/control.in" > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

# The same bytes from the same tree: file times clamped to the newest changelog entry.
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(dpkg-parsechangelog -l "$here/debian/changelog" -S Timestamp)}
export SOURCE_DATE_EPOCH
find "$root" -newermt "@$SOURCE_DATE_EPOCH" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
