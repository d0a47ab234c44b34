import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, getPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { capabilityMask } from './proc-status';

// The Security Context page's steps (tasks/configure-pod-container/security-context): the
// capability bitmaps it prints for security-context-3/-4, the ids of security-context.yaml's
// Pod, and agnhost's image-defined group that supplementalGroupsPolicy Strict keeps out.

function inPod(sim: Simulation, pod: string, command: string[]): string {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return res.exec.output;
}

const line = (status: string, name: string): string | undefined => status.split('\n').find((l) => l.startsWith(`${name}:`));

describe('capabilityMask, as containerd builds the set for CRI', () => {
  it('is containerd\'s 14 defaults, the page\'s 00000000a80425fb; NET_ADMIN and SYS_TIME set bits 12 and 25', () => {
    expect(capabilityMask(undefined).toString(16)).toBe('a80425fb');
    expect(capabilityMask({ capAdd: ['NET_ADMIN', 'SYS_TIME'] }).toString(16)).toBe('aa0435fb');
  });
  it('ALL first, then each name (lower case too); a CAP_ prefix names nothing; privileged has every capability', () => {
    expect(capabilityMask({ capDrop: ['ALL'], capAdd: ['net_bind_service'] }).toString(16)).toBe('400');
    expect(capabilityMask({ capAdd: ['CAP_SYS_TIME'] }).toString(16)).toBe('a80425fb');
    expect(capabilityMask({ capAdd: ['ALL'], capDrop: ['CHOWN'] }).toString(16)).toBe('1fffffffffe');
    expect(capabilityMask({ privileged: true }).toString(16)).toBe('1ffffffffff');
  });
});

describe('/proc/PID/status in the page\'s containers', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = bootCluster();
    createPod(sim, podManifest('demo-3', 'gcr.io/google-samples/hello-app:2.0'));
    createPod(sim, podManifest('demo-4', 'gcr.io/google-samples/hello-app:2.0', { container: { securityContext: { capabilities: { add: ['NET_ADMIN', 'SYS_TIME'] } } } }));
    createPod(
      sim,
      podManifest('demo', 'busybox:1.28', {
        container: { command: ['sh', '-c', 'sleep 1h'], securityContext: { allowPrivilegeEscalation: false, seccompProfile: { type: 'RuntimeDefault' } } },
        spec: { securityContext: { runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000, supplementalGroups: [4000] } },
      }),
    );
    const groups = { runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [4000] };
    const agnhost = { command: ['sh', '-c', 'sleep 1h'] };
    createPod(sim, podManifest('merge', 'registry.k8s.io/e2e-test-images/agnhost:2.45', { container: agnhost, spec: { securityContext: groups } }));
    createPod(sim, podManifest('strict', 'registry.k8s.io/e2e-test-images/agnhost:2.45', { container: agnhost, spec: { securityContext: { ...groups, supplementalGroupsPolicy: 'Strict' } } }));
    sim.advance(30_000);
  });

  it('root in hello-app holds the default set; the added capabilities show in the second container', () => {
    const s3 = inPod(sim, 'demo-3', ['sh', '-c', 'cd /proc/1 && cat status']);
    expect(line(s3, 'Name')).toBe('Name:\thello-app');
    expect([line(s3, 'CapPrm'), line(s3, 'CapEff'), line(s3, 'CapInh')]).toEqual(['CapPrm:\t00000000a80425fb', 'CapEff:\t00000000a80425fb', 'CapInh:\t0000000000000000']);
    const s4 = inPod(sim, 'demo-4', ['cat', '/proc/1/status']);
    expect([line(s4, 'CapPrm'), line(s4, 'CapEff'), line(s4, 'CapBnd')]).toEqual(['CapPrm:\t00000000aa0435fb', 'CapEff:\t00000000aa0435fb', 'CapBnd:\t00000000aa0435fb']);
    expect([line(s4, 'NoNewPrivs'), line(s4, 'Seccomp')]).toEqual(['NoNewPrivs:\t0', 'Seccomp:\t0']);
  });

  it('a non-root process keeps only the bounding set; its ids and groups are the Pod\'s; no_new_privs and the seccomp filter are set', () => {
    const s = inPod(sim, 'demo', ['cat', '/proc/1/status']);
    expect(['Uid', 'Gid', 'Groups', 'CapPrm', 'CapEff', 'CapBnd', 'NoNewPrivs', 'Seccomp', 'Seccomp_filters'].map((n) => line(s, n))).toEqual([
      'Uid:\t1000\t1000\t1000\t1000',
      'Gid:\t3000\t3000\t3000\t3000',
      'Groups:\t2000 3000 4000 ',
      'CapPrm:\t0000000000000000',
      'CapEff:\t0000000000000000',
      'CapBnd:\t00000000a80425fb',
      'NoNewPrivs:\t1',
      'Seccomp:\t2',
      'Seccomp_filters:\t1',
    ]);
    expect(inPod(sim, 'demo', ['ls', '/proc']).split('\n')).toContain('1');
  });

  it('agnhost\'s /etc/group puts uid 1000 in group 50000, merged unless supplementalGroupsPolicy is Strict; the kubelet reports the groups', () => {
    expect(inPod(sim, 'merge', ['id'])).toBe('uid=1000(user-defined-in-image) gid=3000 groups=3000,4000,50000(group-defined-in-image)\n');
    expect(inPod(sim, 'merge', ['grep', '50000', '/etc/group'])).toBe('group-defined-in-image:x:50000:user-defined-in-image\n');
    expect(inPod(sim, 'strict', ['id'])).toBe('uid=1000(user-defined-in-image) gid=3000 groups=3000,4000\n');
    const user = (name: string) => (getPod(sim, name) as Pod).status?.containerStatuses?.[0]?.user;
    expect(user('merge')).toEqual({ linux: { gid: 3000, supplementalGroups: [3000, 4000, 50000], uid: 1000 } });
    expect(user('strict')).toEqual({ linux: { gid: 3000, supplementalGroups: [3000, 4000], uid: 1000 } });
  });
});
