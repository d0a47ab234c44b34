import { describe, expect, it } from 'vitest';
import { Session } from './session';
import type { CommandResult } from './types';

const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');

describe('k, the prompt’s predefined alias, and bash’s type', () => {
  it('lists k as an alias; unalias k makes it a command not found, as in bash', () => {
    const s = new Session({ seed: 1 });
    expect(text(s.run('alias'))).toBe("alias k='kubectl'\n");
    expect(s.run('k get ns kube-system --no-headers').exitCode).toBe(0);
    expect(s.run('unalias k').exitCode).toBe(0);
    const gone = s.run('k get ns');
    expect(gone.exitCode).toBe(127);
    expect(text(gone)).toMatch(/^k: command not found/);
    // xargs execs programs: an alias never was one.
    expect(text(s.run('echo ns | xargs k get'))).toBe('xargs: k: No such file or directory\n');
    s.run('alias k=kubectl');
    expect(s.run('k get ns kube-system --no-headers').exitCode).toBe(0);
  });

  it('answers type as bash 5.2 does (checked against the real bash)', () => {
    const s = new Session({ seed: 1 });
    expect(text(s.run('type k for cd cat kubectl'))).toBe("k is aliased to `kubectl'\nfor is a shell keyword\ncd is a shell builtin\ncat is /usr/bin/cat\nkubectl is /usr/local/bin/kubectl\n");
    const missing = s.run('type nope');
    expect([text(missing), missing.exitCode]).toEqual(['bash: type: nope: not found\n', 1]);
    expect(text(s.run('type -t k for cd cat nope'))).toBe('alias\nkeyword\nbuiltin\nfile\n');
    expect(s.run('type -p echo')).toEqual({ output: [], exitCode: 0 });
    expect(text(s.run('type -P echo'))).toBe('/usr/bin/echo\n');
    expect(s.run('type -p cat nope')).toEqual({ output: [{ stream: 'stdout', text: '/usr/bin/cat\n' }], exitCode: 1 });
  });
});
