import { beforeAll, describe, expect, it } from 'vitest';
import { bootCluster, createPod, createWebPod, createWebService, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

// apt's texts recorded from apt 2.6.1 on Debian 12 (a private dpkg status holding debian:12's
// required packages, `apt-get -s install`, `--assume-no` for Need to get/After this operation,
// empty lists for `E: Unable to locate package`); apk's from public transcripts (tools-apk.ts's
// header); /etc/os-release from the sources os-release.ts names.

function inPod(sim: Simulation, pod: string, script: string): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command: ['sh', '-c', script] } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

let sim: Simulation;

beforeAll(() => {
  sim = bootCluster();
  createWebPod(sim);
  createWebService(sim);
  for (const [name, image] of [['alp', 'alpine:3.20'], ['jammy', 'ubuntu:22.04'], ['noble', 'ubuntu:24.04'], ['deb', 'debian:12'], ['bb', 'busybox:1.36']] as const) {
    createPod(sim, podManifest(name, image, { node: 'node-1', container: { command: ['sleep', '3600'] } }));
  }
  sim.advance(20_000);
});

describe('/etc/os-release', () => {
  it('says which distribution each image is', () => {
    expect(inPod(sim, 'jammy', 'cat /etc/os-release; cat /etc/debian_version').output).toBe(
      'PRETTY_NAME="Ubuntu 22.04.5 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION="22.04.5 LTS (Jammy Jellyfish)"\nVERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\nHOME_URL="https://www.ubuntu.com/"\nSUPPORT_URL="https://help.ubuntu.com/"\nBUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\nPRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"\nUBUNTU_CODENAME=jammy\nbookworm/sid\n',
    );
    expect(inPod(sim, 'noble', 'tail -1 /etc/os-release').output).toBe('LOGO=ubuntu-logo\n');
    expect(inPod(sim, 'alp', 'cat /etc/alpine-release; grep PRETTY /etc/os-release').output).toBe('3.20.3\nPRETTY_NAME="Alpine Linux v3.20"\n');
    expect(inPod(sim, 'deb', 'head -1 /etc/os-release; cat /etc/debian_version').output).toBe('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n12.11\n');
    expect(inPod(sim, 'bb', 'cat /etc/os-release')).toEqual({ exitCode: 1, output: "cat: can't open '/etc/os-release': No such file or directory\n" });
  });
});

describe('apk in an Alpine Pod', () => {
  it('installs curl, which then reaches a Service; an unknown package is apk\'s error', () => {
    expect(inPod(sim, 'alp', 'curl -s web').exitCode).toBe(127);
    const add = inPod(sim, 'alp', 'apk add --no-cache curl');
    expect(add.exitCode).toBe(0);
    expect(add.output.split('\n').slice(0, 3)).toEqual([
      'fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/main/x86_64/APKINDEX.tar.gz',
      'fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/community/x86_64/APKINDEX.tar.gz',
      '(1/9) Installing brotli-libs (1.1.0-r2)',
    ]);
    expect(add.output).toMatch(/\(9\/9\) Installing curl \(.*\)\nExecuting busybox-.*\.trigger\nOK: \d+ MiB in 25 packages\n$/);
    expect(inPod(sim, 'alp', 'curl -s -o /dev/null -w "%{http_code}" web')).toEqual({ exitCode: 0, output: '200' });
    expect(inPod(sim, 'alp', 'command -v curl; apk info | grep -c curl').output).toBe('/usr/bin/curl\n2\n');
    expect(inPod(sim, 'alp', 'apk add curl').output).toMatch(/APKINDEX.tar.gz\nOK: \d+ MiB in 25 packages\n$/);
    expect(inPod(sim, 'alp', 'apk add nosuch curl')).toEqual({
      exitCode: 1,
      output: 'fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/main/x86_64/APKINDEX.tar.gz\nfetch https://dl-cdn.alpinelinux.org/alpine/v3.20/community/x86_64/APKINDEX.tar.gz\nERROR: unable to select packages:\n  nosuch (no such package):\n    required by: world[nosuch]\n',
    });
  });

  it('jq and bind-tools put their programs on PATH; a program that is not simulated says so', () => {
    expect(inPod(sim, 'alp', 'apk add jq bind-tools vim >/dev/null; echo \'{"a":1}\' | jq .a; command -v dig; vim x').output).toBe('1\n/usr/bin/dig\nvim: installed, but not simulated in this classroom\n');
  });
});

