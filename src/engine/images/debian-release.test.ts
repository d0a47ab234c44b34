import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, getPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

// The nginx tags on the Debian release docker-nginx built them on (nginx-build.ts has the
// history: mainline 1.29.2 and stable 1.28.1 moved to trixie). Trixie's files and curl were
// recorded from its packages (debian-release.ts, curl-builds.ts).

function inPod(sim: Simulation, pod: string, script: string): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command: ['sh', '-c', script] } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

function logs(sim: Simulation, name: string): string[] {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: {} });
  if (!res.ok) throw new Error(res.error.message);
  return (res.text ?? '').split('\n');
}

const TRIXIE_OS_RELEASE =
  'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\nVERSION_ID="13"\nVERSION="13 (trixie)"\nVERSION_CODENAME=trixie\nDEBIAN_VERSION_FULL=13.8\nID=debian\nHOME_URL="https://www.debian.org/"\nSUPPORT_URL="https://www.debian.org/support"\nBUG_REPORT_URL="https://bugs.debian.org/"\n';

let sim: Simulation;

beforeAll(() => {
  sim = bootCluster();
  for (const [name, image] of [
    ['latest', 'nginx:latest'],
    ['n129', 'nginx:1.29'],
    ['n1291', 'nginx:1.29.1'],
    ['n127', 'nginx:1.27'],
    ['stable', 'nginx:stable'],
    ['n1281', 'nginx:1.28.1'],
    ['n1295', 'nginx:1.29.5'],
    ['bw', 'nginx:1.29-bookworm'],
    ['tx', 'nginx:stable-trixie'],
    ['n123', 'nginx:1.23'],
    ['trx', 'nginx:trixie'],
  ] as const) {
    createPod(sim, podManifest(name, image));
  }
  // Eleven pulls of ~70 MB images (the kubelet serialises image pulls by default).
  sim.advance(120_000);
});

