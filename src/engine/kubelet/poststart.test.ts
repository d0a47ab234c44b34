/**
 * The postStart hook (kuberuntime_container.go startContainer, step 4): it runs in the container
 * once it has started; a failure is a FailedPostStartHook event and the container is killed and
 * restarted. The "Attach Handlers to Container Lifecycle Events" page's hook writes a file.
 */
import { describe, expect, it } from 'vitest';
import { bootCluster, createPod, eventsFor, getPod, inPod, podManifest, stateOf } from './kubelet.testing';

describe('a postStart hook', () => {
  it('runs in the container after it starts (the lifecycle page: /usr/share/message)', () => {
    const sim = bootCluster();
    const hook = { postStart: { exec: { command: ['/bin/sh', '-c', 'echo Hello from the postStart handler > /usr/share/message'] } } };
    createPod(sim, podManifest('lifecycle-demo', 'nginx:1.27', { container: { lifecycle: hook } }));
    sim.advance(15_000);
    expect(inPod(sim, 'lifecycle-demo', ['cat', '/usr/share/message']).output).toBe('Hello from the postStart handler\n');
    expect(eventsFor(sim, 'lifecycle-demo')).not.toContainEqual(expect.stringMatching(/FailedPostStartHook/));
  });

  it('that fails is a FailedPostStartHook event quoting the command, its stderr and output; the container is killed and restarted', () => {
    const sim = bootCluster();
    const hook = { postStart: { exec: { command: ['/bin/sh', '-c', 'echo oops >&2; exit 3'] } } };
    createPod(sim, podManifest('bad-hook', 'nginx:1.27', { container: { lifecycle: hook } }));
    sim.advance(15_000);
    const uid = getPod(sim, 'bad-hook')!.metadata.uid!;
    const events = eventsFor(sim, 'bad-hook');
    expect(events).toContain(`Warning FailedPostStartHook: Exec lifecycle hook ([/bin/sh -c echo oops >&2; exit 3]) for Container "api" in Pod "bad-hook_default(${uid})" failed - error: command '/bin/sh -c echo oops >&2; exit 3' exited with 3: oops\n, message: "oops\\n"`);
    expect(events).toContain('Normal Killing: FailedPostStartHook');
    expect(getPod(sim, 'bad-hook')?.status?.containerStatuses?.[0]?.restartCount).toBeGreaterThan(0);
  });

  it('holds the container out of the status until it returns (ContainerCreating), and its failure comes when it does', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('slow', 'nginx:1.27', { container: { lifecycle: { postStart: { exec: { command: ['/bin/sh', '-c', 'sleep 8; exit 2'] } } } } }));
    sim.advance(10_000);
    expect(stateOf(getPod(sim, 'slow'))).toBe('waiting:ContainerCreating');
    expect(eventsFor(sim, 'slow')).not.toContainEqual(expect.stringMatching(/FailedPostStartHook/));
    sim.advance(5_000);
    expect(eventsFor(sim, 'slow')).toContainEqual(expect.stringMatching(/^Warning FailedPostStartHook: Exec lifecycle hook \(\[\/bin\/sh -c sleep 8; exit 2\]\)/));
    expect(eventsFor(sim, 'slow')).toContain('Normal Killing: FailedPostStartHook');
  });
});
