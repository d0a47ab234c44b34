/**
 * The file tools' everyday options on a node's shell, through the Session (the same tools as a
 * container's, engine/images/tools-files.ts and tools-grep.ts): `grep -r` over /etc/kubernetes.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';
import type { CommandResult } from '../types';

const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');

describe('file tools on a node', () => {
  it('grep -rn --include finds the API server in the kubeconfigs', () => {
    const s = new Session({ seed: 1 });
    expect(text(s.run("sim ssh node-1 -- grep -rn --include='*.conf' server /etc/kubernetes"))).toBe('/etc/kubernetes/kubelet.conf:5:    server: https://10.0.0.10:6443\n');
    expect(text(s.run('sim ssh node-1 -- cat -n /etc/hostname'))).toBe('     1\tnode-1\n');
  });
});
