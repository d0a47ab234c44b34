/**
 * Container streams (`kubectl logs -f`, `kubectl attach`) through the Session the page and the
 * runner use: each line comes out stamped with the simulated moment the container wrote it
 * (the page's terminal reveals a chunk when its playhead reaches `at`), for as long as the
 * container runs, and Ctrl+C keeps what was written before it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import type { CommandResult, OutputChunk } from '../types';

let booted: Session;

beforeAll(() => {
  booted = new Session({ seed: 4 });
  booted.run(`kubectl run tick --image=busybox:1.36 -- sh -c 'i=0; while true; do i=$((i+1)); echo line $i; sleep 1; done'`);
  booted.run(`kubectl run quiet --image=busybox:1.36 --restart=Never -- sh -c 'echo start; sleep 90; echo late; sleep 5'`);
  booted.run('kubectl wait --for=condition=Ready pod/tick pod/quiet --timeout=1m');
});

function fresh(): Session {
  return new Session({ seed: 4, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

const stdoutChunks = (r: CommandResult): OutputChunk[] => r.output.filter((c) => c.stream === 'stdout');
const out = (r: CommandResult): string => stdoutChunks(r).map((c) => c.text).join('');

/** The `at` of each stdout line (a chunk may hold several lines written at one instant). */
function lineTimes(r: CommandResult): { text: string; at: number }[] {
  return stdoutChunks(r).flatMap((c) => c.text.split(/(?<=\n)/).filter(Boolean).map((text) => ({ text, at: c.at ?? Number.NaN })));
}

/** Line k (k ≥ 1) of a one-line-a-second stream comes about k seconds after the first, never in a burst. */
function expectOneASecond(lines: { text: string; at: number }[]): void {
  for (let k = 1; k < lines.length; k++) {
    const gap = lines[k]!.at - lines[k - 1]!.at;
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThanOrEqual(1_100);
  }
}

describe('container streams flow as the container writes', () => {
  it('logs -f prints each line at the moment it was written, well past a minute', () => {
    const s = fresh();
    const t0 = s.sim.now;
    const r = s.run('kubectl logs -f tick --tail=0 --request-timeout=100s');
    expect(r.exitCode).toBe(0);
    const lines = lineTimes(r);
    // 100 s of a line a second, each in its own chunk (no two read together came out together).
    expect(lines.length).toBeGreaterThanOrEqual(97);
    expect(stdoutChunks(r).length).toBe(lines.length);
    expectOneASecond(lines);
    // The first line came within a second of opening the stream; the last just before it closed.
    expect(lines[0]!.at - t0).toBeLessThanOrEqual(1_200);
    expect(s.sim.now - lines[lines.length - 1]!.at).toBeLessThanOrEqual(1_000);
    const n = (l: { text: string }): number => Number(l.text.replace(/^line (\d+)\n$/, '$1'));
    expect(lines.map(n)).toEqual(lines.map((_, k) => n(lines[0]!) + k));
  });

  it('kubectl attach streams the same way, past a minute, until --request-timeout', () => {
    const s = fresh();
    const r = s.run('kubectl attach tick -q --request-timeout=75s');
    expect(r.exitCode).toBe(0);
    const lines = lineTimes(r);
    expect(lines.length).toBeGreaterThanOrEqual(72);
    expectOneASecond(lines);
  });

  it('a quiet container keeps its stream open past a minute; the stream ends when the container does', () => {
    const s = fresh();
    const t0 = s.sim.now;
    const logs = s.run('kubectl logs -f quiet');
    expect(logs.exitCode).toBe(0);
    expect(out(logs)).toBe('start\nlate\n');
    const late = lineTimes(logs)[1]!;
    // `sleep 90` began before the stream opened; `late` came out when it was written, not a read later.
    expect(late.at - t0).toBeGreaterThan(60_000);
    expect(late.at - t0).toBeLessThan(90_000);
    // The container exits 5 s after `late`; the kubelet reports it shortly after.
    expect(s.sim.now - late.at).toBeGreaterThanOrEqual(5_000);
    expect(s.sim.now - late.at).toBeLessThan(5_000 + 11_000);
  });

  it('kubectl attach to a quiet container waits past a minute for its next line', () => {
    const s = fresh();
    const r = s.run('kubectl attach quiet -q');
    expect(r.exitCode).toBe(0);
    expect(out(r)).toBe('late\n');
  });

  it('logs -f of a container that has already stopped ends at once', () => {
    const s = fresh();
    s.run('sim advance 2m');
    const t0 = s.sim.now;
    expect(out(s.run('kubectl logs -f quiet'))).toBe('start\nlate\n');
    expect(s.sim.now - t0).toBeLessThan(1_000);
  });

  it('Ctrl+C ends the stream with 130 and keeps every line written before it', () => {
    const s = fresh();
    const t0 = s.sim.now;
    // Not on a read: the lines since the last one are still written out, up to the Ctrl+C.
    const interruptAt = t0 + 25_500;
    const r = s.run('kubectl logs -f tick --tail=0', undefined, { interruptAt });
    expect(r.exitCode).toBe(130);
    const lines = lineTimes(r);
    expect(lines.length).toBeGreaterThanOrEqual(24);
    expect(lines.every((l) => l.at <= interruptAt)).toBe(true);
    expect(interruptAt - lines[lines.length - 1]!.at).toBeLessThanOrEqual(1_000);
    expectOneASecond(lines);
  });

  it('--limit-bytes ends the follow once that many bytes were sent, its first read included', () => {
    const s = fresh();
    const t0 = s.sim.now;
    const r = s.run('kubectl logs -f tick --tail=1 --limit-bytes=30 --request-timeout=5m');
    expect(r.exitCode).toBe(0);
    const text = out(r);
    expect(text).toHaveLength(30);
    // The last line is cut where the budget ran out.
    expect(text).toMatch(/^(line \d\n){4}li$/);
    // The kubelet stops the stream there; the loop notices at its next read, well before the timeout.
    expect(s.sim.now - t0).toBeLessThan(30_000);
  });

  it('a follow is one pods/log request, however long it runs', () => {
    const s = fresh();
    const seq = s.sim.lastTraceSeq;
    s.run('kubectl logs -f tick --tail=0 --request-timeout=5m');
    const hops = s.sim.traceSince(seq).filter((r) => r.kind === 'request' && 'type' in r.detail && r.detail.type === 'non-resource' && r.detail.path.startsWith('/containerLogs/'));
    expect(hops).toHaveLength(1);
  });
});
