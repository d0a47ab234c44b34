/**
 * Scripts run by their path: as the container's command (runc's LookPath errors before the start,
 * execve's after it), from each shell (BusyBox ash, dash, bash), with `chmod` deciding. Expected
 * texts recorded on this machine from BusyBox 1.35 ash, dash 0.5.12, bash 5.2 and GNU coreutils
 * 9.1 (`sh -c './x'` over files of each kind), and read in runc v1.3.6
 * (libcontainer/standard_init_linux.go, init_linux.go) and Go's os/exec/lp_unix.go.
 */
import { describe, expect, it } from 'vitest';
import type { SimMillis } from '../../k8s/units';
import { writeAtomic } from '../kubelet/atomic-writer';
import { resolveImage } from './catalog';
import { newLayer, type FsLayer } from './fs';
import { shebang } from './exec-file';
import { execInContainer, processExit, processLogs, startProcess } from './process';
import type { ProcessInput } from './types';

const SCRIPTS: Record<string, string> = {
  '/run.sh': '#!/bin/sh\necho "hi from $0 $*"\n',
  '/plain.sh': 'echo "plain $0 $1"\n',
  '/bash.sh': '#!/bin/bash\necho "bash $BASH_VERSION"\n',
  '/env-bash.sh': '#!/usr/bin/env bash\necho via env\n',
  '/e.sh': '#!/bin/sh -e\necho "flags $-"\nfalse\necho not reached\n',
  '/crlf.sh': '#!/bin/sh\r\necho x\r\n',
};

/** A configMap volume as the kubelet writes it: `KEY -> ..data/KEY` links, every file `mode`. */
function configMap(mode?: number): FsLayer {
  const layer = newLayer();
  writeAtomic(layer, SCRIPTS, 0 as SimMillis, 's', mode === undefined ? {} : Object.fromEntries(Object.keys(SCRIPTS).map((k) => [k, mode])));
  return layer;
}

function scriptsWith(path: string, content: string): FsLayer {
  const layer = newLayer();
  writeAtomic(layer, { [path]: content }, 0 as SimMillis, 's', { [path]: 0o755 });
  return layer;
}

function input(image: string, command: string[], mode?: number, extra: Partial<ProcessInput> = {}): ProcessInput {
  return { image: resolveImage(image), command, env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, mounts: { '/s': { layer: configMap(mode), readOnly: true } }, ...extra };
}

const RUNC = 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: ';

