/**
 * getent and hostname -i inside Pods of a booted cluster: /etc/hosts as the kubelet wrote it, then
 * the Pod's resolver (search list, CoreDNS). Formats recorded on this machine (glibc 2.36's getent,
 * hostname 3.23, BusyBox 1.35): `%-15s %s`, ahosts' three socket types, exit 2 for a key not found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, createWebPod, createWebService, getPod, podManifest, inPod } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

let sim: Simulation;
let webIP: string;
let debIP: string;
let bbIP: string;

beforeAll(() => {
  sim = bootCluster();
  createWebPod(sim);
  webIP = createWebService(sim);
  createPod(sim, podManifest('deb', 'nginx:1.29', { node: 'node-1' }));
  createPod(sim, podManifest('bb', 'busybox:1.36', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
  sim.advance(30_000);
  debIP = (getPod(sim, 'deb') as Pod).status!.podIP!;
  bbIP = (getPod(sim, 'bb') as Pod).status!.podIP!;
});

describe('getent in a Debian image', () => {
  it('hosts: a Service through the search list, padded to 15 as glibc prints it', () => {
    expect(inPod(sim, 'deb', ['getent', 'hosts', 'web'])).toEqual({ exitCode: 0, output: `${webIP.padEnd(15)} web.default.svc.cluster.local\n` });
    expect(inPod(sim, 'deb', ['getent', 'hosts', 'web.default'])).toEqual({ exitCode: 0, output: `${webIP.padEnd(15)} web.default.svc.cluster.local\n` });
  });

  it("hosts: /etc/hosts first, IPv6 before IPv4 (localhost is the kubelet's ::1 line); a miss is exit 2", () => {
    expect(inPod(sim, 'deb', ['getent', 'hosts', 'localhost', 'deb', 'nosuch'])).toEqual({
      exitCode: 2,
      output: `::1             localhost ip6-localhost ip6-loopback\n${debIP.padEnd(15)} deb\n`,
    });
  });

  it('ahosts: one line per socket type, the canonical name on the first', () => {
    const ip = webIP.padEnd(15);
    expect(inPod(sim, 'deb', ['getent', 'ahosts', 'web']).output).toBe(`${ip} STREAM web.default.svc.cluster.local\n${ip} DGRAM  \n${ip} RAW    \n`);
  });

  it("passwd and group read the image's files; usage errors as glibc words them", () => {
    expect(inPod(sim, 'deb', ['getent', 'passwd', 'root', '101'])).toEqual({ exitCode: 0, output: 'root:x:0:0:root:/root:/bin/bash\nnginx:x:101:101:nginx user:/nonexistent:/bin/false\n' });
    expect(inPod(sim, 'deb', ['getent', 'passwd', 'nobody-here']).exitCode).toBe(2);
    expect(inPod(sim, 'deb', ['getent', 'foo', 'x'])).toEqual({ exitCode: 1, output: "Unknown database: foo\nTry `getent --help' or `getent --usage' for more information.\n" });
  });
});

describe('hostname -i and BusyBox', () => {
  it("prints the Pod's IP from /etc/hosts in both userlands", () => {
    expect(inPod(sim, 'deb', ['hostname', '-i'])).toEqual({ exitCode: 0, output: `${debIP}\n` });
    expect(inPod(sim, 'bb', ['hostname', '-i'])).toEqual({ exitCode: 0, output: `${bbIP}\n` });
    expect(inPod(sim, 'bb', ['hostname'])).toEqual({ exitCode: 0, output: 'bb\n' });
  });

  it('BusyBox has no getent', () => {
    expect(inPod(sim, 'bb', ['sh', '-c', 'getent hosts web'])).toEqual({ exitCode: 127, output: 'sh: getent: not found\n' });
  });
});
