import { describe, expect, it } from 'vitest';
import { nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { NodePorts } from './node-ports';

const withPort = (name: string, hostPort: number, protocol: 'TCP' | 'UDP' = 'TCP') => podManifest(name, { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80, hostPort, protocol }] }] });

describe('NodePorts', () => {
  it('rejects a node where the host port is taken on the same protocol', () => {
    const ni = nodeInfo('n', {}, [withPort('old', 8080)]);
    const out = NodePorts.preFilter(podInfo(withPort('new', 8080)), viewOf([ni]));
    expect(out.kind === 'filter' && out.filter(ni)).toEqual({ code: 'Unschedulable', reasons: ["node(s) didn't have free ports for the requested pod ports"] });
    const udp = NodePorts.preFilter(podInfo(withPort('new', 8080, 'UDP')), viewOf([ni]));
    expect(udp.kind === 'filter' && udp.filter(ni)).toBeUndefined();
  });

  it('is skipped for Pods without host ports', () => {
    expect(NodePorts.preFilter(podInfo(podManifest('p')), viewOf([])).kind).toBe('skip');
  });
});