describe('apt-get in Debian and Ubuntu Pods', () => {
  it('finds nothing before apt-get update, as on a fresh image', () => {
    expect(inPod(sim, 'deb', 'apt-get install -y curl')).toEqual({ exitCode: 100, output: 'Reading package lists...\nBuilding dependency tree...\nReading state information...\nE: Unable to locate package curl\n' });
    expect(inPod(sim, 'deb', 'apt install -y curl').output.startsWith('\nWARNING: apt does not have a stable CLI interface. Use with caution in scripts.\n\n')).toBe(true);
  });

  it('updates, installs curl and dnsutils with apt\'s plan, and the tools work afterwards', () => {
    const up = inPod(sim, 'deb', 'apt-get update');
    expect(up.exitCode).toBe(0);
    expect(up.output.split('\n')[0]).toBe('Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]');
    expect(up.output).toMatch(/\nReading package lists\.\.\.\n$/);
    const ins = inPod(sim, 'deb', 'apt-get install -y curl');
    expect(ins.exitCode).toBe(0);
    expect(ins.output).toContain(
      'The following NEW packages will be installed:\n  ca-certificates curl krb5-locales libbrotli1 libcurl4 libgssapi-krb5-2\n  libk5crypto3 libkeyutils1 libkrb5-3 libkrb5support0 libldap-2.5-0\n  libldap-common libnghttp2-14 libpsl5 librtmp1 libsasl2-2 libsasl2-modules\n  libsasl2-modules-db libssh2-1 libssl3 openssl publicsuffix\n0 upgraded, 22 newly installed, 0 to remove and 0 not upgraded.\nNeed to get 6132 kB of archives.\nAfter this operation, 15.8 MB of additional disk space will be used.\n',
    );
    expect(ins.output).toContain('The following additional packages will be installed:\n  ca-certificates krb5-locales libbrotli1 libcurl4 libgssapi-krb5-2\n  libk5crypto3 libkeyutils1');
    // The unpack order is apt's own (its Inst lines): libssl3 first, curl's Recommends last.
    expect([...ins.output.matchAll(/^Unpacking (\S+)/gm)].map((m) => m[1]).slice(0, 3)).toEqual(['libssl3:amd64', 'openssl', 'ca-certificates']);
    expect(ins.output).toContain('Setting up curl (7.88.1-10+deb12u15) ...\n');
    expect(inPod(sim, 'deb', 'curl -s -o /dev/null -w "%{http_code}" web').output).toBe('200');
    expect(inPod(sim, 'deb', 'apt-get install nosuch')).toMatchObject({ exitCode: 100 });
    expect(inPod(sim, 'deb', 'apt-get install dnsutils').output).toMatch(/Do you want to continue\? \[Y\/n\] Abort\.\n$/);
    expect(inPod(sim, 'deb', 'apt-get install -y dnsutils >/dev/null; command -v dig').output).toBe('/usr/bin/dig\n');
    // -qq prints only errors and implies -y.
    expect(inPod(sim, 'deb', 'apt-get install -qq jq; echo \'[1,2]\' | jq length')).toEqual({ exitCode: 0, output: '2\n' });
  });

  it('upgrade finds nothing newer, clean is silent, an unknown operation is apt-get\'s error', () => {
    expect(inPod(sim, 'deb', 'apt-get upgrade')).toEqual({ exitCode: 0, output: 'Reading package lists...\nBuilding dependency tree...\nReading state information...\nCalculating upgrade...\n0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n' });
    expect(inPod(sim, 'deb', 'apt-get clean')).toEqual({ exitCode: 0, output: '' });
    expect(inPod(sim, 'deb', 'apt-get foo')).toEqual({ exitCode: 100, output: 'E: Invalid operation foo\n' });
  });

  it('--no-install-recommends leaves out what curl only recommends (recorded)', () => {
    const out = inPod(sim, 'noble', 'apt-get update -qq; apt-get install -y --no-install-recommends curl').output;
    expect(out).toContain('0 upgraded, 16 newly installed, 0 to remove and 0 not upgraded.\n');
    expect(out).not.toContain('publicsuffix');
  });

  it('an Ubuntu image fetches from its own mirror', () => {
    expect(inPod(sim, 'jammy', 'apt-get update').output.split('\n')[0]).toBe('Get:1 http://archive.ubuntu.com/ubuntu jammy InRelease [270 kB]');
  });
});

