import { describe, expect, it } from 'vitest';
import { newLayer } from '../images/fs';
import { containerMounts, tmpfsBytes, type MachineFacts } from '../images/sysinfo';
import { worldOf } from '../simulation';
import { bootCluster, createPod, getPod, podManifest, ready } from './kubelet.testing';
import { podVolumeKey } from './volume-data';

describe('emptyDir medium: Memory', () => {
  it("is a tmpfs sized as calculateEmptyDirMemorySize says: a smaller sizeLimit, else the Pod's memory limit", () => {
    const sim = bootCluster();
    const pod = podManifest('cache', 'busybox:1.36', {
      container: { command: ['sleep', '3600'], resources: { limits: { memory: '256Mi' } } },
      spec: { volumes: [{ name: 'small', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } }, { name: 'pod', emptyDir: { medium: 'Memory' } }, { name: 'huge', emptyDir: { medium: 'Memory', sizeLimit: '1Ti' } }, { name: 'disk', emptyDir: {} }] },
    });
    createPod(sim, pod);
    sim.runUntil(() => ready(getPod(sim, 'cache')) === 'True', 60_000);
    const uid = getPod(sim, 'cache')!.metadata.uid!;
    const layer = (v: string) => worldOf(sim).volumeData!.get(podVolumeKey(uid, v))!;
    expect(layer('small')).toMatchObject({ tmpfs: true, sizeBytes: 64 * 2 ** 20 });
    expect(layer('pod')).toMatchObject({ tmpfs: true, sizeBytes: 256 * 2 ** 20 });
    // A sizeLimit above what the Pod may use is ignored.
    expect(layer('huge')).toMatchObject({ tmpfs: true, sizeBytes: 256 * 2 ** 20 });
    expect(layer('disk').tmpfs).toBeUndefined();
  });

  it("shows in df as a tmpfs of that size, and its files' pages count as used and toward memory.current", () => {
    const vol = newLayer();
    vol.tmpfs = true;
    vol.sizeBytes = 64 * 2 ** 20;
    vol.files['/a'] = 'x'.repeat(5000);
    vol.files['/b'] = 'y';
    const machine = { memTotalKib: 8_141_880, diskKib: 61_202_244, diskUsedKib: 5_293_443 } as MachineFacts;
    const mounts = { '/cache': { layer: vol, readOnly: false } };
    expect(containerMounts(machine, undefined, mounts).find((r) => r.target === '/cache')).toEqual({ source: 'tmpfs', fstype: 'tmpfs', target: '/cache', sizeKib: 65_536, usedKib: 12, availKib: 65_524 });
    expect(tmpfsBytes(mounts)).toBe(12 * 1024);
  });
});
