import { describe, expect, it } from 'vitest';
import type { SimMillis } from '../../k8s/units';
import { resolveImage } from '../images/catalog';
import { newLayer, type MountedVolume } from '../images/fs';
import { execInContainer, startProcess } from '../images/process';
import type { ProcessInput } from '../images/types';
import { writeAtomic } from './atomic-writer';
import { setVolumeOwnership } from './volume-ownership';

/** security-context.yaml's container: busybox as uid 1000, gid 3000, groups fsGroup 2000 and 4000. */
function demo(mounts: Record<string, MountedVolume>): ReturnType<typeof startProcess> {
  const input: ProcessInput = { image: resolveImage('busybox:1.28'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, mounts, runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [2000, 4000] };
  return startProcess(input);
}

describe('fsGroup volume ownership (SetVolumeOwnership)', () => {
  it("makes an emptyDir group 2000 and setgid, so the docs' testfile is 1000:2000", () => {
    const vol = newLayer();
    setVolumeOwnership(vol, 2000, false, 0o777);
    expect(vol.modes?.['/']).toBe(0o2777);
    expect(vol.owners?.['/']).toEqual([0, 2000]);
    const p = demo({ '/data/demo': { layer: vol, readOnly: false } });
    // The Pod's page (security-context): `drwxrwsrwx 2 root 2000 4096 … demo`, then `-rw-r--r-- 1 1000 2000 6 … testfile`.
    expect(execInContainer(p, 1000, ['ls', '-l', '/data']).output).toMatch(/^total 4\ndrwxrwsrwx {4}2 root {5}2000 {10}4096 \w{3} [ \d]\d \d\d:\d\d demo\n$/);
    expect(execInContainer(p, 2000, ['sh', '-c', 'cd /data/demo && echo hello > testfile && mkdir sub && touch sub/f && ls -l . sub']).output).toMatch(
      /^\.:\ntotal 8\ndrwxr-sr-x {4}2 1000 {5}2000 .* sub\n-rw-r--r-- {4}1 1000 {5}2000 {13}6 .* testfile\n\nsub:\ntotal 0\n-rw-r--r-- {4}1 1000 {5}2000 {13}0 .* f\n$/,
    );
  });

  it('leaves a new file the writer\'s own gid where the directory is not setgid', () => {
    const vol = newLayer();
    const p = demo({ '/scratch': { layer: vol, readOnly: false } });
    expect(execInContainer(p, 1000, ['sh', '-c', 'echo x > /scratch/f; ls -ln /scratch']).output).toMatch(/^total 4\n-rw-r--r-- {4}1 1000 {5}3000 .* f\n$/);
  });

  it('gives read-only volumes 0440 and leaves their links unchmodded; a tmpfs root becomes 3777', () => {
    const vol = newLayer();
    writeAtomic(vol, { '/token': 't', '/ca.crt': 'c' }, 1000 as SimMillis, 'pod/u/sa', { '/token': 0o600, '/ca.crt': 0o644 });
    vol.tmpfs = true;
    setVolumeOwnership(vol, 2000, true, 0o1777);
    const ts = vol.links!['/..data']!;
    expect(vol.modes).toMatchObject({ '/': 0o3777, [`/${ts}`]: 0o2755, [`/${ts}/token`]: 0o640, [`/${ts}/ca.crt`]: 0o644 });
    expect(vol.modes?.['/token']).toBeUndefined();
    expect(vol.owners?.['/token']).toEqual([0, 2000]);
  });

  it('skips the walk under OnRootMismatch when the root already has the group and the bits', () => {
    const vol = newLayer();
    vol.files['/old'] = 'x';
    vol.owners = { '/old': [1000, 1000] };
    setVolumeOwnership(vol, 2000, false, 0o777, 'OnRootMismatch');
    expect(vol.owners['/old']).toEqual([1000, 2000]);
    expect(vol.modes?.['/old']).toBe(0o664);
    vol.files['/new'] = 'y';
    setVolumeOwnership(vol, 2000, false, 0o777, 'OnRootMismatch');
    expect(vol.owners['/new']).toBeUndefined();
    setVolumeOwnership(vol, 2000, false, 0o777);
    expect(vol.owners['/new']).toEqual([0, 2000]);
  });
});
