/**
 * Which curl an image ships: its version (the User-Agent `curl/<version>`), what `curl --version`
 * prints, and which release's `-v` lines it writes (curl-verbose.ts). Recorded:
 * - `bookworm` (Debian 12, 7.88.1): `curl --version` on this machine (Debian 12, 7.88.1-10+deb12u14);
 *   the nginx image's curl (docker-nginx mainline/debian/Dockerfile installs `curl` since
 *   87f9340, "Provide curl inside images…", April 2020: nginx 1.17.10 and later; 1.29.1 on
 *   bookworm-slim at 5a4ad48) and perl's (buildpack-deps).
 * - `trixie` (Debian 13, 8.14.1-2+deb13u7): `curl --version` of trixie's curl and libcurl4t64
 *   debs (deb.debian.org) run here with trixie's own ld.so and libraries; the nginx image's curl
 *   from mainline 1.29.2 (docker-nginx 3cabe64 "Update mainline to Debian trixie", first published
 *   as 1.29.2, official-images 11d93407dc) and stable 1.28.1 (50dc9c3, official-images 12b58fdbf3).
 *   Its `-v` lines are 8.14's (curl-verbose.ts; checked with it against a local server).
 * - `noble` (Ubuntu 24.04, 8.5.0-2ubuntu10.6): public transcripts of `curl --version` on 24.04.
 * - `xenial` (Ubuntu 16.04, 7.47.0): public transcripts of `curl -V` in ubuntu:16.04 containers
 *   (GnuTLS build; 7.47's tool_help.c ends each protocol and feature with a space). nginx-slim's
 *   ubuntu-slim keeps it.
 * - `alpine` (Alpine 3.22, 8.14.1, the `curl` apk tools-apk.ts installs): Release-Date, Protocols
 *   and Features from a transcript of `curl --version` in an Alpine container.
 * - `curlimages` (curlimages/curl, built from source by curl/curl-container on Alpine): the tag is
 *   the version; Release-Date from curl's RELEASE-NOTES per tag.
 * Approximate: the first line's library list of `alpine` and `curlimages` (no full transcript
 * was found: the versions are Alpine 3.22's packages of those libraries), their Protocols and
 * Features (`curlimages` is given Alpine's); nginx tags 1.19–1.23 were built on buster/bullseye
 * (curl 7.64.0/7.74.0) and get bookworm's; Ubuntu 22.04 (7.81.0) gets 24.04's.
 */
import type { CatalogImage, CurlBuildName, TagInfo } from './catalog-types';
import { debianRelease, DEBIAN_RELEASES } from './debian-release';
import { releaseFrom } from './os-release';

export interface CurlBuild {
  name: CurlBuildName;
  version: string;
  /** What `curl --version` (`-V`) prints. */
  versionText: string;
}

const BOOKWORM = `curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 brotli/1.0.9 zstd/1.5.4 libidn2/2.3.3 libpsl/0.21.2 (+libidn2/2.3.3) libssh2/1.10.0 nghttp2/1.52.0 librtmp/2.3 OpenLDAP/2.5.13
Release-Date: 2023-02-20, security patched: 7.88.1-10+deb12u14
Protocols: dict file ftp ftps gopher gophers http https imap imaps ldap ldaps mqtt pop3 pop3s rtmp rtsp scp sftp smb smbs smtp smtps telnet tftp
Features: alt-svc AsynchDNS brotli GSS-API HSTS HTTP2 HTTPS-proxy IDN IPv6 Kerberos Largefile libz NTLM NTLM_WB PSL SPNEGO SSL threadsafe TLS-SRP UnixSockets zstd
`;

const TRIXIE = `curl 8.14.1 (x86_64-pc-linux-gnu) libcurl/8.14.1 OpenSSL/3.5.10 zlib/1.3.1 brotli/1.1.0 zstd/1.5.7 libidn2/2.3.8 libpsl/0.21.2 libssh2/1.11.1 nghttp2/1.64.0 nghttp3/1.8.0 librtmp/2.3 OpenLDAP/2.6.10
Release-Date: 2025-06-04, security patched: 8.14.1-2+deb13u7
Protocols: dict file ftp ftps gopher gophers http https imap imaps ipfs ipns ldap ldaps mqtt pop3 pop3s rtmp rtsp scp sftp smb smbs smtp smtps telnet tftp ws wss
Features: alt-svc AsynchDNS brotli GSS-API HSTS HTTP2 HTTP3 HTTPS-proxy IDN IPv6 Kerberos Largefile libz NTLM PSL SPNEGO SSL threadsafe TLS-SRP UnixSockets zstd
`;

