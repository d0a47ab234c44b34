/**
 * grep -r / -R over a container's filesystem (a node's: kubectl/sim/ssh-file-tools.test.ts): `FILE:line` names, -l -n -h -c,
 * GNU 3.8's binary files (`grep: FILE: binary file matches` on stderr), --include, --exclude,
 * --exclude-dir. Expected outputs recorded on this machine with GNU grep 3.8 and BusyBox 1.35
 * (`busybox grep -r`, whose grep.c is 1.36's) on the same tree, in `ls` order (a real
 * directory lists in readdir order).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const TREE = "mkdir -p /g/d/sub /g/other; cd /g; printf 'server: a\\nfoo\\n' > d/k.conf; printf 'x server\\n' > d/sub/y.yaml; printf 'bin\\0server\\n' > d/bin.dat; printf 'server 2\\n' > other/z.txt; ";

function shell(image: string): (line: string) => string {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  return (line) => execInContainer(p, 1000, ['sh', '-c', TREE + line]).output;
}

describe('grep -r', () => {
  it('GNU grep 3.8 (Debian): names, the binary file, the implicit `.`, a file operand and the globs', () => {
    const run = shell('debian:12');
    expect(run('grep -r server d; echo $?')).toBe('grep: d/bin.dat: binary file matches\nd/k.conf:server: a\nd/sub/y.yaml:x server\n0\n');
    expect(run('grep -rn server d/')).toBe('grep: d/bin.dat: binary file matches\nd/k.conf:1:server: a\nd/sub/y.yaml:1:x server\n');
    expect(run('cd d; grep -r server; grep -rl server .')).toBe('grep: bin.dat: binary file matches\nk.conf:server: a\nsub/y.yaml:x server\n./bin.dat\n./k.conf\n./sub/y.yaml\n');
    expect(run('grep -rh server d; grep -rc server d; grep -r server d/k.conf; grep server d; echo $?')).toBe(
      'grep: d/bin.dat: binary file matches\nserver: a\nx server\nd/bin.dat:1\nd/k.conf:1\nd/sub/y.yaml:1\nserver: a\ngrep: d: Is a directory\n2\n',
    );
    expect(run("grep -r --include='*.conf' server d; grep -r --exclude='*.conf' --exclude-dir=sub server d; grep -r --exclude-dir=d server d; echo $?; grep -q server d/bin.dat; echo $?")).toBe(
      'd/k.conf:server: a\ngrep: d/bin.dat: binary file matches\n1\n0\n',
    );
    expect(run('grep -ra server d/bin.dat')).toBe('bin\0server\n');
  });

  it('BusyBox: no binary files; -r with no FILE reads stdin', () => {
    const run = shell('busybox:1.36');
    expect(run('grep -rn server d/')).toBe('d/bin.dat:1:bin\0server\nd/k.conf:1:server: a\nd/sub/y.yaml:1:x server\n');
    expect(run('cd d; echo | grep -r server; echo $?')).toBe('1\n');
    // Without -r a directory reads as nothing, silently.
    expect(run('grep server d; echo $?')).toBe('1\n');
  });

});
