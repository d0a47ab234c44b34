import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../session';

let session: Session;
const run = (line: string): { out: string; code: number } => {
  const r = session.run(line);
  return { out: r.output.map((c) => c.text).join(''), code: r.exitCode };
};

beforeAll(() => {
  session = new Session({ seed: 1 });
});

describe('config', () => {
  it('reads kubeadm\'s admin context and the jane context from the kubeconfig', () => {
    expect(run('kubectl config current-context')).toEqual({ out: 'kubernetes-admin@kubernetes\n', code: 0 });
    expect(run('kubectl config get-contexts').out).toBe(
      'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n' +
        '          jane                          kubernetes   jane               \n' +
        '*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   \n',
    );
    const view = run('kubectl config view').out;
    expect(view).toContain('    certificate-authority-data: DATA+OMITTED\n    server: https://10.0.0.10:6443\n  name: kubernetes\n');
    expect(view).toContain('current-context: kubernetes-admin@kubernetes\nkind: Config\nusers:\n- name: jane\n');
  });

  it('use-context makes later commands authenticate as the context\'s user', () => {
    expect(run('kubectl config use-context jane')).toEqual({ out: 'Switched to context "jane".\n', code: 0 });
    expect(run('kubectl config view --minify').out).toBe(
      [
        'apiVersion: v1',
        'clusters:',
        '- cluster:',
        '    certificate-authority-data: DATA+OMITTED',
        '    server: https://10.0.0.10:6443',
        '  name: kubernetes',
        'contexts:',
        '- context:',
        '    cluster: kubernetes',
        '    user: jane',
        '  name: jane',
        'current-context: jane',
        'kind: Config',
        'users:',
        '- name: jane',
        '  user:',
        '    client-certificate-data: DATA+OMITTED',
        '    client-key-data: DATA+OMITTED',
        '',
      ].join('\n'),
    );
    expect(run('kubectl delete node node-1')).toEqual({
      out: 'Error from server (Forbidden): nodes "node-1" is forbidden: User "jane" cannot delete resource "nodes" in API group "" at the cluster scope\n',
      code: 1,
    });
    // A fork reads the same kubeconfig.
    expect(session.fork().run('kubectl config current-context').output[0]!.text).toBe('jane\n');
    expect(run('kubectl config use kubernetes-admin@kubernetes').code).toBe(0);
    expect(run('kubectl get pods -n kube-system --context=jane').out).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "kube-system"\n');
    expect(run('kubectl get nodes node-1').code).toBe(0);
  });

  it('reports kubectl\'s errors', () => {
    expect(run('kubectl config use-context nope')).toEqual({ out: 'error: no context exists with the name: "nope"\n', code: 1 });
    expect(run('kubectl config use-context').out.endsWith('Use "kubectl options" for a list of global command-line options (applies to all commands).\nerror: Unexpected args: []\n')).toBe(true);
    expect(run('kubectl config get-contexts x jane').out).toBe('CURRENT   NAME   CLUSTER      AUTHINFO   NAMESPACE\n          jane   kubernetes   jane       \nerror: context x not found\n');
    expect(run('kubectl config bogus').out).toBe('error: unknown command "bogus"\nSee \'kubectl config -h\' for help and examples\n');
    expect(run('kubectl get pods --context=nope')).toEqual({ out: 'Error in configuration: context was not found for specified context: nope\n', code: 1 });
    expect(run('kubectl config view --minify --context nope').out).toBe('error: cannot locate context nope\n');
  });
});
