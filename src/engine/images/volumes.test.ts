import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { newLayer } from './fs';
import { execInContainer, startProcess } from './process';
import type { ProcessInput } from './types';

function input(mounts: ProcessInput['mounts'], command: string[]): ProcessInput {
  return { image: resolveImage('busybox:1.36'), command, env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, ...(mounts ? { mounts } : {}) };
}

describe('mounted volumes', () => {
  it('shares one volume between containers, and a subPath mounts one file of it', () => {
    const vol = newLayer();
    const a = startProcess(input({ '/shared': { layer: vol, readOnly: false } }, ['sleep', '3600']));
    const b = startProcess(input({ '/data': { layer: vol, readOnly: false }, '/etc/app.conf': { layer: vol, readOnly: true, subPath: '/conf/app.conf' } }, ['sleep', '3600']));
    expect(execInContainer(a, 1000, ['sh', '-c', 'mkdir -p /shared/conf && echo hi > /shared/conf/app.conf']).exitCode).toBe(0);
    expect(execInContainer(b, 2000, ['cat', '/data/conf/app.conf']).output).toBe('hi\n');
    expect(execInContainer(b, 2000, ['cat', '/etc/app.conf']).output).toBe('hi\n');
    expect(execInContainer(b, 2000, ['ls', '/']).output).toContain('data');
  });

  it('refuses writes on a read-only mount', () => {
    const vol = newLayer();
    vol.files['/key'] = 'v';
    const p = startProcess(input({ '/etc/config': { layer: vol, readOnly: true } }, ['sleep', '3600']));
    expect(execInContainer(p, 1000, ['sh', '-c', 'echo x > /etc/config/key'])).toMatchObject({ exitCode: 1, output: "sh: can't create /etc/config/key: Read-only file system\n" });
    expect(execInContainer(p, 1000, ['rm', '/etc/config/key'])).toMatchObject({ exitCode: 1, output: "rm: can't remove '/etc/config/key': Read-only file system\n" });
    expect(execInContainer(p, 1000, ['cat', '/etc/config/key']).output).toBe('v');
    // The filters that write a file say so too, in BusyBox's words, and leave it as it was.
    expect(execInContainer(p, 1000, ['sh', '-c', 'echo b | sort -o /etc/config/key'])).toMatchObject({ exitCode: 1, output: "sort: can't open '/etc/config/key': Read-only file system\n" });
    expect(execInContainer(p, 1000, ['sh', '-c', 'echo b | uniq - /etc/config/key'])).toMatchObject({ exitCode: 1, output: "uniq: can't open '/etc/config/key': Read-only file system\n" });
    expect(execInContainer(p, 1000, ['sh', '-c', 'echo b | tee /etc/config/key /tmp/copy; echo $?; cat /tmp/copy']).output).toBe('tee: /etc/config/key: Read-only file system\nb\n1\nb\n');
    expect(execInContainer(p, 1000, ['cat', '/etc/config/key']).output).toBe('v');
  });
});
