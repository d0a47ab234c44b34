import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { MAX_LINES } from './process-log';

function logs(sim: Simulation, name: string, opts: Record<string, unknown> = {}): string {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'kube-system', name, logOptions: opts });
  if (!res.ok) throw new Error(res.error.message);
  return res.text ?? '';
}

function podNamed(sim: Simulation, prefix: string): string {
  return sim.objects<Pod>('pods').find((p) => p.metadata.namespace === 'kube-system' && p.metadata.name?.startsWith(prefix))!.metadata.name!;
}

const KLOG = /^[IWE]\d{4} \d\d:\d\d:\d\d\.\d{6} {7}1 [a-z_]+\.go:\d+\] /;

describe('control-plane logs', () => {
  it('serves what each static Pod process wrote, in klog and zap formats', () => {
    const sim = bootCluster();
    const scheduler = logs(sim, 'kube-scheduler-control-plane').trimEnd().split('\n');
    expect(scheduler.every((l) => KLOG.test(l))).toBe(true);
    expect(scheduler).toContainEqual(expect.stringMatching(/leaderelection\.go:257\] attempting to acquire leader lease kube-system\/kube-scheduler\.\.\.$/));
    expect(scheduler).toContainEqual(expect.stringMatching(/leaderelection\.go:271\] successfully acquired lease kube-system\/kube-scheduler$/));
    expect(logs(sim, 'kube-controller-manager-control-plane')).toMatch(/"Event occurred" object="kube-system\/kube-controller-manager" .* reason="LeaderElection"/);
    expect(logs(sim, 'kube-apiserver-control-plane')).toMatch(/\] external host was not specified, using 10\.0\.0\.10\n/);
    const etcd = logs(sim, 'etcd-control-plane').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(etcd[0]).toMatchObject({ level: 'info', caller: 'etcdmain/etcd.go:64', msg: 'Running: ' });
    expect(etcd.map((l) => l['msg'])).toContainEqual(expect.stringMatching(/^[0-9a-f]+ became leader at term 1$/));
    // Lines written in one millisecond keep their order.
    const stamps = etcd.map((l) => String(l['ts']));
    expect([...stamps].sort()).toEqual(stamps);
  });

  it('records a lost kube-apiserver and the lease lost and won back, and a new run after a restart', () => {
    const sim = bootCluster();
    sim.injectFault('kube-apiserver');
    sim.advance(20_000);
    sim.healFault('kube-apiserver');
    sim.advance(10_000);
    const text = logs(sim, 'kube-scheduler-control-plane');
    expect(text).toMatch(/"Warning: watch ended with error" reflector="k8s\.io\/client-go\/informers\/factory\.go:160" type="\*v1\.Pod"/);
    expect(text).toMatch(/E\d{4} .* reflector\.go:205\] "Failed to watch" err="failed to list \*v1\.Node: Get \\"https:\/\/10\.0\.0\.10:6443\/api\/v1\/nodes\?limit=500&resourceVersion=0\\": dial tcp 10\.0\.0\.10:6443: connect: connection refused"/);
    expect(text).toMatch(/leaderelection\.go:297\] failed to renew lease kube-system\/kube-scheduler: context deadline exceeded\n(.*\n)*.*leaderelection\.go:271\] successfully acquired lease/);

    // The apiserver's own log starts again; --previous reads the run before.
    expect(logs(sim, 'kube-apiserver-control-plane').match(/external host was not specified/g)).toHaveLength(1);
    expect(logs(sim, 'kube-apiserver-control-plane', { previous: true })).toMatch(/Version: v\d+\.\d+\.\d+\n/);
  });

  it('logs an etcd election after the member restarts, and keeps the log bounded', () => {
    const sim = bootCluster();
    sim.injectFault('etcd');
    sim.advance(2_000);
    sim.healFault('etcd');
    sim.advance(3_000);
    sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: {} } });
    const msgs = logs(sim, 'etcd-control-plane')
      .trimEnd()
      .split('\n')
      .map((l) => String((JSON.parse(l) as Record<string, unknown>)['msg']));
    expect(msgs).toContainEqual(expect.stringMatching(/ became leader at term 2$/));
    expect(msgs).toContainEqual(expect.stringMatching(/^raft\.node: [0-9a-f]+ elected leader [0-9a-f]+ at term 2$/));

    sim.injectFault('kube-apiserver');
    sim.advance(3_600_000);
    sim.healFault('kube-apiserver');
    sim.advance(2_000);
    expect(logs(sim, 'kube-scheduler-control-plane').trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES * 1.2);
  });

  it('gives kube-proxy and CoreDNS their own start-up lines', () => {
    const sim = bootCluster();
    sim.advance(5_000);
    const proxy = logs(sim, podNamed(sim, 'kube-proxy-'));
    expect(proxy.split('\n')[0]).toMatch(/^I\d{4} [\d:.]+ {7}1 server_linux\.go:53\] "Using iptables proxy"$/);
    expect(proxy).toMatch(/"Successfully retrieved NodeIPs" NodeIPs=\["10\.0\.0\.\d+"\]/);
    const dns = logs(sim, podNamed(sim, 'coredns-'));
    expect(dns).toMatch(/^\.:53\n\[INFO\] plugin\/reload: Running configuration SHA512 = [0-9a-f]{128}\nCoreDNS-\d+\.\d+\.\d+\n/);
  });
});
