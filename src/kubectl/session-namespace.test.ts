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

describe('the sim directives default to the context’s namespace, as kubectl does', () => {
  it('sim why finds a kube-system Pod without -n once the context is kube-system, and -n still wins', () => {
    const s = new Session({ seed: 1 });
    const text = (line: string) => s.run(line).output.map((c) => c.text).join('');
    expect(text('sim why pod/etcd-control-plane')).toContain('pods "etcd-control-plane" not found');
    s.run('kubectl config set-context --current --namespace=kube-system');
    expect(text('sim why pod/etcd-control-plane')).toContain('pod kube-system/etcd-control-plane: on control-plane');
    s.run('kubectl run web --image=nginx -n default');
    s.run('sim advance 10s');
    expect(text('sim why pod/web')).toContain('pods "web" not found');
    expect(text('sim why pod/web -n default')).toMatch(/^pod default\/web: bound to node-\d/);
  });

  it('sim curl and sim load look the Service up in the context’s namespace', () => {
    const s = new Session({ seed: 1 });
    const text = (line: string) => s.run(line).output.map((c) => c.text).join('');
    s.run('kubectl create namespace shop');
    s.run('kubectl create deployment web --image=nginx -n shop');
    s.run('kubectl expose deployment web --port=80 -n shop');
    s.run('sim advance 30s');
    expect(text('sim curl web --from node-1')).toMatch(/Could not resolve host|not found/);
    s.run('kubectl config set-context --current --namespace=shop');
    expect(text('sim curl web --from node-1')).toMatch(/^HTTP 200 from web-/);
    expect(text('sim load web --rps 5')).not.toMatch(/not found/);
  });
});
