/**
 * `command -v`, `command -V` and `type` in debian:12 (bash, dash) and busybox:1.36 (ash)
 * containers. Expected texts recorded on this machine with bash 5.2, dash 0.5.12 and BusyBox
 * 1.35's ash running the same lines (`bash -c '…'`, `dash -c '…'`, `busybox sh -c '…'`).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, argv: string[]) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, argv);

describe('command -v and type name a builtin before any file', () => {
  it('bash: builtins and keywords by name, files by path, every meaning with type -a', () => {
    expect(run('debian:12', ['bash', '-c', 'command -v echo cd ls nosuch; echo "st=$?"; type echo cd ls if'])).toMatchObject({
      output: 'echo\ncd\n/usr/bin/ls\nst=0\necho is a shell builtin\ncd is a shell builtin\nls is /usr/bin/ls\nif is a shell keyword\n',
    });
    expect(run('debian:12', ['bash', '-c', 'type -a echo; type -t echo; type -p echo; type -p ls; type -P echo; f() { :; }; type -t f; command -v f']).output).toBe(
      'echo is a shell builtin\necho is /usr/bin/echo\necho is /bin/echo\nbuiltin\n/usr/bin/ls\n/usr/bin/echo\nfunction\nf\n',
    );
    expect(run('debian:12', ['bash', '-c', 'type nosuch; echo "st=$?"; command -v nosuch; echo "st=$?"; type -t nosuch; echo "st=$?"']).output).toBe('bash: line 1: type: nosuch: not found\nst=1\nst=1\nst=1\n');
  });

  it("dash: special builtins say so, -a is a name, and a miss is `x: not found` on stdout with 127", () => {
    expect(run('debian:12', ['sh', '-c', 'command -v echo; command -v ls; type echo export ls; type -a echo; echo "st=$?"'])).toMatchObject({
      output: 'echo\n/usr/bin/ls\necho is a shell builtin\nexport is a special shell builtin\nls is /usr/bin/ls\n-a: not found\necho is a shell builtin\nst=127\n',
    });
    expect(run('debian:12', ['sh', '-c', 'type nosuch 2>/dev/null; echo "st=$?"; command -v nosuch; echo "st=$?"; f() { :; }; type f']).output).toBe('nosuch: not found\nst=127\nst=127\nf is a shell function\n');
  });

  it('BusyBox ash: its own builtins; `type -x` answers as `command -v`; command -v describes the first name only', () => {
    expect(run('busybox:1.36', ['sh', '-c', 'command -v echo; type echo export ls [[; type -a echo; command -v mkdir -p; type nosuch; echo "st=$?"']).output).toBe(
      'echo\necho is a shell builtin\nexport is a special shell builtin\nls is /bin/ls\n[[ is a shell builtin\necho\n/bin/mkdir\nnosuch: not found\nst=127\n',
    );
  });

  it('command NAME still runs NAME with its own options', () => {
    expect(run('busybox:1.36', ['sh', '-c', 'command mkdir -p /tmp/a/b && command -- ls -d /tmp/a/b']).output).toBe('/tmp/a/b\n');
  });
});
