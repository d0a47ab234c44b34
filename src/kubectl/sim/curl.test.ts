/**
 * `sim curl`: a request from a node follows that node's kube-proxy rules to one endpoint and is
 * answered by the container; with the node's kube-proxy stopped its rules go stale.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

/** name → [ip, node] of every Running Pod. */
function pods(s: Session): Map<string, [string, string]> {
  const rows = out(s, 'kubectl get pods -o wide').trim().split('\n').slice(1).map((l) => l.split(/\s{2,}/));
  return new Map(rows.filter((r) => r[2] === 'Running').map((r) => [r[0]!, [r[5]!, r[6]!]]));
}

const EMPTY = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: empty\nspec:\n  selector:\n    app: nobody\n  ports:\n  - port: 80\n    targetPort: 8080\n';

function withWeb(seed = 1): Session {
  const s = new Session({ seed, files: { 'empty.yaml': EMPTY } });
  out(s, 'kubectl create deployment web --image=nginx --replicas=3');
  expect(out(s, 'kubectl expose deployment web --port=80')).toBe('service/web exposed\n');
  expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
  out(s, 'sim advance 5s');
  return s;
}

const ANSWER = /^HTTP 200 from (web-[0-9a-z]+-[0-9a-z]{5}) \((10\.244\.\d+\.\d+):80\)\n<!DOCTYPE html>\n$/;

describe('sim curl', () => {
  it('answers from one of the Service endpoints, chosen deterministically', () => {
    const run = (): string[] => {
      const s = withWeb();
      const live = pods(s);
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) {
        const m = ANSWER.exec(out(s, 'sim curl web --from node-1'));
        expect(m).not.toBeNull();
        expect(live.get(m![1]!)?.[0]).toBe(m![2]);
        seen.push(m![1]!);
      }
      expect(out(s, 'sim curl web.default.svc.cluster.local:80/index.html --from node-3')).toMatch(ANSWER);
      expect(out(s, 'sim trace --kind proxy --last 1')).toMatch(/kube-proxy\/node-3 -> container-runtime\/node-\d: GET http:\/\/10\.\d+\.\d+\.\d+:80\/index\.html from node-3 via default\/web → 10\.244\.\d+\.\d+:80 \(default\/web-/);
      return seen;
    };
    const first = run();
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(run()).toEqual(first);
  });

  it('refuses with no endpoint, and reports unknown names and bad usage', () => {
    const s = withWeb();
    expect(out(s, 'kubectl apply -f empty.yaml')).toBe('service/empty created\n');
    out(s, 'sim advance 3s');
    const ip = /^empty\s+ClusterIP\s+(\S+)/m.exec(out(s, 'kubectl get svc empty'))![1]!;
    const r = s.run('sim curl empty --from node-1');
    expect(r.exitCode).toBe(7);
    expect(r.output.map((c) => c.text).join('')).toBe(`curl: (7) Failed to connect to ${ip} port 80: Connection refused\n`);
    expect(out(s, 'sim curl nope --from node-1')).toBe('curl: (6) Could not resolve host: nope\n');
    expect(out(s, 'sim curl web --from node-9')).toBe('error: no node named "node-9"\n');
    expect(out(s, 'sim curl web')).toMatch(/^error: usage: sim curl/);
    expect(out(s, 'sim help')).toContain('sim curl <service>[:port][/path] --from <node>');
  });

  it('with kube-proxy/node-2 stopped, node-2 still sends requests to removed endpoints while node-1 routes correctly', () => {
    const s = withWeb();
    const svcIP = /^web\s+ClusterIP\s+(\S+)/m.exec(out(s, 'kubectl get svc web'))![1]!;
    expect(out(s, 'sim fail kube-proxy/node-2')).toBe('fault injected: kube-proxy/node-2 stopped\n');
    expect(out(s, 'kubectl scale deployment web --replicas=1')).toBe('deployment.apps/web scaled\n');
    out(s, 'sim advance 45s');
    const live = pods(s);
    expect(live.size).toBe(1);
    const [survivor, [survivorIP]] = [...live][0]!;
    for (let i = 0; i < 6; i++) {
      const m = ANSWER.exec(out(s, 'sim curl web --from node-1'));
      expect(m?.[1]).toBe(survivor);
      expect(m?.[2]).toBe(survivorIP);
    }
    const stale: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = s.run('sim curl web --from node-2');
      const text = r.output.map((c) => c.text).join('');
      if (r.exitCode === 0) {
        expect(text).toMatch(ANSWER);
        continue;
      }
      expect(r.exitCode).toBe(28);
      const m = new RegExp(`^curl: \\(28\\) Failed to connect to ${svcIP.replace(/\./g, '\\.')} port 80 after 10000 ms: Connection timed out\\n\\(node-2's kube-proxy rules sent it to (10\\.244\\.\\d+\\.\\d+):80, which no Pod holds any more\\)\\n$`).exec(text);
      expect(m, text).not.toBeNull();
      stale.push(m![1]!);
    }
    expect(stale.length).toBeGreaterThan(0);
    for (const ip of stale) expect(ip).not.toBe(survivorIP);
    // Once kube-proxy is back it resyncs and node-2 routes only to the live Pod.
    out(s, 'sim recover kube-proxy/node-2');
    out(s, 'sim advance 10s');
    for (let i = 0; i < 6; i++) expect(ANSWER.exec(out(s, 'sim curl web --from node-2'))?.[1]).toBe(survivor);
  });

  it("with a node's container runtime stopped its running containers keep answering; powered off, they are gone", () => {
    const s = withWeb();
    const [name, [ip, node]] = [...pods(s)][0]!;
    const direct = `sim curl ${ip}:80 --from node-1`;
    expect(out(s, `sim fail container-runtime/${node}`)).toBe(`fault injected: container-runtime/${node} stopped\n`);
    out(s, 'sim advance 5s');
    // The containers belong to their shims, not to containerd (the kubelet's probes see them too).
    expect(ANSWER.exec(out(s, direct))?.slice(1)).toEqual([name, ip]);
    out(s, `sim recover container-runtime/${node}`);
    out(s, 'sim advance 1s');
    expect(out(s, `sim fail node/${node}`)).toBe(`fault injected: node/${node} powered off\n`);
    const r = s.run(direct);
    expect(r.exitCode).toBe(28);
    expect(r.output.map((c) => c.text).join('')).toBe(`curl: (28) Failed to connect to ${ip} port 80 after 10000 ms: Connection timed out\n`);
  });
});