describe('a script as the container command', () => {
  it('runs through its #! interpreter with the path and the arguments when the mode grants x', () => {
    const p = startProcess(input('busybox:1.36', ['/s/run.sh', 'a1', 'a2'], 0o755));
    expect(p.startError).toBeUndefined();
    expect(processExit(p)).toMatchObject({ exitCode: 0 });
    expect(processLogs(p, 10_000).map((l) => l.text)).toEqual(['hi from /s/run.sh a1 a2']);
  });

  it("is refused by runc's LookPath before the start without x (the default 0644), or when it is a directory or missing", () => {
    expect(startProcess(input('busybox:1.36', ['/s/run.sh'])).startError).toEqual({ at: 0, exitCode: 128, reason: 'StartError', message: `${RUNC}exec: "/s/run.sh": permission denied: unknown` });
    expect(startProcess(input('busybox:1.36', ['/s'])).startError?.message).toBe(`${RUNC}exec: "/s": is a directory: unknown`);
    expect(startProcess(input('busybox:1.36', ['/s/nope.sh'])).startError?.message).toBe(`${RUNC}exec: "/s/nope.sh": stat /s/nope.sh: no such file or directory: unknown`);
  });

  it("fails after the start, on stderr with status 255, when execve cannot run it (runc init's exec error)", () => {
    const cases: [string, string][] = [
      ['/s/plain.sh', 'exec /s/plain.sh: exec format error'],
      ['/s/bash.sh', 'exec /s/bash.sh: no such file or directory'],
      // A script saved with CRLF line ends: the interpreter is `/bin/sh\r`.
      ['/s/crlf.sh', 'exec /s/crlf.sh: no such file or directory'],
    ];
    for (const [path, line] of cases) {
      const p = startProcess(input('busybox:1.36', [path], 0o755));
      expect(p.startError).toBeUndefined();
      expect(processExit(p)).toMatchObject({ exitCode: 255 });
      expect(processLogs(p, 10_000).map((l) => [l.stream, l.text])).toEqual([['stderr', line]]);
    }
  });

  it('honours the x bits for a non-root user: others need their own bit', () => {
    expect(startProcess(input('busybox:1.36', ['/s/run.sh'], 0o744, { runAsUser: 1000 })).startError?.message).toContain('exec: "/s/run.sh": permission denied');
    expect(startProcess(input('busybox:1.36', ['/s/run.sh'], 0o744)).startError).toBeUndefined();
    expect(startProcess(input('busybox:1.36', ['/s/run.sh'], 0o755, { runAsUser: 1000 })).startError).toBeUndefined();
  });

  it('gives kubectl exec the same LookPath errors, and the same exec errors after it (runc setns_init_linux.go)', () => {
    const p = startProcess(input('busybox:1.36', ['sleep', '3600']));
    expect(execInContainer(p, 1000, ['/s/run.sh'])).toMatchObject({
      exitCode: 126,
      output: 'OCI runtime exec failed: exec failed: unable to start container process: exec: "/s/run.sh": permission denied: unknown\n',
    });
    const q = startProcess(input('busybox:1.36', ['sleep', '3600'], 0o755));
    expect(execInContainer(q, 1000, ['/s/plain.sh'])).toMatchObject({ exitCode: 255, output: 'exec /s/plain.sh: exec format error\n' });
  });

  it("shows PID 1 as the interpreter's argv under the script's own name (its comm)", () => {
    const q = startProcess({ ...input('busybox:1.36', ['/s/loop.sh', 'a1']), mounts: { '/s': { layer: scriptsWith('/loop.sh', '#!/bin/sh\nsleep 3600\n'), readOnly: true } } });
    expect(execInContainer(q, 1000, ['ps', '-o', 'pid,comm,args']).output).toBe(
      'PID   COMMAND          COMMAND\n    1 loop.sh          {loop.sh} /bin/sh /s/loop.sh a1\n   48 sleep            sleep 3600\n   49 ps               ps -o pid,comm,args\n',
    );
  });
});

describe('a script run by path in a shell', () => {
  const run = (image: string, line: string, mode?: number) => execInContainer(startProcess(input(image, ['sleep', '3600'], mode)), 1000, ['sh', '-c', line]);

  it('BusyBox ash: Permission denied 126, not found 127, a file without #! runs as a script', () => {
    expect(run('busybox:1.36', 'cd /s; ./run.sh x; echo $?').output).toBe('sh: ./run.sh: Permission denied\n126\n');
    expect(run('busybox:1.36', 'cd /s; ./run.sh x; echo $?; ./plain.sh y; ./bash.sh; echo $?; ./nope; echo $?; /s; echo $?', 0o755).output).toBe(
      'hi from ./run.sh x\n0\nplain ./plain.sh y\nsh: ./bash.sh: not found\n127\nsh: ./nope: not found\n127\nsh: /s: Permission denied\n126\n',
    );
    expect(run('busybox:1.36', '/s/e.sh; echo $?; /s/env-bash.sh; echo $?', 0o755).output).toBe("flags e\n1\nenv: can't execute 'bash': No such file or directory\n127\n");
  });

  it('dash (Debian images) words them its way', () => {
    expect(run('nginx:1.29', '/s/run.sh; echo $?').output).toBe('sh: 1: /s/run.sh: Permission denied\n126\n');
    expect(run('nginx:1.29', '/s/nope; echo $?; /s/env-bash.sh; echo $?', 0o755).output).toBe('sh: 1: /s/nope: not found\n127\nvia env\n0\n');
  });

  it('bash words them its way', () => {
    const bash = (line: string, mode?: number) => execInContainer(startProcess(input('nginx:1.29', ['sleep', '3600'], mode)), 1000, ['bash', '-c', line]).output;
    expect(bash('/s/run.sh; echo $?')).toBe('bash: line 1: /s/run.sh: Permission denied\n126\n');
    expect(bash('/s/nope; echo $?; /s; echo $?; /s/crlf.sh; echo $?', 0o755)).toBe(
      'bash: line 1: /s/nope: No such file or directory\n127\nbash: line 1: /s: Is a directory\n126\nbash: line 1: /s/crlf.sh: cannot execute: required file not found\n127\n',
    );
  });

  it('`sh file` runs a file without x', () => {
    expect(run('busybox:1.36', 'sh /s/run.sh a; echo $?').output).toBe('hi from /s/run.sh a\n0\n');
  });
});