const NOBLE = `curl 8.5.0 (x86_64-pc-linux-gnu) libcurl/8.5.0 OpenSSL/3.0.13 zlib/1.3 brotli/1.1.0 zstd/1.5.5 libidn2/2.3.7 libpsl/0.21.2 (+libidn2/2.3.7) libssh/0.10.6/openssl/zlib nghttp2/1.59.0 librtmp/2.3 OpenLDAP/2.6.7
Release-Date: 2023-12-06, security patched: 8.5.0-2ubuntu10.6
Protocols: dict file ftp ftps gopher gophers http https imap imaps ldap ldaps mqtt pop3 pop3s rtmp rtsp scp sftp smb smbs smtp smtps telnet tftp
Features: alt-svc AsynchDNS brotli GSS-API HSTS HTTP2 HTTPS-proxy IDN IPv6 Kerberos Largefile libz NTLM PSL SPNEGO SSL threadsafe TLS-SRP UnixSockets zstd
`;

const XENIAL = `curl 7.47.0 (x86_64-pc-linux-gnu) libcurl/7.47.0 GnuTLS/3.4.10 zlib/1.2.8 libidn/1.32 librtmp/2.3
Protocols: dict file ftp ftps gopher http https imap imaps ldap ldaps pop3 pop3s rtmp rtsp smb smbs smtp smtps telnet tftp 
Features: AsynchDNS IDN IPv6 Largefile GSS-API Kerberos SPNEGO NTLM NTLM_WB SSL libz TLS-SRP UnixSockets 
`;

const ALPINE_PROTOCOLS = 'Protocols: dict file ftp ftps gopher gophers http https imap imaps ipfs ipns mqtt pop3 pop3s rtsp smb smbs smtp smtps telnet tftp ws wss\nFeatures: alt-svc AsynchDNS brotli HSTS HTTP2 HTTPS-proxy IDN IPv6 Largefile libz NTLM PSL SSL threadsafe TLS-SRP UnixSockets zstd\n';

const ALPINE = `curl 8.14.1 (x86_64-alpine-linux-musl) libcurl/8.14.1 OpenSSL/3.5.4 zlib/1.3.1 brotli/1.1.0 zstd/1.5.7 c-ares/1.34.5 libidn2/2.3.7 libpsl/0.21.5 nghttp2/1.65.0
Release-Date: 2025-06-04
${ALPINE_PROTOCOLS}`;

/** curl's release dates (RELEASE-NOTES / docs/releases) for the curlimages tags the catalog lists. */
const RELEASED: Record<string, string> = { '8.15.0': '2025-07-16', '8.16.0': '2025-09-10', '8.17.0': '2025-11-05' };

/** curlimages/curl:<version>: the tag names the curl it built. */
function curlimages(version: string): CurlBuild {
  const v = /^\d+\.\d+\.\d+$/.test(version) ? version : '8.17.0';
  const released = RELEASED[v];
  return {
    name: 'curlimages',
    version: v,
    versionText: `curl ${v} (x86_64-pc-linux-musl) libcurl/${v} OpenSSL/3.5.4 zlib/1.3.1 brotli/1.1.0 zstd/1.5.7 c-ares/1.34.5 libidn2/2.3.7 libpsl/0.21.5 nghttp2/1.65.0\n${released ? `Release-Date: ${released}\n` : ''}${ALPINE_PROTOCOLS}`,
  };
}

/** The build a name stands for; `tagVersion` picks curlimages' release. */
export function curlBuild(name: CurlBuildName, tagVersion = ''): CurlBuild {
  switch (name) {
    case 'bookworm':
      return { name, version: '7.88.1', versionText: BOOKWORM };
    case 'trixie':
      return { name, version: '8.14.1', versionText: TRIXIE };
    case 'noble':
      return { name, version: '8.5.0', versionText: NOBLE };
    case 'xenial':
      return { name, version: '7.47.0', versionText: XENIAL };
    case 'alpine':
      return { name, version: '8.14.1', versionText: ALPINE };
    case 'curlimages':
      return curlimages(tagVersion);
    default: {
      const never: never = name;
      return never;
    }
  }
}

/** The laptop's and any caller's curl that names no build: curlimages/curl:latest's. */
export const DEFAULT_CURL: CurlBuild = curlimages('8.17.0');

/**
 * The curl a command named `curl` runs in a container: the one a package manager installed
 * (`installed`: apk's is Alpine's; apt's is Ubuntu's when /etc/os-release says so, else the
 * Debian release it names), else the tag's, its Debian release's or the image's own.
 */
export function curlBuildFor(image: CatalogImage, tag: TagInfo, installed: boolean, osRelease: string | undefined): CurlBuild {
  if (installed) {
    if (image.userland.pkg === 'apk') return curlBuild('alpine');
    const d = releaseFrom(osRelease, 'debian');
    return curlBuild(d.id === 'ubuntu' ? 'noble' : debianRelease(d.codename).curl);
  }
  const own = tag.curl ?? (tag.debian !== undefined ? DEBIAN_RELEASES[tag.debian].curl : undefined);
  const name = own !== undefined && own !== 'none' ? own : (image.curl ?? (image.userland.tools === 'busybox' ? 'alpine' : 'bookworm'));
  return curlBuild(name, tag.version ?? '');
}
