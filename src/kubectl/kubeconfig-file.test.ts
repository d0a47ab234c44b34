/**
 * ~/.kube/config at the laptop prompt and kubectl's kubeconfig are one file: the prompt's tools
 * read what kubectl writes, and kubectl loads what they write, failing as clientcmd's loader
 * fails. The loader's messages were recorded from kubectl v1.35.2 with HOME pointing at a
 * scratch directory:
 *
 *   $ printf 'clusters: 3\n' > ~/.kube/config; kubectl config view
 *   error: error loading config file "/tmp/s25/home/.kube/config": json: cannot unmarshal number into Go struct field Config.clusters of type []v1.NamedCluster
 *   $ printf 'clusters:\n- name: a\n  cluster:\n    server: 3\n' > ~/.kube/config; kubectl config view
 *   error: error loading config file "…": json: cannot unmarshal number into Go struct field Cluster.clusters.cluster.server of type string
 *   $ printf 'hello\n' > ~/.kube/config; kubectl get pods
 *   error: error loading config file "…": couldn't get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\"apiVersion,omitempty\""; Kind string "json:\"kind,omitempty\"" }
 *   $ rm ~/.kube/config; kubectl config view
 *   apiVersion: v1 / clusters: null / contexts: null / current-context: "" / kind: Config / users: null
 *   $ kubectl --kubeconfig nope.yaml get pods
 *   error: stat nope.yaml: no such file or directory
 *   $ kubectl --kubeconfig new.yaml config set-context x --namespace=y     (creates new.yaml)
 *   $ kubectl --kubeconfig new.yaml config delete-context x
 *   deleted context x from new.yaml
 *   $ export KUBECONFIG=nope.yaml; kubectl get pods
 *   The connection to the server localhost:8080 was refused - did you specify the right host or port?
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner as runner, withoutDiscoveryLog } from './testing';

let s: Session;

beforeAll(() => {
  s = new Session({ seed: 1 });
});

const LOADING = 'error: error loading config file "/home/learner/.kube/config": ';

describe('~/.kube/config', () => {
  it('is the file kubectl writes, byte for byte what config view --raw prints', () => {
    const run = runner(s.fork());
    expect(run('ls -a ~/.kube').out).toBe('.\n..\nconfig\n');
    expect(run('cat ~/.kube/config').out).toBe(run('kubectl config view --raw').out);
    expect(run('kubectl config set-context --current --namespace=kube-system').code).toBe(0);
    expect(run('grep namespace ~/.kube/config').out).toBe('    namespace: kube-system\n');
  });

  it('loads what the prompt writes there: an edit changes the next command\'s namespace', () => {
    const f = s.fork();
    const run = runner(f);
    expect(run('kubectl config set-context --current --namespace=kube-system').code).toBe(0);
    expect(run("sed -i 's/namespace: kube-system/namespace: kube-public/' ~/.kube/config").code).toBe(0);
    expect(f.contextNamespace()).toBe('kube-public');
    expect(run('kubectl get cm cluster-info -o name').out).toBe('configmap/cluster-info\n');
    // kubeadm's embedded PEMs are recognised again: the admin still authenticates.
    expect(run('kubectl auth whoami -o jsonpath={.status.userInfo.username}').out).toBe('kubernetes-admin');
    // Within one line too: the redirection truncates the file before kubectl reads it, as bash does.
    expect(run('cp ~/.kube/config backup.yaml && kubectl config view --raw > ~/.kube/config').code).toBe(0);
    expect(run('kubectl config view -o jsonpath={.contexts}').out).toBe('');
    expect(run('cp backup.yaml ~/.kube/config && kubectl config current-context').out).toBe('kubernetes-admin@kubernetes\n');
  });

  it('a file clientcmd cannot load stops every command, with the loader\'s message; rm leaves an empty config', () => {
    const run = runner(s.fork());
    expect(run('cp ~/.kube/config backup.yaml').code).toBe(0);
    expect(run("echo 'clusters: 3' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl config view')).toEqual({ out: '', err: `${LOADING}json: cannot unmarshal number into Go struct field Config.clusters of type []v1.NamedCluster\n`, code: 1 });
    expect(run('cat ~/.kube/config').out).toBe('clusters: 3\n');
    expect(run("printf 'clusters:\\n- name: a\\n  cluster:\\n    server: 3\\n' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl get pods').err).toBe(`${LOADING}json: cannot unmarshal number into Go struct field Cluster.clusters.cluster.server of type string\n`);
    expect(run("printf 'clusters:\\n- name: a\\n  cluster:\\n    certificate-authority-data: hello\\n' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl get pods').err).toBe(`${LOADING}illegal base64 data at input byte 4\n`);
    expect(run("echo hello > ~/.kube/config").code).toBe(0);
    expect(run('kubectl get pods').err).toBe(
      `${LOADING}couldn't get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }\n`,
    );
    expect(run("echo 'kind: Pod' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl get pods').err).toBe(`${LOADING}no kind "Pod" is registered for version "v1" in scheme "k8s.io/client-go/tools/clientcmd/api/latest/latest.go:50"\n`);
    expect(run('rm ~/.kube/config').code).toBe(0);
    expect(run('cat ~/.kube/config')).toEqual({ out: '', err: 'cat: /home/learner/.kube/config: No such file or directory\n', code: 1 });
    expect(run('kubectl config view').out).toBe('apiVersion: v1\nclusters: null\ncontexts: null\ncurrent-context: ""\nkind: Config\nusers: null\n');
    expect(withoutDiscoveryLog(run('kubectl get pods').err)).toBe('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n');
    // kubectl's next edit writes the file again.
    expect(run('kubectl config set-context x --namespace=y').code).toBe(0);
    expect(run('cat ~/.kube/config').out).toBe('apiVersion: v1\nclusters: null\ncontexts:\n- context:\n    cluster: ""\n    namespace: "y"\n    user: ""\n  name: x\ncurrent-context: ""\nkind: Config\nusers: null\n');
    expect(run('cp backup.yaml ~/.kube/config && kubectl get ns default -o name').out).toBe('namespace/default\n');
  });

  it("a broken file's syntax error is go-yaml's, over the whole file's first document (recorded from kubectl v1.32 and v1.35)", () => {
    const run = runner(s.fork());
    expect(run("printf 'apiVersion: v1\\nkind: Config\\nclusters:\\n- name: c\\n  cluster:\\n   server: x\\n    foo: y\\n' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl get pods').err).toBe(`${LOADING}yaml: line 7: mapping values are not allowed in this context\n`);
    expect(run("printf 'apiVersion: v1\\nkind: Config\\nusers:\\n - name: u\\n  user: {}\\n' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl config view').err).toBe(`${LOADING}yaml: line 4: did not find expected '-' indicator\n`);
    // A `---` ends the document clientcmd decodes: what follows it is never read.
    expect(run("printf 'apiVersion: v1\\nkind: Config\\n---\\nclusters: [\\n' > ~/.kube/config").code).toBe(0);
    expect(run('kubectl config view')).toEqual({ out: 'apiVersion: v1\nclusters: null\ncontexts: null\ncurrent-context: ""\nkind: Config\nusers: null\n', err: '', code: 0 });
  });

  it('--kubeconfig reads another file on the workstation, and kubectl config writes that one', () => {
    const run = runner(s.fork());
    expect(run('kubectl config view --minify --raw > mini.yaml').code).toBe(0);
    expect(run('kubectl --kubeconfig mini.yaml config get-contexts -o name').out).toBe('kubernetes-admin@kubernetes\n');
    expect(run('kubectl --kubeconfig mini.yaml get ns default -o name').out).toBe('namespace/default\n');
    expect(run('kubectl --kubeconfig nope.yaml get pods')).toEqual({ out: '', err: 'error: stat nope.yaml: no such file or directory\n', code: 1 });
    expect(run('kubectl --kubeconfig nope.yaml config view').out).toBe('apiVersion: v1\nclusters: null\ncontexts: null\ncurrent-context: ""\nkind: Config\nusers: null\n');
    expect(run('kubectl --kubeconfig new.yaml config set-context x --namespace=y').out).toBe('Context "x" created.\n');
    expect(run('cat new.yaml').out).toBe('apiVersion: v1\nclusters: null\ncontexts:\n- context:\n    cluster: ""\n    namespace: "y"\n    user: ""\n  name: x\ncurrent-context: ""\nkind: Config\nusers: null\n');
    expect(run('kubectl --kubeconfig new.yaml config delete-context x').out).toBe('deleted context x from new.yaml\n');
    // Edits to mini.yaml leave ~/.kube/config as it was.
    expect(run('kubectl --kubeconfig mini.yaml config set-cluster kubernetes --server=https://10.0.0.99:6443').code).toBe(0);
    expect(withoutDiscoveryLog(run('kubectl --kubeconfig mini.yaml get pods').err)).toBe('Unable to connect to the server: dial tcp 10.0.0.99:6443: i/o timeout\n');
    expect(run('kubectl get ns default -o name').out).toBe('namespace/default\n');
    expect(run('kubectl --kubeconfig=.kube/config config current-context').out).toBe('kubernetes-admin@kubernetes\n');
  });

  it('the KUBECONFIG variable names the file too; one that is not there is an empty config', () => {
    const run = runner(s.fork());
    expect(run('kubectl config view --minify --raw > mini.yaml').code).toBe(0);
    expect(run('export KUBECONFIG=nope.yaml').code).toBe(0);
    expect(withoutDiscoveryLog(run('kubectl get pods').err)).toBe('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n');
    expect(run('kubectl config set-context x --namespace=y').code).toBe(0);
    expect(run('kubectl config delete-context x').out).toBe('deleted context x from nope.yaml\n');
    expect(run('KUBECONFIG=mini.yaml kubectl config get-contexts -o name').out).toBe('kubernetes-admin@kubernetes\n');
    expect(run('KUBECONFIG=a.yaml:b.yaml kubectl get pods').err).toBe('error: KUBECONFIG with several files (a.yaml:b.yaml) is not available in this simulator: name one file\n');
    expect(run('unset KUBECONFIG').code).toBe(0);
    expect(run('kubectl config get-contexts -o name').out).toBe('jane\nkubernetes-admin@kubernetes\n');
  });
});
