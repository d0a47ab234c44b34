/**
 * The Debian releases images are built on, one row per release, the one source every Debian-based
 * image reads (os-release.ts for the base layer's files, curl-builds.ts for `curl`, tools-apt.ts
 * for the lists `apt-get update` fetches):
 * - bookworm (Debian 12): /etc/os-release and /etc/debian_version (12.11) recorded on this machine;
 *   the lists' InRelease sizes are this machine's, their Packages sizes approximate.
 * - trixie (Debian 13): base-files 13.8+deb13u8 (Debian 13.8) unpacked from deb.debian.org with a
 *   private apt configuration (/etc/os-release adds DEBIAN_VERSION_FULL, base-files 13.8's
 *   changelog: "Add DEBIAN_VERSION_FULL with the same contents as /etc/debian_version"); the
 *   lists' InRelease files and their `main/binary-amd64/Packages.xz` sizes as `apt-get update`
 *   fetched them (apt 3.0.4 run in a chroot of trixie's packages prints the same Get/Fetched
 *   lines as bookworm's apt 2.6.1; an image sets Acquire::Languages none, so no Translation-en).
 * - coreutils' and bash's `--version` (gnu-version.ts): bookworm's run on this machine (coreutils
 *   9.1-1, bash 5.2.15-2+b8); trixie's (coreutils 9.7-3, bash 5.2.37-2+b10) from its debs, run with
 *   trixie's ld.so and libraries in the C locale.
 * - /etc/apt/sources.list.d/debian.sources as debuerreotype writes it in the docker-library
 *   images (scripts/debuerreotype-debian-sources-list: deb822 for apt ≥ 2.3, one stanza per
 *   mirror with its snapshot URL as a comment, suites `S S-updates` then `S-security`, Signed-By
 *   the keyring's .pgp when debian-archive-keyring ships one — trixie's 2025.1 does, bookworm's
 *   .gpg otherwise).
 * Approximate: the point release is the mirror's when recorded (13.8, 12.11), not the one the
 * image was built on (nginx 1.29.2's trixie-slim was 13.1, serial 20250929); the snapshot
 * timestamps are the serials of the debian:*-slim images the nginx tags were built on
 * (docker-library/official-images library/debian 9104ff62fc, 20250811; bb9759b294, 20250929).
 */
import type { CurlBuildName, DebianCodename } from './catalog-types';

export type { DebianCodename };

export interface AptList {
  url: string;
  suite: string;
  /** Bytes of the suite's InRelease. */
  inRelease: number;
  /** Bytes of its main/binary-amd64/Packages.xz (what `Get:N … Packages [SIZE]` counts). */
  packages: number;
}

export interface DebianRelease {
  codename: DebianCodename;
  /** VERSION_ID: `12`, `13`. */
  version: string;
  /** /etc/debian_version: the point release. */
  point: string;
  osRelease: string;
  /** /etc/apt/sources.list.d/debian.sources. */
  sources: string;
  /** The build of its `curl` package (curl-builds.ts). */
  curl: CurlBuildName;
  /** What `apt-get update` fetches, in the order the sources list them. */
  lists: readonly AptList[];
  /** GNU coreutils as `--version` names it: release, copyright year, Debian's packager line. */
  coreutils: { version: string; year: string; packaged?: string };
  /** bash's `--version`: its version string and copyright year. */
  bash: { version: string; year: string };
}

const osRelease = (version: string, codename: string, full?: string): string =>
  `PRETTY_NAME="Debian GNU/Linux ${version} (${codename})"\nNAME="Debian GNU/Linux"\nVERSION_ID="${version}"\nVERSION="${version} (${codename})"\nVERSION_CODENAME=${codename}\n${full ? `DEBIAN_VERSION_FULL=${full}\n` : ''}ID=debian\nHOME_URL="https://www.debian.org/"\nSUPPORT_URL="https://www.debian.org/support"\nBUG_REPORT_URL="https://bugs.debian.org/"\n`;

const sources = (codename: string, snapshot: string, keyring: string): string =>
  `Types: deb\n# http://snapshot.debian.org/archive/debian/${snapshot}\nURIs: http://deb.debian.org/debian\nSuites: ${codename} ${codename}-updates\nComponents: main\nSigned-By: /usr/share/keyrings/${keyring}\n\n` +
  `Types: deb\n# http://snapshot.debian.org/archive/debian-security/${snapshot}\nURIs: http://deb.debian.org/debian-security\nSuites: ${codename}-security\nComponents: main\nSigned-By: /usr/share/keyrings/${keyring}\n`;

export const DEBIAN_RELEASES: Readonly<Record<DebianCodename, DebianRelease>> = {
  bookworm: {
    codename: 'bookworm',
    version: '12',
    point: '12.11',
    osRelease: osRelease('12', 'bookworm'),
    sources: sources('bookworm', '20250811T000000Z', 'debian-archive-keyring.gpg'),
    curl: 'bookworm',
    coreutils: { version: '9.1', year: '2022' },
    bash: { version: '5.2.15(1)-release', year: '2022' },
    lists: [
      { url: 'http://deb.debian.org/debian', suite: 'bookworm', inRelease: 151_075, packages: 8_792_000 },
      { url: 'http://deb.debian.org/debian', suite: 'bookworm-updates', inRelease: 55_403, packages: 6_924 },
      { url: 'http://deb.debian.org/debian-security', suite: 'bookworm-security', inRelease: 34_770, packages: 272_000 },
    ],
  },
  trixie: {
    codename: 'trixie',
    version: '13',
    point: '13.8',
    osRelease: osRelease('13', 'trixie', '13.8'),
    sources: sources('trixie', '20250929T000000Z', 'debian-archive-keyring.pgp'),
    curl: 'trixie',
    coreutils: { version: '9.7', year: '2025', packaged: '9.7-3' },
    bash: { version: '5.2.37(1)-release', year: '2022' },
    lists: [
      { url: 'http://deb.debian.org/debian', suite: 'trixie', inRelease: 140_420, packages: 9_679_304 },
      { url: 'http://deb.debian.org/debian', suite: 'trixie-updates', inRelease: 47_340, packages: 1_108 },
      { url: 'http://deb.debian.org/debian-security', suite: 'trixie-security', inRelease: 43_409, packages: 315_860 },
    ],
  },
};

/** The release a VERSION_CODENAME or VERSION_ID names; Debian 12 for anything else. */
export function debianRelease(codenameOrVersion: string | undefined): DebianRelease {
  return codenameOrVersion === 'trixie' || codenameOrVersion === '13' ? DEBIAN_RELEASES.trixie : DEBIAN_RELEASES.bookworm;
}

/**
 * The release a tag of the debian image names (docker-library's tags: `12`, `12.11`,
 * `bookworm-slim`, `trixie`, `13`, `stable`, `oldstable`, `latest`): `latest` and `stable` are
 * trixie since official-images 9104ff62fc (2025-08-11, `Tags: trixie, trixie-20250811, 13.0, 13,
 * latest`). Approximate: a release the table does not describe (bullseye, forky, sid) is Debian 12.
 */
export function debianImageRelease(tag: string): DebianCodename {
  if (/^(12|bookworm|oldstable)([.-]|$)/.test(tag)) return 'bookworm';
  if (/^(13|trixie|stable|latest)([.-]|$)/.test(tag)) return 'trixie';
  return 'bookworm';
}
