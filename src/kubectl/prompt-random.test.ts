import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

describe('$RANDOM at the prompt', () => {
  it("follows bash 5.2's generator once seeded (recorded on this machine's bash 5.2.15)", () => {
    const s = new Session();
    expect(out(s.run('RANDOM=1; echo $RANDOM $RANDOM $RANDOM $RANDOM'))).toBe('16807 10791 19566 13983\n');
    expect(out(s.run('RANDOM=0; echo $RANDOM $RANDOM $RANDOM'))).toBe('20814 24386 149\n');
    expect(out(s.run('RANDOM=42; echo $RANDOM $RANDOM $RANDOM'))).toBe('17772 26794 1435\n');
    // The seed is 32 bits, read as arithmetic (`RANDOM=1+1` seeds 2; `abc` is 0).
    expect(out(s.run('RANDOM=12345678901; echo $RANDOM $RANDOM'))).toBe('9636 8410\n');
    expect(out(s.run('RANDOM=-5; echo $RANDOM $RANDOM'))).toBe('17653 593\n');
    expect(out(s.run('RANDOM=abc; echo $RANDOM $RANDOM'))).toBe('20814 24386\n');
    expect(out(s.run('RANDOM=1+1; echo $RANDOM; RANDOM=2; echo $RANDOM'))).toBe('846\n846\n');
    expect(out(s.run('RANDOM=1; x=$((RANDOM % 10)); echo $x $RANDOM'))).toBe('7 10791\n');
    expect(out(s.run('RANDOM=1; echo $((RANDOM)) ${RANDOM} ${#RANDOM}'))).toBe('16807 10791 5\n');
  });

  it('is deterministic unseeded: a replay of the log and a fork print the same numbers', () => {
    const s = new Session();
    s.run('kubectl create ns a');
    const first = out(s.run('for i in 1 2 3; do echo $RANDOM; done'));
    expect(first).toMatch(/^(\d+\n){3}$/);
    for (const n of first.trim().split('\n')) expect(Number(n)).toBeLessThanOrEqual(32767);
    const next = out(s.fork().run('echo $RANDOM'));
    const replay = new Session();
    for (const c of s.log) replay.run(c.line, c.stdin);
    expect(out(replay.run('echo $RANDOM'))).toBe(next);
    expect(replay.log.map((c) => c.line)).toEqual([...s.log.map((c) => c.line), 'echo $RANDOM']);
  });

  it('becomes a plain variable once unset, as in bash', () => {
    const s = new Session();
    expect(out(s.run('unset RANDOM; echo "u=$RANDOM"; RANDOM=7; echo $RANDOM'))).toBe('u=\n7\n');
  });
});
