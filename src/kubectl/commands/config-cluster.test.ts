/**
 * `kubectl config set-cluster / delete-cluster`, `config view --raw / --flatten / --minify`, and
 * what a cluster entry does to every later command (client-config.ts, cluster-dial.ts), through
 * the real Session. Recorded from kubectl v1.35.2 with a scratch kubeconfig (in $HOME/.kube/config,
 * the working directory $HOME, as here) and a TLS server on 127.0.0.1 for the handshake errors:
 *
 *   $ kubectl config set-cluster e2e --certificate-authority=nope.crt --embed-certs
 *   error: could not stat certificate-authority file nope.crt: stat nope.crt: no such file or directory
 *   $ kubectl config set-cluster e2e --certificate-authority=ca.crt; kubectl config view …
 *   {"certificate-authority":"/tmp/s25/home/ca.crt","server":"https://1.2.3.4"}
 *   $ kubectl config delete-cluster e2e
 *   deleted cluster e2e from /tmp/s25/c.yaml
 *   $ kubectl get ns                      (cluster without any CA)
 *   Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority
 *   $ kubectl get ns                      (tls-server-name: nope)
 *   Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for kubernetes, not nope
 *   $ kubectl get ns                      (insecure-skip-tls-verify with certificate-authority-data)
 *   error: specifying a root certificates file with the insecure flag is not allowed
 *   $ kubectl get ns                      (server https://127.0.0.1:16444, nothing listening)
 *   The connection to the server 127.0.0.1:16444 was refused - did you specify the right host or port?
 *   $ kubectl get ns                      (server ftp://127.0.0.1:16443; then https://[::1)
 *   Unable to connect to the server: unsupported protocol scheme "ftp"
 *   error: host must be a URL or a host:port pair: "https://[::1"
 *
 * A server no machine holds times out, as k8s-fidelity.md records (`Unable to connect to the
 * server: dial tcp 10.0.0.1:6443: i/o timeout`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../session';
import { CONFIG_USAGE } from './config-usage';
import help from '../help/kubectl-help.json';
import { sessionRunner as runner, withoutDiscoveryLog } from '../testing';

const PATH = '/home/learner/.kube/config';
let s: Session;
let run: ReturnType<typeof runner>;

beforeAll(() => {
  s = new Session({ seed: 1 });
  run = runner(s);
  // The CA as a learner fetches it: every namespace's kube-root-ca.crt.
  expect(run("kubectl get cm kube-root-ca.crt -o jsonpath='{.data.ca\\.crt}' > ca.crt").code).toBe(0);
});

const ok = (out: string): { out: string; err: string; code: number } => ({ out, err: '', code: 0 });
const fails = (err: string): { out: string; err: string; code: number } => ({ out: '', err, code: 1 });
const DEFAULT_NS = ok('namespace/default\n');

describe('kubectl config set-cluster and delete-cluster', () => {
  it('creates and merges cluster entries, and deletes them', () => {
    const r = runner(s.fork());
    expect(r('kubectl config set-cluster e2e --server=https://1.2.3.4')).toEqual(ok('Cluster "e2e" set.\n'));
    expect(r('kubectl config set-cluster e2e --certificate-authority=ca.crt --tls-server-name=foo').code).toBe(0);
    expect(r('kubectl config view -o jsonpath={.clusters[0].cluster}').out).toBe('{"certificate-authority":"/home/learner/ca.crt","server":"https://1.2.3.4","tls-server-name":"foo"}');
    // A new --server clears tls-server-name; insecure mode clears the CA; --certificate-authority= is the working directory, written relative to ~/.kube.
    expect(r('kubectl config set-cluster e2e --server=https://5.6.7.8 --insecure-skip-tls-verify').code).toBe(0);
    expect(r('kubectl config view -o jsonpath={.clusters[0].cluster}').out).toBe('{"insecure-skip-tls-verify":true,"server":"https://5.6.7.8"}');
    expect(r('kubectl config set-cluster e2e --certificate-authority= --proxy-url=http://p:3128').code).toBe(0);
    expect(r('kubectl config view -o jsonpath={.clusters[0].cluster}').out).toBe('{"certificate-authority":"..","proxy-url":"http://p:3128","server":"https://5.6.7.8"}');
    expect(r('kubectl config set-cluster e2e --certificate-authority=ca.crt --embed-certs').code).toBe(0);
    expect(r('kubectl config view --minify --context=e2e')).toEqual(fails('error: cannot locate context e2e\n'));
    expect(r('kubectl config get-clusters').out).toBe('NAME\ne2e\nkubernetes\n');
    expect(r('kubectl config delete-cluster e2e')).toEqual(ok(`deleted cluster e2e from ${PATH}\n`));
    expect(r('kubectl config delete-cluster e2e')).toEqual(fails(`error: cannot delete cluster e2e, not in ${PATH}\n`));
    expect(r('kubectl config delete-cluster')).toEqual(ok(CONFIG_USAGE['delete-cluster']));
    expect(CONFIG_USAGE['delete-cluster']).toBe((help.topics as Record<string, string>)['config delete-cluster']);
    // Deleting the context's cluster: clientcmd's default server, and --minify cannot find it.
    expect(r('kubectl config delete-cluster kubernetes').code).toBe(0);
    expect(withoutDiscoveryLog(r('kubectl get ns default -o name'))).toEqual(fails('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n'));
    expect(r('kubectl config view --minify')).toEqual(fails('error: cannot locate cluster kubernetes\n'));
  });

  it('refuses what kubectl refuses, with its messages', () => {
    expect(run('kubectl config set-cluster')).toEqual({ out: CONFIG_USAGE['set-cluster'], err: 'error: Unexpected args: []\n', code: 1 });
    expect(run('kubectl config set-cluster a b').err).toBe('error: Unexpected args: [a b]\n');
    expect(CONFIG_USAGE['set-cluster']).toBe((help.topics as Record<string, string>)['config set-cluster']);
    expect(run('kubectl config set-cluster ""')).toEqual(fails('error: you must specify a non-empty cluster name\n'));
    expect(run('kubectl config set-cluster e2e --embed-certs')).toEqual(fails('error: you must specify a --certificate-authority to embed\n'));
    expect(run('kubectl config set-cluster e2e --certificate-authority=nope.crt --embed-certs')).toEqual(fails('error: could not stat certificate-authority file nope.crt: stat nope.crt: no such file or directory\n'));
    expect(run('kubectl config set-cluster e2e --insecure-skip-tls-verify --certificate-authority=ca.crt')).toEqual(fails('error: you cannot specify a certificate authority and insecure mode at the same time\n'));
    expect(run('kubectl config get-clusters').out).toBe('NAME\nkubernetes\n');
  });
});

describe('where a cluster entry leads', () => {
  it('a server that is not kube-apiserver\'s: nothing answers, or the port is closed', () => {
    const r = runner(s.fork());
    expect(r('kubectl config set-cluster kubernetes --server=https://10.0.0.99:6443').code).toBe(0);
    expect(withoutDiscoveryLog(r('kubectl get pods'))).toEqual(fails('Unable to connect to the server: dial tcp 10.0.0.99:6443: i/o timeout\n'));
    expect(r('kubectl config set-cluster kubernetes --server=https://10.0.0.10:6444').code).toBe(0);
    expect(withoutDiscoveryLog(r('kubectl get pods'))).toEqual(fails('The connection to the server 10.0.0.10:6444 was refused - did you specify the right host or port?\n'));
    expect(r('kubectl config set-cluster kubernetes --server=https://127.0.0.1').code).toBe(0);
    expect(withoutDiscoveryLog(r('kubectl get pods'))).toEqual(fails('The connection to the server 127.0.0.1 was refused - did you specify the right host or port?\n'));
    expect(r('kubectl config set clusters.kubernetes.server ftp://10.0.0.10:6443').code).toBe(0);
    expect(withoutDiscoveryLog(r('kubectl get pods'))).toEqual(fails('Unable to connect to the server: unsupported protocol scheme "ftp"\n'));
    expect(r('kubectl config set clusters.kubernetes.server https://[::1').code).toBe(0);
    expect(withoutDiscoveryLog(r('kubectl get pods'))).toEqual(fails('error: host must be a URL or a host:port pair: "https://[::1"\n'));
    // The global --server wins over the file.
    expect(r('kubectl get ns default -o name --server=https://10.0.0.10:6443')).toEqual(DEFAULT_NS);
    expect(r('kubectl config set-cluster kubernetes --server=https://10.0.0.10:6443').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(DEFAULT_NS);
  });

  it('the CA decides trust: kubeadm\'s, the embedded kube-root-ca.crt, none, another, or insecure mode', () => {
    const r = runner(s.fork());
    expect(r('kubectl config unset clusters.kubernetes.certificate-authority-data').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(fails('Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority\n'));
    expect(r('kubectl get ns default -o name --insecure-skip-tls-verify')).toEqual(DEFAULT_NS);
    expect(r('kubectl get ns default -o name --certificate-authority=ca.crt')).toEqual(DEFAULT_NS);
    expect(r('kubectl config set-cluster kubernetes --certificate-authority=ca.crt --embed-certs').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(DEFAULT_NS);
    expect(r('kubectl config set-cluster kubernetes --tls-server-name=nope').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(
      fails('Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for control-plane, kubernetes, kubernetes.default, kubernetes.default.svc, kubernetes.default.svc.cluster.local, not nope\n'),
    );
    expect(r('kubectl config set-cluster kubernetes --tls-server-name=kubernetes').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(DEFAULT_NS);
    expect(r('kubectl config set clusters.kubernetes.insecure-skip-tls-verify true').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(fails('error: specifying a root certificates file with the insecure flag is not allowed\n'));
    // A path and data together, and a path to nothing: clientcmd's validation.
    expect(r('kubectl config set clusters.kubernetes.insecure-skip-tls-verify false').code).toBe(0);
    expect(r('kubectl config set clusters.kubernetes.certificate-authority nope.crt').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(
      fails(
        'Error in configuration: \n* certificate-authority-data and certificate-authority are both specified for kubernetes. certificate-authority-data will override.\n* unable to read certificate-authority /home/learner/.kube/nope.crt for kubernetes due to open /home/learner/.kube/nope.crt: no such file or directory\n',
      ),
    );
    expect(r('kubectl config set-cluster kubernetes --certificate-authority=ca.crt').code).toBe(0);
    expect(r('kubectl get ns default -o name')).toEqual(DEFAULT_NS);
  });

  it('follows the cluster `sim topology` builds, unless the learner pointed it elsewhere', () => {
    const f = s.fork();
    const r = runner(f);
    expect(r('sim topology ha').code).toBe(0);
    expect(r('kubectl config view -o jsonpath={.clusters[0].cluster.server}').out).toBe(`https://${f.sim.serverAddress()}`);
    expect(r('kubectl get ns default -o name')).toEqual(DEFAULT_NS);
    // One kube-apiserver's own address reaches the cluster too, and is the server kubectl names.
    expect(r('kubectl config set-cluster kubernetes --server=https://10.0.0.11:6443').code).toBe(0);
    expect(r('kubectl cluster-info').out.split('\n')[0]).toBe('Kubernetes control plane is running at https://10.0.0.11:6443');
    expect(r('kubectl get ns default -v=6').err).toContain('"Response" verb="GET" url="https://10.0.0.11:6443/api/v1/namespaces/default" status="200 OK"');
  });
});

describe('kubectl config view --raw, --flatten, --minify', () => {
  it('--raw shows kubeadm\'s bytes: the CA is kube-root-ca.crt\'s', () => {
    const ca = run('kubectl config view --raw -o jsonpath={.clusters[0].cluster.certificate-authority-data}').out;
    expect(run(`echo ${ca} | base64 -d | diff - ca.crt`)).toEqual(ok(''));
    expect(run('kubectl config view --minify --raw -o jsonpath={.users[*].user.client-key-data}').out).toMatch(/^LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tL/);
    expect(run('kubectl config view --minify -o jsonpath={.users[*].user.client-key-data}').out).toBe('DATA+OMITTED');
    expect(run('kubectl config view --merge=false')).toEqual(fails('error: if merge==false a precise file must be specified\n'));
  });

  it('--flatten embeds the files paths name, and fails on one that is not there', () => {
    const r = runner(s.fork());
    expect(r('kubectl config set-cluster kubernetes --certificate-authority=ca.crt').code).toBe(0);
    const flat = r('kubectl config view --minify --flatten').out;
    expect(flat).toContain('    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t');
    expect(flat).not.toContain('certificate-authority:');
    expect(r('kubectl config view --minify --flatten > flat.yaml').code).toBe(0);
    expect(r('kubectl config set-cluster kubernetes --certificate-authority=gone.crt').code).toBe(0);
    expect(r('kubectl config view --flatten')).toEqual(fails('error: open /home/learner/gone.crt: no such file or directory\n'));
  });
});
