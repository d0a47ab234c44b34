/**
 * The served cluster's WebSocket endpoints in-process: a page attached over `ws` gets the worker
 * protocol over the cluster real kubectls drive (a request from outside reaches it as pushed
 * diffs, its own terminal runs on the same cluster), and the classroom relay lets only the
 * presenter's socket speak.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, type DiffMessage, type FromWorker, type SnapshotMessage, type ToWorker } from '../../protocol/messages';
import { CLASSROOM_MAX_BYTES } from '../../worker/outbox';
import { startServe, type Served } from '../start';
import { ATTACH_PATH, CLASSROOM_PATH } from './app-server';

let served: Served;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'reconcile-attach-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Reconcile</title>');
  served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1, open: true, appPort: 0, dist });
});

afterAll(async () => {
  await served.close();
  rmSync(dist, { recursive: true, force: true });
});

const wsUrl = (path: string): string => `${served.app!.url.replace('http:', 'ws:')}${path}`;
const token = (): string => new URL(served.app!.attachLink).searchParams.get('attach')!;

/** A socket with its received messages and a way to wait for one. */
async function open(url: string): Promise<{ ws: WebSocket; got: unknown[]; until(pred: (m: unknown) => boolean): Promise<unknown> }> {
  const ws = new WebSocket(url);
  const got: unknown[] = [];
  const waiters: { pred: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  ws.on('message', (data) => {
    const m: unknown = JSON.parse(String(data));
    got.push(m);
    for (const w of [...waiters]) {
      if (!w.pred(m)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    got,
    until: (pred) => {
      const hit = got.find(pred);
      return hit !== undefined ? Promise.resolve(hit) : new Promise((resolve) => waiters.push({ pred, resolve }));
    },
  };
}

const send = (ws: WebSocket, m: ToWorker): void => ws.send(JSON.stringify(m));
const isType = <T extends FromWorker['type']>(type: T) => (m: unknown): m is Extract<FromWorker, { type: T }> => (m as FromWorker).type === type;

describe('attaching a page to a served cluster', () => {
  it('serves the built app', async () => {
    const res = await fetch(`${served.app!.url}/?attach=x`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Reconcile</title>');
  });

  it('refuses a socket without the token', async () => {
    const ws = new WebSocket(`${wsUrl(ATTACH_PATH)}?token=wrong`);
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });

  it('speaks the worker protocol over the shared cluster', async () => {
    const page = await open(`${wsUrl(ATTACH_PATH)}?token=${token()}`);
    send(page.ws, { type: 'init', protocol: PROTOCOL_VERSION, epoch: 3, seed: 99, topology: 'ha', commandLog: [{ type: 'command', line: 'kubectl delete ns default' }] });
    const ready = await page.until(isType('ready'));
    // The served cluster is what it is: the page's seed, topology and log are not replayed.
    expect(ready).toMatchObject({ type: 'ready', epoch: 3, seed: 1, topology: 'basic', replayed: 0, served: { clock: 'manual' } });
    const snap = page.got.find(isType('snapshot')) as SnapshotMessage;
    expect(snap.version).toBe(0);
    expect(snap.objects.some((o) => o.key === 'namespaces/default')).toBe(true);

    // An outside client's request reaches the page as pushed diffs, in version order.
    served.cluster.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'from-outside' }, data: { a: '1' } } }, 'kubernetes-admin', { session: 's1', command: 'kubectl create' });
    const pushed = (await page.until((m) => isType('diff')(m) && m.changes.some((c) => c.key === 'configmaps/default/from-outside'))) as DiffMessage;
    expect(pushed.partial).toEqual({});
    // Traced as its own participant, not as the page's terminal.
    expect(pushed.trace.some((r) => r.kind === 'request' && r.from === 'kubectl-external')).toBe(true);

    // The page's own terminal runs on the same cluster; the request ends with one ack diff after its result.
    send(page.ws, { type: 'command', id: 1, line: 'kubectl get configmap from-outside' });
    const acked = (await page.until((m) => isType('diff')(m) && m.ack === 1)) as DiffMessage;
    const result = page.got.find((m) => isType('commandResult')(m) && m.id === 1);
    expect(result).toMatchObject({ exitCode: 0 });
    expect(JSON.stringify(result)).toContain('from-outside');
    expect(page.got.indexOf(result)).toBeLessThan(page.got.indexOf(acked));

    // Versions chain without a gap from the snapshot on.
    const diffs = page.got.filter(isType('diff'));
    diffs.forEach((d, i) => expect(d.from).toBe(i));

    // Manual clock: the page's advance moves the shared cluster.
    const before = served.cluster.sim.now;
    send(page.ws, { type: 'advance', id: 2, ms: 1000 });
    await page.until((m) => isType('diff')(m) && m.ack === 2);
    expect(served.cluster.sim.now).toBe(before + 1000);

    // `sim topology` would replace the shared Simulation.
    send(page.ws, { type: 'command', id: 3, line: 'sim topology ha' });
    const refused = await page.until((m) => isType('commandResult')(m) && m.id === 3);
    expect(refused).toMatchObject({ exitCode: 1 });
    expect(served.cluster.options.topology).toBe('basic');
    page.ws.close();
  });
});

describe('the byte budget over the socket', () => {
  it('cuts a long advance into diffs under CLASSROOM_MAX_BYTES each, the snapshot aside', async () => {
    const page = await open(`${wsUrl(ATTACH_PATH)}?token=${token()}`);
    /** JSON characters per frame, the budget's measure. */
    const frames: { type: string; chars: number }[] = [];
    page.ws.on('message', (data) => {
      const text = String(data);
      frames.push({ type: (JSON.parse(text) as FromWorker).type, chars: text.length });
    });
    send(page.ws, { type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
    await page.until(isType('ready'));
    send(page.ws, { type: 'advance', id: 1, ms: 5 * 60_000 });
    await page.until((m) => isType('diff')(m) && m.ack === 1);
    const mine = page.got.filter(isType('diff')).filter((d) => d.ack === 1 || d.partial?.of === 1);
    // An idle cluster's five minutes are several times the budget.
    expect(mine.reduce((n, d) => n + JSON.stringify(d).length, 0)).toBeGreaterThan(4 * CLASSROOM_MAX_BYTES);
    expect(mine.length).toBeGreaterThan(4);
    expect(frames.filter((f) => f.type !== 'snapshot').every((f) => f.chars <= CLASSROOM_MAX_BYTES)).toBe(true);
    page.ws.close();
  });
});

describe('the classroom relay over WebSocket', () => {
  it('relays the presenter to students and nothing from a student', async () => {
    const presenter = await open(`${wsUrl(CLASSROOM_PATH)}?token=${token()}`);
    const student = await open(wsUrl(CLASSROOM_PATH));
    const other = await open(wsUrl(CLASSROOM_PATH));
    await presenter.until((m) => (m as { type?: string }).type === 'hello');
    student.ws.send(JSON.stringify({ type: 'state', from: 'student', seed: 1, topology: 'basic', log: [{ type: 'command', line: 'kubectl delete ns default' }], seq: 1, t: 1, playing: false, speed: 1 }));
    const state = { type: 'state', from: 'p', seed: 1, topology: 'basic', log: [], seq: 7, t: 70, playing: true, speed: 2 };
    presenter.ws.send(JSON.stringify(state));
    expect(await other.until((m) => (m as { type?: string }).type === 'state')).toEqual(state);
    expect(await student.until((m) => (m as { type?: string }).type === 'state')).toEqual(state);
    await expect.poll(() => served.app!.server.relay.ignored).toBe(1);
    expect(other.got.filter((m) => (m as { type?: string }).type === 'state')).toHaveLength(1);
    const wrong = new WebSocket(`${wsUrl(CLASSROOM_PATH)}?token=nope`);
    expect(await new Promise<number>((resolve) => wrong.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0)))).toBe(401);
    for (const s of [presenter, student, other]) s.ws.close();
  });
});

describe('an attached page on a real clock', () => {
  it('follows the host’s time: advance and step are acknowledged without moving the shared cluster', async () => {
    const { ServedCluster } = await import('../cluster');
    const { attachHost } = await import('./host');
    const cluster = new ServedCluster({ seed: 1, topology: 'basic', clock: 'real', speed: 1 });
    const out: FromWorker[] = [];
    const host = attachHost(cluster, (m) => out.push(m));
    host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
    expect(out.find(isType('ready'))).toMatchObject({ served: { clock: 'real' } });
    const now = cluster.sim.now;
    host.handle({ type: 'advance', id: 1, ms: 5000 });
    host.handle({ type: 'step', id: 2, maxMs: 60_000 });
    expect(cluster.sim.now).toBe(now);
    expect(out.filter(isType('diff')).map((d) => d.ack)).toEqual([1, 2]);
    // The host's own clock moves it, and the page hears of it.
    cluster.advance(1000);
    expect(out.filter(isType('diff')).at(-1)).toMatchObject({ partial: {}, now: now + 1000 });
    host.close();
  });
});
