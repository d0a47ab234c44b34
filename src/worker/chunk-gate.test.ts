import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type FromWorker } from '../protocol/messages';
import { lineReadsChunks, loadKubectlChunks } from '../kubectl/chunks';
import { gateOnChunks } from './chunk-gate';
import { createSimHost } from './host';

/** A worker whose chunks arrive when the test says so (`arrive`), as the page's download does. */
function harness() {
  const out: FromWorker[] = [];
  let loaded = false;
  let arrived!: () => void;
  const download = new Promise<void>((resolve) => (arrived = resolve)).then(loadKubectlChunks).then(() => {
    loaded = true;
  });
  const host = gateOnChunks(createSimHost((m) => out.push(structuredClone(m))), { loaded: () => loaded, load: () => download, readBy: lineReadsChunks });
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
  const results = (): { id: number; text: string }[] => out.flatMap((m) => (m.type === 'commandResult' ? [{ id: m.id, text: m.output.map((c) => c.text).join('') }] : []));
  const arrive = async (): Promise<void> => {
    arrived();
    await download;
  };
  return { host, results, arrive };
}

describe('commands that read a lazily loaded chunk, before it has arrived', () => {
  it('wait for it, and the page hears every later request after them, in order', async () => {
    const { host, results, arrive } = harness();
    host.handle({ type: 'command', id: 1, line: 'kubectl get nodes -o name' });
    expect(results().map((r) => r.id)).toEqual([1]);
    host.handle({ type: 'command', id: 2, line: 'kubectl completion bash' });
    host.handle({ type: 'command', id: 3, line: 'kubectl get ns default -o name' });
    expect(results().map((r) => r.id)).toEqual([1]);
    await arrive();
    expect(results().map((r) => r.id)).toEqual([1, 2, 3]);
    // The script itself, not a request to run the command again.
    expect(results()[1]!.text).toMatch(/^\n# Copyright 2016 The Kubernetes Authors\.\n[\s\S]*__start_kubectl/);
    expect(results()[2]!.text).toBe('namespace/default\n');
    // Once the chunks are in, nothing waits.
    host.handle({ type: 'command', id: 4, line: 'kubectl completion zsh' });
    expect(results().map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('are the lines naming help, completion, options or explain, wherever the shell puts them', () => {
    for (const line of ['kubectl completion bash', 'source <(kubectl completion bash)', 'kubectl get -h', 'kubectl help get', 'kubectl explain pods', 'kubectl options', 'kubectl rollout --help=true']) {
      expect(lineReadsChunks(line), line).toBe(true);
    }
    for (const line of ['kubectl get pods', 'kubectl logs web -c helper', 'echo hello']) expect(lineReadsChunks(line), line).toBe(false);
  });
});
