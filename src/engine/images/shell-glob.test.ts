/**
 * Pathname expansion in container shells. Expected texts and statuses recorded on this machine
 * with BusyBox 1.35 (`busybox sh -c …`), dash 0.5.12 and bash 5.2.15 in a directory holding
 * `Z a.conf b.conf c1 .hid sub/`: `echo *` → `Z a.conf b.conf c1 sub` (C-locale byte order),
 * `echo .*` → `. .. .hid` (dash, ash) and `.hid` (bash), `echo > *.conf` → bash's
 * `ambiguous redirect` (status 1), a file named `*.conf` in dash and ash.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { newLayer } from './fs';
import { execInContainer, startProcess } from './process';
import { writeAtomic } from '../kubelet/atomic-writer';
import type { SimMillis } from '../../k8s/units';

type Dialect = 'ash' | 'dash' | 'bash';
const IMAGES: Record<Dialect, { image: string; shell: string }> = {
  ash: { image: 'busybox:1.36', shell: 'sh' },
  dash: { image: 'debian:12', shell: 'sh' },
  bash: { image: 'debian:12', shell: 'bash' },
};
const DIALECTS: Dialect[] = ['ash', 'dash', 'bash'];

function shell(d: Dialect): (script: string) => { exitCode: number; output: string } {
  const cfg = newLayer();
  writeAtomic(cfg, { 'a.conf': 'x', 'b.txt': 'y' }, 0 as SimMillis, 'glob');
  const p = startProcess({
    image: resolveImage(IMAGES[d].image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1,
    mounts: { '/cfg': { layer: cfg, readOnly: true } },
  });
  const setup = 'mkdir -p /w/sub && cd /w && touch Z a.conf b.conf c1 .hid; ';
  return (script) => {
    const r = execInContainer(p, 1000, [IMAGES[d].shell, '-c', setup + script]);
    return { exitCode: r.exitCode, output: r.output };
  };
}

describe('pathname expansion', () => {
  it.each(DIALECTS)('%s: matches sorted in byte order; no match stays as written', (d) => {
    const sh = shell(d);
    expect(sh('echo *; echo [a-c]*; echo c?; echo nomatch*; echo */; for f in *.conf; do echo f=$f; done').output)
      .toBe('Z a.conf b.conf c1 sub\na.conf b.conf c1\nc1\nnomatch*\nsub/\nf=a.conf\nf=b.conf\n');
    expect(sh('echo /w/*.conf; ls /w/?1').output).toBe('/w/a.conf /w/b.conf\n/w/c1\n');
  });

  it.each(DIALECTS)('%s: quoted and escaped characters are literal; an unquoted expansion globs', (d) => {
    const sh = shell(d);
    expect(sh('echo "*" \\* \'c?\' "a"*; x="*.conf"; echo $x; echo "$x"').output).toBe('* * c? a.conf\na.conf b.conf\n*.conf\n');
  });

  it.each(DIALECTS)('%s: set -f turns it off', (d) => {
    expect(shell(d)('set -f; echo *; set +f; echo c*').output).toBe('*\nc1\n');
  });

  it('dotfiles only for a leading dot: dash and ash list . and .., bash 5.2 skips them', () => {
    expect(shell('ash')('echo .*').output).toBe('. .. .hid\n');
    expect(shell('dash')('echo .*').output).toBe('. .. .hid\n');
    expect(shell('bash')('echo .*').output).toBe('.hid\n');
  });

  it.each(DIALECTS)('%s: a configMap volume: * skips its ..data link and timestamped directory', (d) => {
    const sh = shell(d);
    expect(sh('echo /cfg/*; cat /cfg/*.txt; echo').output).toBe('/cfg/a.conf /cfg/b.txt\ny\n');
    expect(sh('echo /cfg/..d*').output).toBe('/cfg/..data\n');
  });

  it('redirection: bash globs the target and refuses several matches; dash and ash use the word', () => {
    expect(shell('bash')('echo > *.conf; echo rc=$?; echo hi > c?; cat c1')).toEqual({ exitCode: 0, output: 'bash: line 1: *.conf: ambiguous redirect\nrc=1\nhi\n' });
    for (const d of ['ash', 'dash'] as const) expect(shell(d)('echo hi > *.conf; echo rc=$?; cat "*.conf"').output).toBe('rc=0\nhi\n');
  });
});