describe('chmod', () => {
  const shell = (image = 'busybox:1.36') => {
    const p = startProcess(input(image, ['sleep', '3600']));
    return (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);
  };

  it('+x makes a copied script runnable, and ls -l shows each mode', () => {
    const sh = shell();
    expect(sh('cp /s/run.sh /tmp/r; cd /tmp; ./r; chmod +x r; ls -l r; ./r 1').output).toBe('sh: ./r: Permission denied\n-rwxr-xr-x    1 root     root            31 Sep  1 09:00 r\nhi from ./r 1\n');
    expect(sh('cd /tmp; chmod u=rw,go= r; ls -l r; chmod 4755 r; ls -l r; chmod a-x,g+w r; ls -l r').output).toBe(
      ['-rw-------    1 root     root            31 Sep  1 09:00 r', '-rwsr-xr-x    1 root     root            31 Sep  1 09:00 r', '-rwSrw-r--    1 root     root            31 Sep  1 09:00 r', ''].join('\n'),
    );
  });

  it('applies the umask without who, recurses with -R and reports with -v', () => {
    const sh = shell('nginx:1.29');
    expect(sh('mkdir -p /d/sub; touch /d/f /d/sub/g; chmod 600 /d/f; chmod +w /d/f; chmod -R go-rx /d; ls -lR /d').output).toBe(
      ['/d:', 'total 4', '-rw------- 1 root root    0 Sep  1 09:00 f', 'drwx------ 2 root root 4096 Sep  1 09:00 sub', '', '/d/sub:', 'total 0', '-rw------- 1 root root 0 Sep  1 09:00 g', ''].join('\n'),
    );
    expect(sh('chmod -v 755 /d/f; chmod -v 755 /d/f').output).toBe("mode of '/d/f' changed from 0600 (rw-------) to 0755 (rwxr-xr-x)\nmode of '/d/f' retained as 0755 (rwxr-xr-x)\n");
  });

  it("fails on a configMap volume (read-only), a missing file and a bad mode, in each userland's words", () => {
    expect(shell()('chmod +x /s/run.sh; echo $?; chmod +x /nope; chmod z+x /s/run.sh; echo $?').output).toBe(
      "chmod: /s/run.sh: Read-only file system\n1\nchmod: /nope: No such file or directory\nchmod: invalid mode 'z+x'\n1\n",
    );
    expect(shell('nginx:1.29')('chmod +x /s/run.sh; chmod +x /nope; chmod z+x /s/run.sh; echo $?').output).toBe(
      "chmod: changing permissions of '/s/run.sh': Read-only file system\nchmod: cannot access '/nope': No such file or directory\nchmod: invalid mode: 'z+x'\nTry 'chmod --help' for more information.\n1\n",
    );
  });

  it('test -x asks the same question', () => {
    expect(shell()('cp /s/run.sh /tmp/r; [ -x /tmp/r ]; echo $?; chmod +x /tmp/r; [ -x /tmp/r ]; echo $?').output).toBe('1\n0\n');
  });

  it('command -v and type find an executable script by its name or path', () => {
    expect(shell()('cp /s/run.sh /bin/hi; chmod +x /bin/hi; command -v hi; type hi; command -v /bin/hi').output).toBe('/bin/hi\nhi is /bin/hi\n/bin/hi\n');
  });

  it('a script put in a $PATH directory runs by its name, with $0 its path', () => {
    expect(shell()('cp /s/run.sh /bin/hello; hello; echo $?; chmod +x /bin/hello; hello a').output).toBe('sh: hello: Permission denied\n126\nhi from /bin/hello a\n');
  });
});

describe('shebang', () => {
  it('reads the interpreter and one argument as binfmt_script does', () => {
    expect(shebang('#!/bin/sh\n')).toEqual({ interp: '/bin/sh' });
    expect(shebang('#! /bin/sh -e -x  \n')).toEqual({ interp: '/bin/sh', arg: '-e -x' });
    expect(shebang('#!/usr/bin/env python3\nprint(1)\n')).toEqual({ interp: '/usr/bin/env', arg: 'python3' });
    expect(shebang('echo hi\n')).toBeUndefined();
    expect(shebang('#!\n')).toBeUndefined();
  });
});
