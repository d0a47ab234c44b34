import { describe, expect, it } from 'vitest';
import { Session } from '../session';

const run = (s: Session, line: string): string => s.run(line).output.map((c) => c.text).join('');

describe('Service type changes (dropTypeDependentFields)', () => {
  it('wipes the node ports and externalTrafficPolicy the apiserver filled in when a LoadBalancer becomes ClusterIP', () => {
    const s = new Session({ seed: 3 });
    run(s, 'kubectl create deployment web --image=nginx');
    run(s, 'kubectl expose deployment web --port=80 --type=LoadBalancer');
    expect(run(s, `kubectl patch svc web -p '{"spec":{"type":"ClusterIP"}}'`)).toBe('service/web patched\n');
    const spec = JSON.parse(run(s, 'kubectl get svc web -o jsonpath={.spec}')) as Record<string, unknown> & { ports: { nodePort?: number }[] };
    expect(spec['type']).toBe('ClusterIP');
    expect(spec.ports[0]!.nodePort).toBeUndefined();
    expect(spec['externalTrafficPolicy']).toBeUndefined();
    expect(spec['allocateLoadBalancerNodePorts']).toBeUndefined();
    expect(spec['clusterIP']).toMatch(/^10\./);
  });

  it('keeps a node port the same request sets, so validation refuses it with upstream’s message', () => {
    const s = new Session({ seed: 3 });
    run(s, 'kubectl create deployment web --image=nginx');
    run(s, 'kubectl expose deployment web --port=80 --type=NodePort');
    const r = run(s, `kubectl patch svc web --type=json -p '[{"op":"replace","path":"/spec/type","value":"ClusterIP"},{"op":"replace","path":"/spec/ports/0/nodePort","value":30001}]'`);
    expect(r).toContain("spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'");
  });
});
