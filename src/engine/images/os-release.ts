/**
 * What a distribution image says about itself: /etc/os-release (and /etc/alpine-release,
 * /etc/debian_version) for the official alpine, debian and ubuntu images, by tag, and the release
 * a package manager inside reads back from them (tools-apk.ts, tools-apt.ts). BusyBox has none.
 *
 * Contents as the images print them with `cat /etc/os-release`:
 * - Debian — debian-release.ts, one row per release: debian:12/bookworm is Debian 12,
 *   debian:latest/13/trixie Debian 13 (debianImageRelease); an image built on Debian (nginx) names
 *   its release per tag (TagInfo.debian) and gets that row's files;
 * - ubuntu:22.04 / 24.04 — transcripts of `cat /etc/os-release` in ubuntu:22.04 / docker.io/ubuntu:24.04
 *   containers (public docs found with the search tool: 22.04.x has no LOGO line, 24.04 ends with
 *   LOGO=ubuntu-logo); the point releases are the last ones published (22.04.5, 24.04.3), and
 *   /etc/debian_version is Ubuntu's `bookworm/sid` (22.04) and `trixie/sid` (24.04);
 * - alpine:3.x — transcripts of alpine:3.20/3.22/3.23 containers (VERSION_ID 3.20.3, 3.22.1, 3.23.3).
 *   Approximate: another 3.x minor gets `.0` as its patch release.
 */
import { own } from '../../k8s/own';
import type { DebianCodename } from './catalog-types';
import { debianRelease, DEBIAN_RELEASES } from './debian-release';

export interface Distro {
  id: 'alpine' | 'debian' | 'ubuntu';
  /** Alpine `3.22`, Debian `12`, Ubuntu `22.04`. */
  release: string;
  /** Debian/Ubuntu suite (`bookworm`, `jammy`, `noble`); Alpine's `v3.22` branch. */
  codename: string;
}

const ALPINE_PATCH: Record<string, string> = { '3.20': '3.20.3', '3.22': '3.22.1', '3.23': '3.23.3' };
/** alpine:latest in the catalog's era (nginx 1.29's alpine variant is built on 3.22). */
const ALPINE_LATEST = '3.22';

const UBUNTU: Record<string, { point: string; codename: string; name: string; debian: string; logo: boolean }> = {
  '22.04': { point: '22.04.5', codename: 'jammy', name: 'Jammy Jellyfish', debian: 'bookworm/sid', logo: false },
  '24.04': { point: '24.04.3', codename: 'noble', name: 'Noble Numbat', debian: 'trixie/sid', logo: true },
};
const UBUNTU_ALIASES: Record<string, string> = { latest: '24.04', jammy: '22.04', noble: '24.04', '22': '22.04', '24': '24.04' };

const debianDistro = (codename: DebianCodename): Distro => ({ id: 'debian', release: DEBIAN_RELEASES[codename].version, codename });

/**
 * The distro of an official image tag (or of a tag built on a Debian release, `debian`), or
 * undefined when the image is not one the catalog describes.
 */
export function distroOf(repository: string, version: string | undefined, debian?: DebianCodename, alpine?: string): Distro | undefined {
  if (debian !== undefined) return debianDistro(debian);
  if (alpine !== undefined) return { id: 'alpine', release: alpine, codename: `v${alpine}` };
  const v = version ?? 'latest';
  if (repository === 'docker.io/library/alpine') {
    const minor = /^(\d+\.\d+)/.exec(v)?.[1] ?? ALPINE_LATEST;
    return { id: 'alpine', release: minor, codename: `v${minor}` };
  }
  if (repository === 'docker.io/library/ubuntu') {
    const rel = own(UBUNTU, v) ? v : ((own(UBUNTU_ALIASES, v) as string | undefined) ?? '24.04');
    return { id: 'ubuntu', release: rel, codename: UBUNTU[rel]!.codename };
  }
  // catalog.ts gives every debian tag its release (debianImageRelease); one without is Debian 12.
  if (repository === 'docker.io/library/debian') return debianDistro('bookworm');
  return undefined;
}

/** The files the distro's base layer has about itself. */
export function distroFiles(d: Distro): Record<string, string> {
  switch (d.id) {
    case 'alpine': {
      const full = ALPINE_PATCH[d.release] ?? `${d.release}.0`;
      return {
        '/etc/os-release': `NAME="Alpine Linux"\nID=alpine\nVERSION_ID=${full}\nPRETTY_NAME="Alpine Linux v${d.release}"\nHOME_URL="https://alpinelinux.org/"\nBUG_REPORT_URL="https://gitlab.alpinelinux.org/alpine/aports/-/issues"\n`,
        '/etc/alpine-release': `${full}\n`,
        '/etc/apk/repositories': `https://dl-cdn.alpinelinux.org/alpine/v${d.release}/main\nhttps://dl-cdn.alpinelinux.org/alpine/v${d.release}/community\n`,
      };
    }
    case 'ubuntu': {
      const u = UBUNTU[d.release]!;
      return {
        '/etc/os-release': `PRETTY_NAME="Ubuntu ${u.point} LTS"\nNAME="Ubuntu"\nVERSION_ID="${d.release}"\nVERSION="${u.point} LTS (${u.name})"\nVERSION_CODENAME=${u.codename}\nID=ubuntu\nID_LIKE=debian\nHOME_URL="https://www.ubuntu.com/"\nSUPPORT_URL="https://help.ubuntu.com/"\nBUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\nPRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"\nUBUNTU_CODENAME=${u.codename}\n${u.logo ? 'LOGO=ubuntu-logo\n' : ''}`,
        '/etc/debian_version': `${u.debian}\n`,
      };
    }
    case 'debian': {
      const r = debianRelease(d.codename);
      return { '/usr/lib/os-release': r.osRelease, '/etc/debian_version': `${r.point}\n`, '/etc/apt/sources.list.d/debian.sources': r.sources };
    }
  }
}

/**
 * The links the distro's base layer has: Debian's base-files ships /usr/lib/os-release and
 * `/etc/os-release -> ../usr/lib/os-release` (`dpkg -L base-files`, `ls -l` on Debian 12 and in
 * trixie's package).
 */
export function distroLinks(d: Distro): Record<string, string> {
  return d.id === 'debian' ? { '/etc/os-release': '../usr/lib/os-release' } : {};
}

/**
 * The release a package manager reads from the container's /etc/os-release (a learner may have
 * edited it; an image without one — redis, httpd — is taken as Debian 12 or the Alpine it builds on).
 */
export function releaseFrom(osRelease: string | undefined, fallback: Distro['id']): Distro {
  const field = (k: string): string | undefined => new RegExp(`^${k}="?([^"\\n]*)"?$`, 'm').exec(osRelease ?? '')?.[1];
  const id = field('ID');
  if (id === 'ubuntu') {
    const rel = field('VERSION_ID') ?? '24.04';
    return { id: 'ubuntu', release: rel, codename: field('VERSION_CODENAME') ?? UBUNTU[rel]?.codename ?? 'noble' };
  }
  if (id === 'alpine') {
    const minor = /^(\d+\.\d+)/.exec(field('VERSION_ID') ?? '')?.[1] ?? ALPINE_LATEST;
    return { id: 'alpine', release: minor, codename: `v${minor}` };
  }
  if (id === 'debian' || fallback === 'debian') return debianDistro(debianRelease(field('VERSION_CODENAME') ?? field('VERSION_ID')).codename);
  return { id: 'alpine', release: ALPINE_LATEST, codename: `v${ALPINE_LATEST}` };
}
