/**
 * `hostUsers: false` (the "Use a User Namespace With a Pod" page): the Pod's containers run in a
 * user namespace of their own, a 65536-id range the kubelet allocated; a Pod without it, and the
 * node itself, are in the initial one.
 */
import { describe, expect, it } from 'vitest';
import { bootCluster, createPod, inPod, podManifest } from './kubelet.testing';

describe('a user namespace for a Pod', () => {
  it('maps its ids 0-65535 to a range of its own, in a namespace that is not the host’s', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('userns', 'debian', { container: { command: ['sleep', 'infinity'] }, spec: { hostUsers: false } }));
    createPod(sim, podManifest('plain', 'debian', { container: { command: ['sleep', 'infinity'] } }));
    sim.advance(20_000);
    const map = /^ {9}0 +(\d+) {6}65536\n$/.exec(inPod(sim, 'userns', ['cat', '/proc/self/uid_map']).output);
    expect(map).not.toBeNull();
    const hostId = Number(map![1]);
    expect(hostId % 65536).toBe(0);
    expect(hostId).toBeGreaterThanOrEqual(65536);
    expect(inPod(sim, 'userns', ['cat', '/proc/1/gid_map']).output).toBe(inPod(sim, 'userns', ['cat', '/proc/self/uid_map']).output);
    const ns = inPod(sim, 'userns', ['readlink', '/proc/self/ns/user']).output;
    expect(ns).toMatch(/^user:\[40265\d{5}\]\n$/);
    expect(ns).not.toBe('user:[4026531837]\n');
    // Inside, it is root as before.
    expect(inPod(sim, 'userns', ['id', '-u']).output).toBe('0\n');
    expect(inPod(sim, 'plain', ['cat', '/proc/self/uid_map']).output).toBe('         0          0 4294967295\n');
    expect(inPod(sim, 'plain', ['readlink', '/proc/self/ns/user']).output).toBe('user:[4026531837]\n');
    // The page's other half: the host, in its shell, is in the initial namespace.
    const host = sim.nodeShell('node-1', 'readlink /proc/self/ns/user');
    expect(host.output.map((c) => c.text).join('')).toBe('user:[4026531837]\n');
  });
});
