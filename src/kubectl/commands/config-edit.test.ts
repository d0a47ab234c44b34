/**
 * `kubectl config set-context / delete-context / rename-context / get-clusters / get-users`
 * through the real Session, and the context's namespace as every command's default. Expected
 * strings were recorded from kubectl v1.35.2 over a copy of this kubeconfig (with HOME pointing
 * at a directory whose .kube/config it was, so the paths read as the learner's).
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';
import { CONFIG_USAGE } from './config-usage';
import help from '../help/kubectl-help.json';
import { sessionRunner as runner, withoutDiscoveryLog } from '../testing';


const PATH = '/home/learner/.kube/config';

describe('kubectl config set-context', () => {
  it('--current --namespace makes the context\'s namespace every command\'s default', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl config set-context --current --namespace=kube-system')).toEqual({ out: 'Context "kubernetes-admin@kubernetes" modified.\n', err: '', code: 0 });
    expect(run('kubectl config get-contexts').out).toBe(
      'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n' +
        '          jane                          kubernetes   jane               \n' +
        '*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   kube-system\n',
    );
    expect(run('kubectl config view --minify').out).toContain('- context:\n    cluster: kubernetes\n    namespace: kube-system\n    user: kubernetes-admin\n  name: kubernetes-admin@kubernetes\n');
    const pods = run('kubectl get pods').out;
    expect(pods).toContain('kube-apiserver-control-plane');
    expect(pods).toContain('coredns-');
    expect(run('kubectl get ingress')).toEqual({ out: '', err: 'No resources found in kube-system namespace.\n', code: 0 });
    expect(run('kubectl describe deploy coredns').out).toContain('Namespace:              kube-system\n');
    // A manifest without a namespace lands in the context's; -n still wins.
    expect(run('kubectl apply -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n').out).toBe('configmap/cfg created\n');
    expect(run('kubectl get cm cfg -n kube-system -o name').out).toBe('configmap/cfg\n');
    expect(run('kubectl get cm cfg -n default').err).toBe('Error from server (NotFound): configmaps "cfg" not found\n');
    expect(run('kubectl create configmap other').out).toBe('configmap/other created\n');
    expect(run('kubectl delete cm other cfg').out).toBe('configmap "other" deleted from kube-system namespace\nconfigmap "cfg" deleted from kube-system namespace\n');
    // A manifest naming another namespace is not refused: only -n enforces one.
    expect(run('kubectl apply -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: elsewhere\n  namespace: default\n').out).toBe('configmap/elsewhere created\n');
    // `--namespace=` clears it again.
    expect(run('kubectl config set-context --current --namespace=').out).toBe('Context "kubernetes-admin@kubernetes" modified.\n');
    expect(run('kubectl get cm elsewhere -o name').out).toBe('configmap/elsewhere\n');
  });

  it('creates contexts use-context switches to, with the context\'s user and namespace; forks keep them', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl config set-context dev --cluster=kubernetes --user=jane -n dev')).toEqual({ out: 'Context "dev" created.\n', err: '', code: 0 });
    expect(run('kubectl config get-contexts').out).toBe(
      'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n' +
        '          dev                           kubernetes   jane               dev\n' +
        '          jane                          kubernetes   jane               \n' +
        '*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   \n',
    );
    expect(run('kubectl config use-context dev').out).toBe('Switched to context "dev".\n');
    expect(run('kubectl get pods').err).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "dev"\n');
    // --context picks that context's namespace (and user) for one command.
    expect(run('kubectl get pods --context=kubernetes-admin@kubernetes').err).toBe('No resources found in default namespace.\n');
    const fork = runner(s.fork());
    expect(fork('kubectl config current-context').out).toBe('dev\n');
    expect(fork('kubectl config get-contexts -o name').out).toBe('dev\njane\nkubernetes-admin@kubernetes\n');
    fork('kubectl config delete-context jane');
    expect(run('kubectl config get-contexts -o name').out).toBe('dev\njane\nkubernetes-admin@kubernetes\n');
    // The file is the learner's, not the cluster's: a new cluster keeps it.
    s.run('sim topology basic');
    expect(run('kubectl config current-context').out).toBe('dev\n');
  });

  it('a replayed log rebuilds the kubeconfig', () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl config set-context --current --namespace=kube-system');
    s.run('kubectl config rename-context jane j');
    const replayed = new Session({ seed: 1 });
    for (const c of s.log) replayed.run(c.line, c.stdin, c.interruptAt === undefined ? {} : { interruptAt: c.interruptAt });
    expect(runner(replayed)('kubectl config get-contexts').out).toBe(runner(s)('kubectl config get-contexts').out);
  });

  it('reports kubectl\'s errors', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run('kubectl config set-context')).toEqual({ out: '', err: 'error: you must specify a non-empty context name or --current\n', code: 1 });
    expect(run('kubectl config set-context --current=false').err).toBe('error: you must specify a non-empty context name or --current\n');
    expect(run('kubectl config set-context x --current').err).toBe('error: you cannot specify both a context name and --current\n');
    expect(run('kubectl config set-context a b')).toEqual({ out: CONFIG_USAGE['set-context'], err: 'error: Unexpected args: [a b]\n', code: 1 });
    expect(run('kubectl config set-context --current --bogus')).toEqual({ out: '', err: "error: unknown flag: --bogus\nSee 'kubectl config set-context --help' for usage.\n", code: 1 });
    expect(run('kubectl config set-context -n').err).toBe("error: flag needs an argument: 'n' in -n\nSee 'kubectl config set-context --help' for usage.\n");
  });
});

describe('kubectl config delete-context and rename-context', () => {
  it('rename-context renames, and follows the current context', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run('kubectl config rename-context jane jane2')).toEqual({ out: 'Context "jane" renamed to "jane2".\n', err: '', code: 0 });
    expect(run('kubectl config rename-context kubernetes-admin@kubernetes admin').out).toBe('Context "kubernetes-admin@kubernetes" renamed to "admin".\n');
    expect(run('kubectl config current-context').out).toBe('admin\n');
    expect(run('kubectl get nodes -o name').out).toContain('node/control-plane\n');
    expect(run('kubectl config rename-context nope x')).toEqual({ out: '', err: `error: cannot rename the context "nope", it's not in ${PATH}\n`, code: 1 });
    expect(run('kubectl config rename-context jane2 admin').err).toBe(`error: cannot rename the context "jane2", the context "admin" already exists in ${PATH}\n`);
    expect(run("kubectl config rename-context jane2 ''").err).toBe('error: You must specify a new non-empty context name\n');
    expect(run('kubectl config rename-context a')).toEqual({ out: CONFIG_USAGE['rename-context'], err: 'error: Unexpected args: [a]\n', code: 1 });
  });

  it('delete-context deletes; the active one leaves a current-context nothing can use', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run('kubectl config delete-context nope')).toEqual({ out: '', err: `error: cannot delete context nope, not in ${PATH}\n`, code: 1 });
    expect(run('kubectl config delete-context')).toEqual({ out: CONFIG_USAGE['delete-context'], err: '', code: 0 });
    expect(run('kubectl config delete-context jane')).toEqual({ out: `deleted context jane from ${PATH}\n`, err: '', code: 0 });
    expect(run('kubectl config delete-context kubernetes-admin@kubernetes')).toEqual({
      out: `deleted context kubernetes-admin@kubernetes from ${PATH}\n`,
      err: 'warning: this removed your active context, use "kubectl config use-context" to select a different one\n',
      code: 0,
    });
    expect(run('kubectl config current-context').out).toBe('kubernetes-admin@kubernetes\n');
    expect(run('kubectl config get-contexts').out).toBe('CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n');
    expect(run('kubectl get pods')).toEqual({ out: '', err: 'Error in configuration: context was not found for specified context: kubernetes-admin@kubernetes\n', code: 1 });
    expect(run('kubectl config view --minify').err).toBe('error: cannot locate context kubernetes-admin@kubernetes\n');
    // set-context --current recreates it, empty.
    expect(run('kubectl config set-context --current --namespace=x').out).toBe('Context "kubernetes-admin@kubernetes" created.\n');
    expect(run('kubectl config get-contexts').out).toBe('CURRENT   NAME                          CLUSTER   AUTHINFO   NAMESPACE\n*         kubernetes-admin@kubernetes                        x\n');
  });

  it('get-clusters and get-users list the file\'s entries', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run('kubectl config get-clusters x').out).toBe('NAME\nkubernetes\n');
    expect(run('kubectl config get-users').out).toBe('NAME\njane\nkubernetes-admin\n');
    expect(run('kubectl config get-users --bogus').err).toBe("error: unknown flag: --bogus\nSee 'kubectl config get-users --help' for usage.\n");
  });

  it('prints kubectl\'s own help before an argument error', () => {
    for (const sub of Object.keys(CONFIG_USAGE) as (keyof typeof CONFIG_USAGE)[]) {
      const topic = `config ${sub}`;
      expect(help.topics[topic as keyof typeof help.topics], topic).toBe(CONFIG_USAGE[sub]);
    }
  });
});

describe('a context kubectl cannot use as is', () => {
  it('a cluster the file lacks: clientcmd dials localhost:8080', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run('kubectl config set-context bad --cluster=nope --user=kubernetes-admin').out).toBe('Context "bad" created.\n');
    const refused = 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n';
    expect(withoutDiscoveryLog(run('kubectl get pods --context=bad'))).toEqual({ out: '', err: refused, code: 1 });
    expect(run('kubectl get --raw /version --context=bad')).toEqual({ out: '', err: refused, code: 1 });
    expect(run('kubectl config view --minify --context=bad').err).toBe('error: cannot locate cluster nope\n');
  });

  it('a user the file lacks: no credentials, so system:anonymous', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run('kubectl config set-context anon --cluster=kubernetes --user=nobody -n y').out).toBe('Context "anon" created.\n');
    expect(run('kubectl config view').out).toContain('- context:\n    cluster: kubernetes\n    namespace: "y"\n    user: nobody\n  name: anon\n');
    expect(run('kubectl get pods --context=anon')).toEqual({ out: '', err: 'Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "y"\n', code: 1 });
    expect(run('kubectl config view --minify --context anon').err).toBe('error: cannot locate user nobody\n');
    // kubeadm's policy shows system:anonymous the health checks and /version, not discovery.
    expect(run('kubectl get --raw /api --context=anon')).toEqual({ out: '', err: 'Error from server (Forbidden): forbidden: User "system:anonymous" cannot get path "/api"\n', code: 1 });
    expect(run('kubectl get --raw /healthz --context=anon').out).toBe('ok');
    expect(run('kubectl version --context=anon').out).toContain('Server Version: v1.36');
  });
});

describe('kubectl config view through the print flags', () => {
  it('-o jsonpath reads the current namespace, as guides do', () => {
    const run = runner(new Session({ seed: 1 }));
    expect(run("kubectl config view --minify -o jsonpath='{..namespace}'")).toEqual({ out: '', err: '', code: 0 });
    run('kubectl config set-context --current --namespace=kube-system');
    expect(run("kubectl config view --minify -o jsonpath='{..namespace}'").out).toBe('kube-system');
    expect(run("kubectl config view -o jsonpath='{.contexts[*].name}'").out).toBe('jane kubernetes-admin@kubernetes');
    expect(run("kubectl config view -o jsonpath='{.users[*].name}'").out).toBe('jane kubernetes-admin');
    expect(run('kubectl config view -o go-template=\'{{index . "current-context"}}\'').out).toBe('kubernetes-admin@kubernetes');
    expect(run('kubectl config view -o name').out).toBe('config/<unknown>\n');
    expect(run('kubectl config view -o bogus').err).toBe(
      'error: unable to match a printer suitable for the output format "bogus", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml\n',
    );
  });
});
