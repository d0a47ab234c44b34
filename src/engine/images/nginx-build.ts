/**
 * Which build of nginx a tag runs: the Debian release docker-nginx built it on, and what its
 * binary says about its build (`nginx -V`, the master's start-up notices), which come from that
 * release's toolchain. The nginx.org packages are built on the release they are for:
 * - bookworm: `built by gcc 12.2.0 (Debian 12.2.0-14) `, `built with OpenSSL 3.0.16 11 Feb 2025`
 *   (as the catalog recorded them before trixie);
 * - trixie: `built by gcc 14.2.0 (Debian 14.2.0-19) `, `built with OpenSSL 3.5.1 1 Jul 2025`: the
 *   `nginx -V` of nginx.org's 1.28.0-1~trixie quoted in github:openappsec/openappsec#342
 *   (September 2025); gcc -v's version line keeps its trailing blank (auto/cc/gcc's NGX_COMPILER).
 * Approximate: the OpenSSL a later trixie build links is newer than 3.5.1; builds older than
 * 1.25.1 (buster, bullseye) are given bookworm's lines.
 */
import type { DebianCodename } from './catalog-types';

/**
 * The Debian release each nginx build is on, from docker-nginx's history (github:nginx/docker-nginx)
 * and the tags docker-library/official-images published (library/nginx):
 * - bookworm: mainline from 1.25.1 (7870605, June 2023) to 1.29.1 (5a4ad48; official-images
 *   2151de2a5d tags `1.29.1-bookworm`), stable 1.26.0 (ed439d2) to 1.28.0.
 * - trixie: mainline from 1.29.2 (3cabe64 "Update mainline to Debian trixie", authored with 1.29.1
 *   in August 2025 but merged 2025-10-06; official-images 11d93407dc, 2025-10-07, "based on Debian
 *   13 trixie": `1.29.2-trixie`), stable from 1.28.1 (50dc9c3; official-images 12b58fdbf3,
 *   2025-12-23), 1.30 and later.
 * - before 1.25.1: buster/bullseye (and stretch), which the catalog does not describe (no
 *   /etc/os-release; Debian 12's curl). Alpine variants are Alpine's.
 * A `-trixie`/`-bookworm` tag (`1.29-trixie`, `stable-bookworm`) says it outright.
 */
export function nginxDebian(tag: string, version: string | undefined): DebianCodename | undefined {
  if (tag.includes('alpine')) return undefined;
  if (tag.includes('trixie')) return 'trixie';
  if (tag.includes('bookworm')) return 'bookworm';
  const [major = 0, minor = 0, patch = 0] = (version ?? '').split('.').map((x) => Number.parseInt(x, 10) || 0);
  if (major !== 1) return major > 1 ? 'trixie' : undefined;
  if (minor >= 30 || (minor === 29 && patch >= 2) || (minor === 28 && patch >= 1)) return 'trixie';
  if (minor > 25 || (minor === 25 && patch >= 1)) return 'bookworm';
  return undefined;
}

/** `built by …` and `built with …` as this nginx version's binary prints them (no newline). */
export function nginxBuiltBy(version: string): { gcc: string; openssl: string } {
  return nginxDebian('', version) === 'trixie'
    ? { gcc: 'built by gcc 14.2.0 (Debian 14.2.0-19) ', openssl: 'built with OpenSSL 3.5.1 1 Jul 2025' }
    : { gcc: 'built by gcc 12.2.0 (Debian 12.2.0-14) ', openssl: 'built with OpenSSL 3.0.16 11 Feb 2025' };
}
