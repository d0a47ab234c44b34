#!/bin/bash
# Records what debian:*-slim holds in /usr/bin and /usr/sbin (src/engine/images/debian-files-data.ts):
# the packages debootstrap's minbase installs (Priority: required, apt and what apt pulls in: bookworm
# adds adduser, gpgv, e2fsprogs' logsave, util-linux-extra, usr-is-merged; trixie sqv), plus procps
# (the buildpack-deps images), each listed with `dpkg-deb -c`. Merged /usr: a package's ./bin and
# ./sbin land in /usr/bin and /usr/sbin. Run on a Debian machine; for trixie give apt a private
# configuration (Dir::Etc, Dir::State with a trixie sources.list, then `apt-get update`).
# usage: record-debian-files.sh DIR_OF_DEBS > release.tsv
# output: path<TAB>perm<TAB>owner<TAB>size<TAB>symlink target<TAB>hard link to
for d in "$1"/*.deb; do
  dpkg-deb -c "$d" | while read -r perm own size date time path rest; do
    case "$path" in ./bin/*|./sbin/*|./usr/bin/*|./usr/sbin/*) ;; *) continue;; esac
    m() { local p=${1#.}; p=${p/#\/bin\//\/usr\/bin\/}; p=${p/#\/sbin\//\/usr\/sbin\/}; echo "$p"; }
    p=$(m "$path"); [ "${p: -1}" = / ] && continue
    tgt=""; hl=""
    [ "${perm:0:1}" = l ] && tgt=${rest#-> }
    [ "${perm:0:1}" = h ] && hl=$(m "${rest#link to }")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$perm" "$own" "$size" "$tgt" "$hl"
  done
done | sort
