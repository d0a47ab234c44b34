import { describe, expect, it } from 'vitest';
import type { AttachOptions, AttachOutcome } from '../kubelet/server-api';
import { stopComponent } from '../dispatch';
import { bootCluster, createPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { worldOf } from '../simulation';
import type { KubeconfigUser } from '../simulation';

type Answer = { ok: true; code: number; attach: AttachOutcome | undefined } | { ok: false; code: number; reason: string; message: string };

function attach(sim: Simulation, name: string, opts: AttachOptions, as: KubeconfigUser = 'kubernetes-admin'): Answer {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'attach', namespace: 'default', name, attachOptions: opts }, as);
  if (res.ok) return { ok: true, code: res.code, attach: res.attach };
  return 'network' in res.error ? { ok: false, code: 0, reason: 'network', message: res.error.message } : { ok: false, code: res.error.code, reason: res.error.reason, message: res.error.message };
}

describe('pods/attach through kube-apiserver and the kubelet', () => {
  it('refuses as upstream does: a missing Pod, a container not in the spec, one not running, RBAC, an unreachable kubelet', () => {
    const sim = bootCluster();
    expect(attach(sim, 'nope', {})).toEqual({ ok: false, code: 404, reason: 'NotFound', message: 'pods "nope" not found' });
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(100);
    expect(attach(sim, 'web', { container: 'side' })).toEqual({ ok: false, code: 400, reason: 'BadRequest', message: 'container side is not valid for pod web' });
    // Kubelet.GetAttach's findContainer sees running containers only; the Pod's full name is name_namespace.
    expect(attach(sim, 'web', { container: 'api' })).toEqual({ ok: true, code: 500, attach: { type: 'upgrade-failed', message: 'container api not found in pod web_default' } });
    sim.advance(15_000);
    expect(attach(sim, 'web', {}, 'jane')).toMatchObject({ ok: false, code: 403, message: 'pods "web" is forbidden: User "jane" cannot create resource "pods/attach" in API group "" in the namespace "default"' });
    stopComponent(worldOf(sim), 'kubelet/node-1' as never);
    expect(attach(sim, 'web', {})).toMatchObject({ ok: false, code: 500, reason: '', message: 'error dialing backend: dial tcp 10.0.0.11:10250: connect: connection refused' });
  });

  it('attaches to a running process; input reaches PID 1 only when it is a shell reading the stdin the runtime holds open', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    createPod(sim, podManifest('sh', 'busybox:1.36', { container: { command: ['sh'], stdin: true, tty: true } }));
    sim.advance(15_000);
    const nginx = attach(sim, 'web', { stdin: true, input: 'hostname' });
    expect(nginx).toMatchObject({ ok: true, code: 101, attach: { type: 'attached', containerID: expect.stringMatching(/^containerd:\/\//) as unknown as string } });
    expect(nginx.ok && nginx.attach?.type === 'attached' && (nginx.attach.shell ?? nginx.attach.ran)).toBeFalsy();
    expect(attach(sim, 'sh', { stdin: true, tty: true, input: 'hostname' })).toMatchObject({ ok: true, code: 101, attach: { type: 'attached', shell: 'sh', ran: { exitCode: 0, output: 'sh\n' } } });
    // Without stdin the attach only watches: nothing is typed.
    const watching = attach(sim, 'sh', { input: 'hostname' });
    expect(watching.ok && watching.attach?.type === 'attached' ? watching.attach.ran : 'refused').toBeUndefined();
    const hops = sim.traceSince(0).map((r) => r.summary);
    expect(hops).toContain('RBAC: allowed create pods/attach');
    expect(hops).toContain('POST /attach/default/sh/api?container=api&stdin=true&stdout=true&tty=true');
    expect(hops).toContain('Attach api');
  });
});