describe('nginx tags on Debian 12 and 13', () => {
  it('/etc/os-release and /etc/debian_version say trixie for mainline from 1.29.2 and stable from 1.28.1, bookworm before', () => {
    expect(inPod(sim, 'latest', 'cat /etc/os-release; cat /etc/debian_version').output).toBe(`${TRIXIE_OS_RELEASE}13.8\n`);
    expect(inPod(sim, 'n129', 'grep VERSION_CODENAME /etc/os-release; echo $NGINX_VERSION').output).toBe('VERSION_CODENAME=trixie\n1.29.2\n');
    for (const pod of ['n1291', 'n127', 'stable', 'bw']) {
      expect(inPod(sim, pod, 'head -1 /etc/os-release; cat /etc/debian_version').output).toBe('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n12.11\n');
    }
    for (const pod of ['n1281', 'n1295', 'tx']) expect(inPod(sim, pod, 'grep VERSION_CODENAME /etc/os-release').output).toBe('VERSION_CODENAME=trixie\n');
    // base-files' link (recorded with `ls -l` here and in trixie's package).
    expect(inPod(sim, 'latest', 'ls -l /etc/os-release').output).toMatch(/^lrwxrwxrwx 1 root root 21 .+ \/etc\/os-release -> \.\.\/usr\/lib\/os-release\n$/);
    // Built on bullseye, which the catalog does not describe: no release files rather than wrong ones.
    expect(inPod(sim, 'n123', 'cat /etc/os-release').exitCode).toBe(1);
  });

  it('the image ENV names the release and njs of each build', () => {
    const env = (pod: string): string => inPod(sim, pod, 'env | grep -E "^(NGINX|NJS|PKG|DYNPKG)_" ').output;
    expect(env('latest')).toBe('NGINX_VERSION=1.29.2\nNJS_VERSION=0.9.3\nNJS_RELEASE=1~trixie\nPKG_RELEASE=1~trixie\nDYNPKG_RELEASE=1~trixie\n');
    expect(env('n1291')).toBe('NGINX_VERSION=1.29.1\nNJS_VERSION=0.9.1\nNJS_RELEASE=1~bookworm\nPKG_RELEASE=1~bookworm\nDYNPKG_RELEASE=1~bookworm\n');
    // The release-named alias of latest is the same build.
    expect(env('trx')).toBe(env('latest'));
    expect(env('stable')).toBe('NGINX_VERSION=1.28.0\nNJS_VERSION=0.8.10\nNJS_RELEASE=1~bookworm\nPKG_RELEASE=1~bookworm\nDYNPKG_RELEASE=1~bookworm\n');
  });

  it('apt reads its sources from debian.sources and fetches the release\'s suites', () => {
    expect(inPod(sim, 'latest', 'cat /etc/apt/sources.list.d/debian.sources').output).toBe(
      'Types: deb\n# http://snapshot.debian.org/archive/debian/20250929T000000Z\nURIs: http://deb.debian.org/debian\nSuites: trixie trixie-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.pgp\n\n' +
        'Types: deb\n# http://snapshot.debian.org/archive/debian-security/20250929T000000Z\nURIs: http://deb.debian.org/debian-security\nSuites: trixie-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.pgp\n',
    );
    expect(inPod(sim, 'n127', 'grep -E "^(Suites|Signed-By)" /etc/apt/sources.list.d/debian.sources').output).toBe(
      'Suites: bookworm bookworm-updates\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\nSuites: bookworm-security\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n',
    );
    const up = inPod(sim, 'latest', 'apt-get update');
    expect(up.exitCode).toBe(0);
    expect(up.output.split('\n').slice(0, 7)).toEqual([
      'Get:1 http://deb.debian.org/debian trixie InRelease [140 kB]',
      'Get:2 http://deb.debian.org/debian trixie-updates InRelease [47.3 kB]',
      'Get:3 http://deb.debian.org/debian-security trixie-security InRelease [43.4 kB]',
      'Get:4 http://deb.debian.org/debian trixie/main amd64 Packages [9679 kB]',
      'Get:5 http://deb.debian.org/debian trixie-updates/main amd64 Packages [1108 B]',
      'Get:6 http://deb.debian.org/debian-security trixie-security/main amd64 Packages [316 kB]',
      'Fetched 10.2 MB in 1s (7160 kB/s)',
    ]);
    expect(inPod(sim, 'n127', 'apt-get update').output.split('\n')[0]).toBe('Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]');
  });

  it('curl is the release\'s: 8.14.1 on trixie (its --version, User-Agent and -v lines), 7.88.1 on bookworm', () => {
    expect(inPod(sim, 'latest', 'curl --version').output).toBe(
      'curl 8.14.1 (x86_64-pc-linux-gnu) libcurl/8.14.1 OpenSSL/3.5.10 zlib/1.3.1 brotli/1.1.0 zstd/1.5.7 libidn2/2.3.8 libpsl/0.21.2 libssh2/1.11.1 nghttp2/1.64.0 nghttp3/1.8.0 librtmp/2.3 OpenLDAP/2.6.10\n' +
        'Release-Date: 2025-06-04, security patched: 8.14.1-2+deb13u7\n' +
        'Protocols: dict file ftp ftps gopher gophers http https imap imaps ipfs ipns ldap ldaps mqtt pop3 pop3s rtmp rtsp scp sftp smb smbs smtp smtps telnet tftp ws wss\n' +
        'Features: alt-svc AsynchDNS brotli GSS-API HSTS HTTP2 HTTP3 HTTPS-proxy IDN IPv6 Kerberos Largefile libz NTLM PSL SPNEGO SSL threadsafe TLS-SRP UnixSockets zstd\n',
    );
    expect(inPod(sim, 'n1291', 'curl --version | head -1').output).toMatch(/^curl 7\.88\.1 \(x86_64-pc-linux-gnu\) /);
    const ip = (getPod(sim, 'n127') as Pod).status!.podIP!;
    expect(inPod(sim, 'latest', `curl -s -o /dev/null http://${ip}/`).exitCode).toBe(0);
    expect(logs(sim, 'n127').filter((l) => l.includes('"GET / HTTP/1.1" 200 615')).at(-1)).toMatch(/ "curl\/8\.14\.1" "-"$/);
    // Recorded with trixie's curl against a local server: 8.14's connect and request lines.
    const v = inPod(sim, 'latest', 'curl -sv -o /dev/null http://localhost/').output.split('\n');
    expect(v.slice(0, 6)).toEqual(['* Host localhost:80 was resolved.', '* IPv6: ::1', '* IPv4: 127.0.0.1', '*   Trying [::1]:80...', '* Connected to localhost (::1) port 80', '* using HTTP/1.x']);
    expect(v).toContain('* Request completely sent off');
  });

  it('nginx says which toolchain built it: trixie\'s gcc 14 and OpenSSL 3.5, bookworm\'s gcc 12', () => {
    const built = (pod: string): string[] => inPod(sim, pod, 'nginx -V 2>&1').output.split('\n').slice(0, 3);
    expect(built('latest')).toEqual(['nginx version: nginx/1.29.2', 'built by gcc 14.2.0 (Debian 14.2.0-19) ', 'built with OpenSSL 3.5.1 1 Jul 2025']);
    expect(built('n127')).toEqual(['nginx version: nginx/1.27.5', 'built by gcc 12.2.0 (Debian 12.2.0-14) ', 'built with OpenSSL 3.0.16 11 Feb 2025']);
    expect(logs(sim, 'latest')).toContainEqual(expect.stringMatching(/\[notice\] 1#1: built by gcc 14\.2\.0 \(Debian 14\.2\.0-19\) $/));
  });

  it('coreutils and bash answer --version as the release builds them: 9.7 packaged by Debian and bash 5.2.37 on trixie, 9.1 and 5.2.15 on bookworm', () => {
    // Recorded with trixie's debs (C locale) and on this Debian 12 machine.
    expect(inPod(sim, 'latest', 'ls --version')).toEqual({
      exitCode: 0,
      output:
        'ls (GNU coreutils) 9.7\nPackaged by Debian (9.7-3)\nCopyright (C) 2025 Free Software Foundation, Inc.\nLicense GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\nThis is free software: you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n\nWritten by Richard M. Stallman and David MacKenzie.\n',
    });
    expect(inPod(sim, 'n127', 'ls --version').output).toBe(
      'ls (GNU coreutils) 9.1\nCopyright (C) 2022 Free Software Foundation, Inc.\nLicense GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\nThis is free software: you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n\nWritten by Richard M. Stallman and David MacKenzie.\n',
    );
    // getopt_long permutes: --version after other options still wins; after `--` it is an operand.
    expect(inPod(sim, 'latest', 'sort -r --version | head -1; tail --version | tail -2').output).toBe('sort (GNU coreutils) 9.7\nWritten by Paul Rubin, David MacKenzie, Ian Lance Taylor,\nand Jim Meyering.\n');
    expect(inPod(sim, 'latest', 'ls -- --version')).toEqual({ exitCode: 2, output: "ls: cannot access '--version': No such file or directory\n" });
    const bash = (pod: string): string => inPod(sim, pod, 'bash --version').output;
    expect(bash('latest')).toBe(
      'GNU bash, version 5.2.37(1)-release (x86_64-pc-linux-gnu)\nCopyright (C) 2022 Free Software Foundation, Inc.\nLicense GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\nThis is free software; you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n',
    );
    expect(bash('n127').split('\n')[0]).toBe('GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)');
    // The running shell says the same as its --version.
    expect(inPod(sim, 'latest', 'bash -c \'echo "$BASH_VERSION ${BASH_VERSINFO[2]}"\'').output).toBe('5.2.37(1)-release 37\n');
    expect(inPod(sim, 'n127', 'bash -c \'echo "$BASH_VERSION"\'').output).toBe('5.2.15(1)-release\n');
    // Built on bullseye (not described): Debian 12's programs, as its curl is.
    expect(inPod(sim, 'n123', 'cat --version | head -1').output).toBe('cat (GNU coreutils) 9.1\n');
  });

  it('apt-get install resolves the release\'s packages: trixie\'s procps 4.0.4 and its plan, bind9-dnsutils for dnsutils', () => {
    // Recorded with apt 3.0.4 in a chroot of trixie-slim's packages (pkg-apt-data-trixie.ts).
    const r = inPod(sim, 'n1295', 'apt-get update -qq && apt-get install -y procps');
    expect(r.exitCode).toBe(0);
    expect(r.output.split('\n').slice(3, 14)).toEqual([
      'The following additional packages will be installed:',
      '  libgpm2 libncursesw6 libproc2-0 linux-sysctl-defaults psmisc',
      'The following NEW packages will be installed:',
      '  libgpm2 libncursesw6 libproc2-0 linux-sysctl-defaults procps psmisc',
      '0 upgraded, 6 newly installed, 0 to remove and 0 not upgraded.',
      'Need to get 1370 kB of archives.',
      'After this operation, 4163 kB of additional disk space will be used.',
      'Get:1 http://deb.debian.org/debian trixie/main amd64 linux-sysctl-defaults all 4.12.1 [5724 B]',
      'Get:2 http://deb.debian.org/debian trixie/main amd64 libncursesw6 amd64 6.5+20250216-2 [135 kB]',
      'Get:3 http://deb.debian.org/debian trixie/main amd64 libproc2-0 amd64 2:4.0.4-9 [65.6 kB]',
      'Get:4 http://deb.debian.org/debian trixie/main amd64 procps amd64 2:4.0.4-9 [882 kB]',
    ]);
    expect(r.output).toContain('Processing triggers for libc-bin (2.41-12+deb13u5) ...\n');
    expect(inPod(sim, 'n1295', 'command -v ps').output).toBe('/usr/bin/ps\n');
    // trixie has no dnsutils package: apt installs bind9-dnsutils, which provides it, as if named.
    const dns = inPod(sim, 'n1295', 'apt-get install -y dnsutils').output.split('\n');
    expect(dns.slice(8, 11)).toEqual(['The following NEW packages will be installed:', '  bind9-dnsutils bind9-host bind9-libs krb5-locales libcom-err2 libedit2', '  libfstrm0 libgssapi-krb5-2 libidn2-0 libjemalloc2 libjson-c5 libk5crypto3']);
    expect(dns).toContain('Need to get 4312 kB of archives.');
    // Debian 12's versions where the image is on bookworm.
    expect(inPod(sim, 'n127', 'apt-get update -qq && apt-get install -y procps').output).toContain('Unpacking procps (2:4.0.2-3) ...\n');
  });
});

describe('the debian image\'s tags', () => {
  it('latest, stable, 13 and trixie are Debian 13 (official-images since 2025-08-11); 12, bookworm and oldstable Debian 12', () => {
    const s = bootCluster();
    const tags = ['latest', 'stable', '13', 'trixie-slim', '12', 'bookworm', 'oldstable-slim'];
    tags.forEach((t, i) => createPod(s, podManifest(`d${i}`, `debian:${t}`, { container: { command: ['sleep', '3600'] } })));
    s.advance(60_000);
    expect(tags.map((_, i) => inPod(s, `d${i}`, 'grep CODENAME /etc/os-release').output.trim())).toEqual([
      'VERSION_CODENAME=trixie',
      'VERSION_CODENAME=trixie',
      'VERSION_CODENAME=trixie',
      'VERSION_CODENAME=trixie',
      'VERSION_CODENAME=bookworm',
      'VERSION_CODENAME=bookworm',
      'VERSION_CODENAME=bookworm',
    ]);
    expect(inPod(s, 'd0', 'cat /etc/debian_version; bash --version | head -1; apt-get update | head -1').output).toBe(
      '13.8\nGNU bash, version 5.2.37(1)-release (x86_64-pc-linux-gnu)\nGet:1 http://deb.debian.org/debian trixie InRelease [140 kB]\n',
    );
  });
});
