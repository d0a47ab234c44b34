/**
 * `kubectl get --raw /metrics` and the kubelet's `/api/v1/nodes/<node>/proxy/metrics` as a learner
 * types them in the terminal (a Session: pipes, `sim` directives), against what kubectl lists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../session';

function run(s: Session, line: string, stdin?: string): { text: string; code: number } {
  const r = s.run(line, stdin);
  return { text: r.output.map((c) => c.text).join(''), code: r.exitCode };
}

/** One sample's value from a scrape: the first line starting with `prefix`. */
function value(exposition: string, prefix: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const LEASE_PUT = 'apiserver_request_total{code="200",component="apiserver",dry_run="",group="coordination.k8s.io",resource="leases",scope="resource",subresource="",verb="PUT",version="v1"} ';

let s: Session;

beforeAll(() => {
  s = new Session({ seed: 1 });
  run(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
  run(s, 'sim advance 20s');
});

describe('kubectl get --raw /metrics', () => {
  it('grows the Lease PUT counter across sim advance 10s', () => {
    const before = value(run(s, 'kubectl get --raw /metrics').text, LEASE_PUT)!;
    run(s, 'sim advance 10s');
    expect(value(run(s, 'kubectl get --raw /metrics').text, LEASE_PUT)! - before).toBeGreaterThanOrEqual(14);
  });

  it('stores as many Pods as kubectl get pods -A lists', () => {
    const listed = Number(run(s, 'kubectl get pods -A --no-headers | wc -l').text.trim());
    const text = run(s, 'kubectl get --raw /metrics | grep _objects').text;
    expect(value(text, 'apiserver_resource_objects{group="",resource="pods"} ')).toBe(listed);
    expect(value(text, 'apiserver_storage_objects{resource="pods"} ')).toBe(listed);
  });

  it('counts a server-side apply as APPLY and kubectl logs as CONNECT', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n';
    expect(run(s, 'kubectl apply --server-side -f -', cm).code).toBe(0);
    expect(run(s, 'kubectl logs deploy/web').code).toBe(0);
    const text = run(s, 'kubectl get --raw /metrics').text;
    expect(value(text, 'apiserver_request_total{code="201",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",verb="APPLY",version="v1"} ')).toBe(1);
    expect(value(text, 'apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="log",verb="CONNECT",version="v1"} ')).toBe(1);
  });

  it("is Forbidden for jane; the system:monitoring group's ClusterRole allows it", () => {
    expect(run(s, 'kubectl get --raw /metrics --as=jane')).toEqual({ text: 'Error from server (Forbidden): forbidden: User "jane" cannot get path "/metrics"\n', code: 1 });
    const monitor = run(s, 'kubectl get --raw /metrics --as=prometheus --as-group=system:monitoring');
    expect(monitor.code).toBe(0);
    expect(monitor.text).toContain('# TYPE apiserver_request_total counter\n');
  });

  it('answers from the instance kubectl reached: in HA another one has other counts, and a restarted one starts again', () => {
    const ha = new Session({ seed: 1 });
    run(ha, 'sim topology ha');
    run(ha, 'sim advance 10s');
    const first = value(run(ha, 'kubectl get --raw /metrics').text, LEASE_PUT)!;
    run(ha, 'sim fail kube-apiserver-1');
    const second = value(run(ha, 'kubectl get --raw /metrics').text, LEASE_PUT)!;
    expect(second).not.toBe(first);
    run(ha, 'sim recover kube-apiserver-1');
    run(ha, 'sim advance 5s');
    run(ha, 'sim fail kube-apiserver-2');
    run(ha, 'sim fail kube-apiserver-3');
    expect(value(run(ha, 'kubectl get --raw /metrics').text, LEASE_PUT) ?? 0).toBeLessThan(first);
  });
});

describe("the kubelet's /metrics through the node proxy", () => {
  it("counts the node's Pods with a running sandbox and its running containers", () => {
    const { text, code } = run(s, 'kubectl get --raw /api/v1/nodes/node-1/proxy/metrics');
    expect(code).toBe(0);
    const onNode = Number(run(s, 'kubectl get pods -A --field-selector spec.nodeName=node-1,status.phase=Running --no-headers | wc -l').text.trim());
    expect(text).toContain('# HELP kubelet_node_name [ALPHA] The node\'s name. The count is always 1.\n# TYPE kubelet_node_name gauge\nkubelet_node_name{node="node-1"} 1\n');
    expect(text).toContain(`# HELP kubelet_running_pods [ALPHA] Number of pods that have a running pod sandbox\n# TYPE kubelet_running_pods gauge\nkubelet_running_pods ${onNode}\n`);
    expect(value(text, 'kubelet_running_containers{container_state="running"} ')).toBe(onNode);
    expect(text).toContain('# HELP kubernetes_build_info [BETA] ');
  });
});
