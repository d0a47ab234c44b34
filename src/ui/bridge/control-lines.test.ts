/**
 * A page control's line (a fault menu, the instructor's console, the editor's Apply, a lesson's
 * typed step) while the terminal is attached to a shell, against the real engine through the
 * bridge: it runs at the laptop's prompt and is shown there, the shell stays attached for the next
 * typed line, and the log entry says so, so a replay (a shared link, crash recovery) runs it the same way.
 */
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../store/store';
import { SimBridge } from './bridge';
import { inProcess, settle } from './in-process.testing';

describe('a page control while the terminal is logged in to a node', () => {
  it('runs at the laptop, shows at the laptop prompt, logs as such; typed lines stay on the node', async () => {
    const { factory } = inProcess();
    const store = createAppStore();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0, files: {} });
    bridge.start();
    await settle();
    bridge.run('sim ssh control-plane');
    await settle();
    const fault = bridge.run('sim fail kube-scheduler', undefined, { laptop: true });
    // Shown at the laptop's `$ ` prompt from the start, not at the node's.
    expect(store.getState().terminal.entries.find((e) => e.id === fault)?.shell).toBeUndefined();
    await settle();
    const entries = store.getState().terminal.entries;
    const done = entries.find((e) => e.id === fault)!;
    expect(done).toMatchObject({ exitCode: 0, attached: { prompt: 'root@control-plane:~# ' } });
    expect(done.shell).toBeUndefined();
    expect(store.getState().cluster.components.get('kube-scheduler')?.running).toBe(false);
    const typed = bridge.run('hostname');
    await settle();
    expect(store.getState().terminal.entries.find((e) => e.id === typed)).toMatchObject({ output: [{ text: 'control-plane\n' }], shell: { prompt: 'root@control-plane:~# ' } });
    expect(bridge.commandLog.flatMap((e) => (e.type === 'command' ? [{ line: e.line, laptop: e.laptop }] : []))).toEqual([
      { line: 'sim ssh control-plane', laptop: undefined },
      { line: 'sim fail kube-scheduler', laptop: true },
      { line: 'hostname', laptop: undefined },
    ]);
  });
});
