import { describe, expect, it } from 'vitest';
import { resolveImage } from '../images/catalog';
import { newLayer, type FsLayer, type MountedVolume } from '../images/fs';
import { execInContainer, startProcess } from '../images/process';
import type { ProcessInput } from '../images/types';
import type { SimMillis } from '../../k8s/units';
import { currentPayload, resolveInVolume, timestampDirName, writeAtomic } from './atomic-writer';

const T0 = 17_000 as SimMillis;
const T1 = 93_000 as SimMillis;

function reader(mounts: Record<string, MountedVolume>): ReturnType<typeof startProcess> {
  const input: ProcessInput = { image: resolveImage('busybox:1.36'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, mounts };
  return startProcess(input);
}

function written(payload: Record<string, string>): FsLayer {
  const layer = newLayer();
  writeAtomic(layer, payload, T0, 'pod/u/cfg');
  return layer;
}

describe('AtomicWriter layout', () => {
  it('names the timestamped directory as MkdirTemp does with the writer pattern (UTC, then a uint32)', () => {
    expect(timestampDirName(T0, 'pod/u/cfg')).toMatch(/^\.\.2025_09_01_09_00_17\.\d{1,10}$/);
    // Deterministic: the same volume at the same time gets the same name.
    expect(timestampDirName(T0, 'pod/u/cfg')).toBe(timestampDirName(T0, 'pod/u/cfg'));
  });

  it('puts the files in the timestamped directory, `..data` on it and a link per key', () => {
    const layer = written({ '/color': 'blue', '/size': 'large' });
    const ts = layer.links!['/..data']!;
    expect(ts).toBe(timestampDirName(T0, 'pod/u/cfg'));
    expect(layer.links).toEqual({ '/..data': ts, '/color': '..data/color', '/size': '..data/size' });
    expect(layer.files).toEqual({ [`/${ts}/color`]: 'blue', [`/${ts}/size`]: 'large' });
    expect(currentPayload(layer)).toEqual({ '/color': 'blue', '/size': 'large' });
  });

  it('links only the top-level entry of a nested item path', () => {
    const layer = written({ '/conf/app.properties': 'color=blue\n' });
    expect(layer.links).toEqual({ '/..data': layer.links!['/..data'], '/conf': '..data/conf' });
    expect(resolveInVolume(layer, 'conf/app.properties')).toBe(`/${layer.links!['/..data']}/conf/app.properties`);
  });

  it('writes nothing when the payload is unchanged, and swaps `..data` to a new directory on a change', () => {
    const layer = written({ '/color': 'blue', '/size': 'large' });
    const old = layer.links!['/..data']!;
    expect(writeAtomic(layer, { '/color': 'blue', '/size': 'large' }, T1, 'pod/u/cfg')).toBe(false);
    expect(layer.links!['/..data']).toBe(old);
    expect(writeAtomic(layer, { '/color': 'red' }, T1, 'pod/u/cfg')).toBe(true);
    const ts = layer.links!['/..data']!;
    expect(ts).toMatch(/^\.\.2025_09_01_09_01_33\./);
    // The old directory is gone, and so is the link to the key no longer in the payload.
    expect(layer.files).toEqual({ [`/${ts}/color`]: 'red' });
    expect(layer.links).toEqual({ '/..data': ts, '/color': '..data/color' });
    // A link that stays keeps its time; `..data` is made anew.
    expect(layer.times?.['/color']).toBe(T0);
    expect(layer.times?.['/..data']).toBe(T1);
  });
});

describe('an AtomicWriter volume in a container', () => {
  it('lists the directory, the links and reads through them', () => {
    const vol = written({ '/color': 'blue' });
    const ts = vol.links!['/..data']!;
    const p = reader({ '/etc/cfg': { layer: vol, readOnly: true } });
    const ls = execInContainer(p, 20_000, ['ls', '-la', '/etc/cfg']).output.split('\n');
    // `.`, `..`, then `..2025…` before `..data` (byte order), then the keys.
    const names = ls.slice(1, -1).map((l) => l.replace(/^(\S+\s+){5}\w{3} [ \d]\d {1,2}[\d:]{4,5} /, ''));
    expect(names).toEqual(['.', '..', ts, `..data -> ${ts}`, 'color -> ..data/color']);
    expect(ls[3]).toMatch(/^drwxr-xr-x /);
    expect(ls[4]).toMatch(/^lrwxrwxrwx /);
    expect(execInContainer(p, 20_000, ['cat', '/etc/cfg/color']).output).toBe('blue');
    expect(execInContainer(p, 20_000, ['readlink', '/etc/cfg/..data']).output).toBe(`${ts}\n`);
    expect(execInContainer(p, 20_000, ['ls', '-l', '/etc/cfg/..data/']).output).toMatch(/^total \d+\n-rw-r--r-- .* color\n$/);
  });

  it('updates the mounted directory, while a subPath bound before keeps the old file', () => {
    const vol = written({ '/color': 'blue' });
    // What containerMounts binds for `subPath: color`: a copy, the links resolved.
    const sub: MountedVolume = { layer: structuredClone(vol), readOnly: true, subPath: resolveInVolume(vol, 'color') };
    const p = reader({ '/etc/cfg': { layer: vol, readOnly: true }, '/etc/color': sub });
    writeAtomic(vol, { '/color': 'red' }, T1, 'pod/u/cfg');
    expect(execInContainer(p, 100_000, ['cat', '/etc/cfg/color']).output).toBe('red');
    expect(execInContainer(p, 100_000, ['readlink', '/etc/cfg/..data']).output).toBe(`${vol.links!['/..data']}\n`);
    expect(execInContainer(p, 100_000, ['cat', '/etc/color']).output).toBe('blue');
    expect(execInContainer(p, 100_000, ['ls', '-l', '/etc/color']).output).toMatch(/^-rw-r--r-- .* \/etc\/color\n$/);
  });

  it('gives the files the payload modes (defaultMode 0400), the links stay lrwxrwxrwx', () => {
    const vol = newLayer();
    writeAtomic(vol, { '/password': 's3cr3t' }, T0, 'pod/u/creds', { '/password': 0o400 });
    const p = reader({ '/etc/creds': { layer: vol, readOnly: true } });
    expect(execInContainer(p, 20_000, ['ls', '-l', '/etc/creds/..data/']).output).toMatch(/\n-r-------- .* password\n$/);
    expect(execInContainer(p, 20_000, ['ls', '-l', '/etc/creds/']).output).toMatch(/\nlrwxrwxrwx .* password -> \.\.data\/password\n$/);
  });

  it('shows a secret or projected volume as the tmpfs it is: 1777 at the root, tmpfs directory sizes', () => {
    const vol = written({ '/ca.crt': 'c', '/namespace': 'default', '/token': 't' });
    vol.tmpfs = true;
    const p = reader({ '/var/run/secrets/kubernetes.io/serviceaccount': { layer: vol, readOnly: true } });
    const ls = execInContainer(p, 20_000, ['ls', '-la', '/var/run/secrets/kubernetes.io/serviceaccount']).output.split('\n');
    // 40 + 20 per entry (mm/shmem.c's BOGO_DIRENT_SIZE): five entries at the root, three files inside.
    expect(ls[1]).toMatch(/^drwxrwxrwt +3 root +root +140 .* \.$/);
    expect(ls[3]).toMatch(/^drwxr-xr-x +2 root +root +100 .* \.\.2025_09_01_09_00_17\.\d+$/);
  });
});
