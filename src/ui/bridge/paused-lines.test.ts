/**
 * Lines typed on a paused stage, against the real engine: where the moment shown lands decides
 * whether the line's output is there at once or waits for Play. A kubectl the line runs itself
 * shows its request (stepping on walks through what it caused); one inside `$(…)` only feeds
 * the shell, so a curl line built on it answers as a plain curl line does.
 */
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../store/store';
import { revealed } from '../terminal/transcript';
import { SimBridge } from './bridge';
import { inProcess, settle } from './in-process.testing';

async function paused() {
  const { factory } = inProcess();
  const store = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0, files: {} });
  bridge.start();
  await settle();
  bridge.pause();
  return { store, bridge };
}

/** The last line's text as the terminal shows it at the moment shown, and whether it still waits. */
function lastLine(store: ReturnType<typeof createAppStore>) {
  const s = store.getState();
  const e = s.terminal.entries.at(-1)!;
  const r = revealed(e, s.cluster.now);
  return { text: e.output.slice(0, r.count).map((c) => c.text).join(''), waiting: r.waiting };
}

describe('a line typed while paused', () => {
  it('answers a curl whose URL comes from $(kubectl …) at once, as a plain curl line', async () => {
    const { store, bridge } = await paused();
    bridge.run('curl -sk https://10.0.0.10:6443/version -o /dev/null -w "%{http_code} $(kubectl get ns default -o name)\\n"');
    await settle();
    expect(lastLine(store)).toEqual({ text: '200 namespace/default\n', waiting: false });
    expect(store.getState().playback.playing).toBe(false);
  });

  it('still stops at the request of a kubectl the line runs itself, its substitution aside', async () => {
    const { store, bridge } = await paused();
    bridge.run('kubectl create deployment web --image=nginx --replicas=$(kubectl get ns -o name | wc -l)');
    await settle();
    const c = store.getState().cluster;
    const shown = c.tape!.records.find((r) => r.seq === c.seq)!;
    // The create's POST, not the substitution's list, and nothing of it stored yet.
    expect(shown).toMatchObject({ from: 'kubectl', kind: 'request', detail: { verb: 'create', resource: 'deployments' } });
    expect(c.objects.has('deployments/default/web')).toBe(false);
    expect(lastLine(store)).toEqual({ text: 'deployment.apps/web created\n', waiting: false });
  });
});

describe('a line typed into a container shell while paused', () => {
  it('waits where it began when it never ends (sleep infinity), and answers at once when it ends by itself', async () => {
    const { store, bridge } = await paused();
    bridge.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    bridge.run('sim advance 20s');
    bridge.run('kubectl exec -it bb -- sh');
    await settle();
    expect(store.getState().terminal.entries.at(-1)).toMatchObject({ attached: { pod: 'bb' } });
    bridge.run('echo hi');
    await settle();
    expect(lastLine(store)).toEqual({ text: 'hi\n', waiting: false });
    const before = store.getState().cluster.now;
    bridge.run('sleep infinity');
    await settle();
    // The worker ran it to the runner's bound; the stage stays where it began and the line waits.
    const c = store.getState().cluster;
    expect(c.tape!.frontierNow - before).toBeGreaterThan(10 * 60_000);
    expect(c.now - before).toBeLessThan(1_000);
    expect(lastLine(store).waiting).toBe(true);
    expect(store.getState().playback.playing).toBe(false);
  });
});

describe('a full-screen program typed at a node login while paused', () => {
  it('waits where it began with its first screen, as the laptop prompt’s watch does', async () => {
    const { store, bridge } = await paused();
    bridge.run('sim ssh node-1');
    await settle();
    const before = store.getState().cluster.now;
    bridge.run("watch -n 2 'crictl ps | head -3'");
    await settle();
    // The worker ran the watch to its bound; the stage stays at its start, the line waits for Play or Ctrl+C.
    const c = store.getState().cluster;
    expect(c.tape!.frontierNow - before).toBeGreaterThan(60_000);
    expect(c.now - before).toBeLessThan(1_000);
    expect(lastLine(store).waiting).toBe(true);
    expect(store.getState().terminal.entries.at(-1)!.output.some((o) => o.screen !== undefined)).toBe(true);
    expect(store.getState().playback.playing).toBe(false);
  });
});

describe('Ctrl+C on a container line that began after the moment shown', () => {
  it('interrupts the line at its start instead of discarding it: its ^C stays in the transcript and $? is 130', async () => {
    const { store, bridge } = await paused();
    bridge.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    bridge.run('sim advance 20s');
    bridge.run('kubectl exec -it bb -- sh');
    await settle();
    const id = bridge.run('sleep infinity');
    await settle();
    const line = store.getState().terminal.entries.find((e) => e.id === id)!;
    // The playhead trails the line (as it does while playing a step behind the frontier): shown
    // is a moment before the line began.
    bridge.seekTime(line.startedAt! - 300);
    await settle();
    expect(store.getState().cluster.now).toBeLessThan(line.startedAt!);
    bridge.interrupt(id);
    await settle();
    await settle();
    const after = store.getState().terminal.entries.find((e) => e.id === id);
    expect(after).toMatchObject({ line: 'sleep infinity', exitCode: 130 });
    bridge.run('echo status $?');
    await settle();
    expect(store.getState().terminal.entries.at(-1)!.output.map((c) => c.text).join('')).toBe('status 130\n');
  });
});