describe('a container\'s own apk add', () => {
  it('reaches the CDN at its moment and the installed curl then reaches a Service', () => {
    createPod(sim, podManifest('boot', 'alpine:3.20', { node: 'node-1', container: { command: ['sh', '-c', 'apk add -q curl && curl -s -o /dev/null -w "%{http_code}\\n" web; sleep 3600'] } }));
    sim.advance(20_000);
    const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: 'boot', logOptions: {} });
    expect(res.ok && res.text).toBe('200\n');
  });
});

describe('simulated time', () => {
  it('a download takes time in proportion to what it fetches, and procps\' ps replaces BusyBox\'s', () => {
    const t = (s: string): number => Number(inPod(sim, 'alp', s).output.trim());
    expect(t('s=$(date +%s); apk add -q python3 procps; e=$(date +%s); echo $((e-s))')).toBeGreaterThanOrEqual(1);
    expect(inPod(sim, 'alp', 'ps | head -1').output).toBe('    PID TTY          TIME CMD\n');
    expect(Number(inPod(sim, 'deb', 's=$(date +%s); apt-get install -qq python3; e=$(date +%s); echo $((e-s))').output.trim())).toBeGreaterThanOrEqual(2);
  });
});

describe('a restart', () => {
  it('starts a new container from the image: what the old one installed is gone', () => {
    createPod(sim, podManifest('short', 'alpine:3.20', { node: 'node-1', container: { command: ['sleep', '30'] } }));
    sim.advance(10_000);
    expect(inPod(sim, 'short', 'apk add -q curl; command -v curl')).toEqual({ exitCode: 0, output: '/usr/bin/curl\n' });
    sim.advance(40_000);
    expect(inPod(sim, 'short', 'curl -s web')).toEqual({ exitCode: 127, output: 'sh: curl: not found\n' });
  });
});

describe('without a network', () => {
  it('an egress policy makes apk and apt-get fail as they do without their mirrors', () => {
    for (const [name, image] of [['cut', 'alpine:3.20'], ['cutdeb', 'debian:12']] as const) {
      const pod = podManifest(name, image, { node: 'node-1', container: { command: ['sleep', '3600'] } });
      pod.metadata.labels = { app: 'cut' };
      createPod(sim, pod);
    }
    const deny = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'no-egress', namespace: 'default' }, spec: { podSelector: { matchLabels: { app: 'cut' } }, policyTypes: ['Egress'] } };
    expect(sim.request({ verb: 'create', resource: 'networkpolicies', namespace: 'default', body: deny }).ok).toBe(true);
    sim.advance(20_000);
    const add = inPod(sim, 'cut', 'apk add curl');
    expect(add.exitCode).toBe(1);
    expect(add.output).toContain('ERROR: unable to select packages:\n  curl (no such package):\n    required by: world[curl]\n');
    expect(add.output).toMatch(/^fetch https:\/\/dl-cdn\.alpinelinux\.org\/alpine\/v3\.20\/main\/x86_64\/APKINDEX\.tar\.gz\nWARNING: fetching https:\/\/dl-cdn\.alpinelinux\.org\/alpine\/v3\.20\/main: /);
    const up = inPod(sim, 'cutdeb', 'apt-get update');
    expect(up.output).toMatch(/^Err:1 http:\/\/deb\.debian\.org\/debian bookworm InRelease\n/);
    expect(up.output).toContain('W: Some index files failed to download. They have been ignored, or old ones used instead.\n');
  });
});
