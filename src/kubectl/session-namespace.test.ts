import { describe, expect, it } from 'vitest';
import { Session } from './session';

describe('a line that changes the namespace kubectl defaults to says so (for the page’s completion)', () => {
  it('carries the new namespace only on the lines that changed it', () => {
    const s = new Session({ seed: 1 });
    expect(s.run('kubectl get pods').namespace).toBeUndefined();
    expect(s.run('kubectl config set-context --current --namespace=kube-system').namespace).toBe('kube-system');
    expect(s.run('kubectl get pods').namespace).toBeUndefined();
    // Switching to a context without a namespace goes back to default.
    expect(s.run('kubectl config use-context jane').namespace).toBe('default');
    expect(s.run('kubectl config use-context kubernetes-admin@kubernetes').namespace).toBe('kube-system');
  });
});
