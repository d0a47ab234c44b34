/**
 * `set` with no operand, recorded under `env -i LC_ALL=C` with dash 0.5.12, BusyBox 1.35 and
 * bash 5.2.15 running the same script (every value the script assigns, filtered by grep).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, shell: string, script: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, [shell, '-c', script]).output;

const SCRIPT = `A="x y"; B=plain; C=; D="it's"; E=$(printf "a\\tb"); F="a~b"; G="~a"; H="#a"; I="x\\\\y"; J=""; set | grep -E "^[A-J]="`;

describe('set lists the variables as each shell quotes them', () => {
  it('dash and BusyBox ash: every value single-quoted, quotes as "\'"', () => {
    const dash = "A='x y'\nB='plain'\nC=''\nD='it'\"'\"'s'\nE='a\tb'\nF='a~b'\nG='~a'\nH='#a'\nI='x\\y'\nJ=''\n";
    expect(run('debian:12', 'sh', SCRIPT)).toBe(dash);
    expect(run('busybox:1.36', 'sh', SCRIPT)).toBe(dash);
  });

  it("bash: bare unless a metacharacter needs quotes, $'…' for what is not printable, arrays as ([0]=\"…\")", () => {
    expect(run('debian:12', 'bash', SCRIPT)).toBe("A='x y'\nB=plain\nC=\nD='it'\\''s'\nE=$'a\\tb'\nF=a~b\nG='~a'\nH='#a'\nI='x\\y'\nJ=\n");
    expect(run('debian:12', 'bash', `a=(x "y z" 'q"$'); set | grep "^a="`)).toBe('a=([0]="x" [1]="y z" [2]="q\\"\\$")\n');
    expect(run('debian:12', 'bash', `A=é; set | grep "^A="`)).toBe("A=$'\\303\\251'\n");
    expect(run('debian:12', 'bash', `declare -A m=([a]=1 [b]="x y"); declare -A e; set | grep -E "^[em]="`)).toBe('m=([b]="x y" [a]="1" )\n');
    expect(run('debian:12', 'bash', 'set | grep -E "^(HOSTTYPE|IFS|PS4)="')).toBe("HOSTTYPE=x86_64\nIFS=$' \\t\\n'\nPS4='+ '\n");
  });
});
