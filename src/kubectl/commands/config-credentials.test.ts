/**
 * `kubectl config set-credentials / delete-user` and the global `--user`, `--token`, `--cluster`
 * flags through the real Session: the ServiceAccount-token journey RBAC courses teach (Forbidden,
 * a RoleBinding, allowed), tokens kube-apiserver refuses, and the kubeconfig as `config view`
 * shows it. kubectl's messages were recorded from kubectl v1.35.2 with KUBECONFIG pointing at a
 * scratch file (set-credentials, delete-user and the configuration errors need no server).
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';
import { CONFIG_USAGE } from './config-usage';
import help from '../help/kubectl-help.json';
import { sessionRunner as runner, withoutDiscoveryLog } from '../testing';


const PATH = '/home/learner/.kube/config';
const UNAUTHORIZED = { out: '', err: 'error: You must be logged in to the server (Unauthorized)\n', code: 1 };

/** A Session with ServiceAccount `bot`, its token stored as user `bot` and a context `bot` using it. */
function withBot(): { s: Session; run: ReturnType<typeof runner> } {
  const s = new Session({ seed: 1 });
  const run = runner(s);
  expect(run('kubectl create sa bot').code).toBe(0);
  expect(run('TOKEN=$(kubectl create token bot)').code).toBe(0);
  expect(run('kubectl config set-credentials bot --token=$TOKEN')).toEqual({ out: 'User "bot" set.\n', err: '', code: 0 });
  expect(run('kubectl config set-context bot --cluster=kubernetes --user=bot')).toEqual({ out: 'Context "bot" created.\n', err: '', code: 0 });
  return { s, run };
}

describe('a ServiceAccount token in the kubeconfig', () => {
  it('is Forbidden until a RoleBinding grants view, then lists; still no writes', () => {
    const { s, run } = withBot();
    expect(run('kubectl --context bot get pods')).toEqual({
      out: '',
      err: 'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:bot" cannot list resource "pods" in API group "" in the namespace "default"\n',
      code: 1,
    });
    expect(run('kubectl create rolebinding bot-view --clusterrole=view --serviceaccount=default:bot').out).toBe('rolebinding.rbac.authorization.k8s.io/bot-view created\n');
    expect(run('kubectl create deployment web --image=nginx').code).toBe(0);
    expect(run('kubectl --context bot get deploy -o name')).toEqual({ out: 'deployment.apps/web\n', err: '', code: 0 });
    expect(run('kubectl --context bot delete deploy web').err).toBe(
      'Error from server (Forbidden): deployments.apps "web" is forbidden: User "system:serviceaccount:default:bot" cannot delete resource "deployments" in API group "apps" in the namespace "default"\n',
    );
    // The trace's authn hop names who the token authenticated as, as for a Pod's token.
    const authn = s.sim.traceSince(s.sim.lastTraceSeq - 40).filter((r) => r.kind === 'authn').at(-1);
    expect(authn?.detail).toEqual({ user: 'system:serviceaccount:default:bot' });
    // The admin's context is untouched.
    expect(run('kubectl auth whoami').out).toMatch(/\nUsername +kubernetes-admin\n/);
  });

  it('auth whoami names the ServiceAccount, its groups and the token\'s credential id; --user picks the entry', () => {
    const { run } = withBot();
    for (const line of ['kubectl --context bot auth whoami', 'kubectl --user=bot auth whoami']) {
      const out = run(line).out;
      // The Extra row's key (49 characters) sets the column's width.
      expect(out).toMatch(/^ATTRIBUTE {43}VALUE\nUsername {44}system:serviceaccount:default:bot\nUID {49}[0-9a-f-]{36}\n/);
      expect(out).toContain('\nGroups                                              [system:serviceaccounts system:serviceaccounts:default system:authenticated]\n');
      expect(out).toMatch(/\nExtra: authentication\.kubernetes\.io\/credential-id {3}\[JTI=[0-9a-f-]{36}\]\n$/);
    }
  });

  it('--token presents a token; under admin.conf the admin\'s certificate still wins, as x509 authenticates first', () => {
    const { run } = withBot();
    expect(run('kubectl --user=bot --token=$TOKEN auth whoami').out).toContain('system:serviceaccount:default:bot');
    // A context whose user sends no credentials takes the token alone.
    expect(run('kubectl config set-context tokenonly --cluster=kubernetes --user=nobody').code).toBe(0);
    expect(run('kubectl --context tokenonly --token=$TOKEN auth whoami').out).toContain('system:serviceaccount:default:bot');
    expect(run('kubectl --context tokenonly get pods').err).toContain('User "system:anonymous" cannot list resource "pods"');
    // admin.conf holds a client certificate: the token is sent too, but never read.
    expect(run('kubectl --token=$TOKEN auth whoami').out).toMatch(/\nUsername +kubernetes-admin\n/);
    expect(run('kubectl --token=garbage get ns default -o name').out).toBe('namespace/default\n');
  });

  it('a garbage token, a deleted ServiceAccount\'s and an expired one are 401 Unauthorized', () => {
    const { s, run } = withBot();
    expect(run('kubectl --user=bot --token=garbage get pods')).toEqual(UNAUTHORIZED);
    expect(run('kubectl --context tokenless get pods').code).toBe(1);
    expect(run('kubectl config set-context garbage --cluster=kubernetes --user=nobody').code).toBe(0);
    expect(run('kubectl --context garbage --token=garbage get pods')).toEqual(UNAUTHORIZED);
    expect(run('kubectl --context garbage --token=garbage version')).toEqual({ out: 'Client Version: v1.36.1\nKustomize Version: v5.8.1\n', err: UNAUTHORIZED.err, code: 1 });
    expect(run('kubectl --context garbage --token=garbage get --raw /version')).toEqual(UNAUTHORIZED);
    // Refused by the authentication filter: the trace holds the request, from nobody, and its 401.
    const last = s.sim.traceSince(s.sim.lastTraceSeq - 2);
    expect(last.map((r) => r.kind)).toEqual(['request', 'response']);
    expect(last[1]!.detail).toMatchObject({ code: 401, reason: 'Unauthorized' });

    expect(run('kubectl create token bot --duration=10m').code).toBe(0);
    expect(run('SHORT=$(kubectl create token bot --duration=10m)').code).toBe(0);
    expect(run('kubectl --context garbage --token=$SHORT get pods').err).toContain('Forbidden');
    expect(run('sim advance 11m').code).toBe(0);
    expect(run('kubectl --context garbage --token=$SHORT get pods')).toEqual(UNAUTHORIZED);

    expect(run('kubectl delete sa bot').code).toBe(0);
    expect(run('kubectl --context bot get pods')).toEqual(UNAUTHORIZED);
    // A ServiceAccount of the same name is another object (another uid): the old token stays refused.
    expect(run('kubectl create sa bot').code).toBe(0);
    expect(run('kubectl --context bot get pods')).toEqual(UNAUTHORIZED);
  });

  it('replays to the same token, and forks keep the user', () => {
    const { s, run } = withBot();
    expect(run('kubectl create rolebinding bot-view --clusterrole=view --serviceaccount=default:bot').code).toBe(0);
    const replayed = new Session({ seed: 1 });
    for (const line of ['kubectl create sa bot', 'TOKEN=$(kubectl create token bot)', 'kubectl config set-credentials bot --token=$TOKEN', 'kubectl config set-context bot --cluster=kubernetes --user=bot', 'kubectl create rolebinding bot-view --clusterrole=view --serviceaccount=default:bot']) replayed.run(line);
    expect(replayed.kubeconfig.users).toEqual(s.kubeconfig.users);
    expect(runner(replayed)('kubectl --context bot get pods').err).toBe('No resources found in default namespace.\n');
    const fork = s.fork();
    expect(runner(fork)('kubectl config delete-user bot').code).toBe(0);
    expect(run('kubectl config get-users').out).toBe('NAME\nbot\njane\nkubernetes-admin\n');
    expect(runner(fork)('kubectl config get-users').out).toBe('NAME\njane\nkubernetes-admin\n');
  });
});

describe('kubectl config set-credentials', () => {
  it('stores tokens and certificates as config view shows them, redacted', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl config set-credentials bot --token=abc')).toEqual({ out: 'User "bot" set.\n', err: '', code: 0 });
    expect(run('kubectl config set-credentials bot --token=other').out).toBe('User "bot" set.\n');
    expect(run('kubectl config set-credentials certy --client-certificate=certy.crt --client-key=certy.key').out).toBe('User "certy" set.\n');
    expect(run('kubectl config set-credentials empty --token=').out).toBe('User "empty" set.\n');
    expect(run('kubectl config get-users').out).toBe('NAME\nbot\ncerty\nempty\njane\nkubernetes-admin\n');
    const view = run('kubectl config view').out;
    // Paths are made absolute against the working directory (recorded: `--client-certificate=ca.crt`
    // run in $HOME is shown as `client-certificate: $HOME/ca.crt`).
    expect(view).toContain(
      'users:\n- name: bot\n  user:\n    token: REDACTED\n- name: certy\n  user:\n    client-certificate: /home/learner/certy.crt\n    client-key: /home/learner/certy.key\n- name: empty\n  user: {}\n- name: jane\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n',
    );
    // JSON keeps api.AuthInfo's field order.
    expect(run('kubectl config set-credentials bot --client-certificate=/etc/hostname --client-key=/etc/hostname').code).toBe(0);
    expect(run('kubectl config view -o jsonpath={.users[0].user}').out).toBe('{"client-certificate":"/etc/hostname","client-key":"/etc/hostname","token":"REDACTED"}');
    expect(run('kubectl config view --minify --context=kubernetes-admin@kubernetes -o jsonpath={.users[*].name}').out).toBe('kubernetes-admin');
  });

  it('a certificate the cluster\'s CA never signed is refused with 401, not let in as anonymous', () => {
    const pem = (label: string): string => `-----BEGIN ${label}-----\nMIIBszCCAVmgAwIBAgIU\n-----END ${label}-----\n`;
    const s = new Session({ seed: 1, files: { 'certy.crt': pem('CERTIFICATE'), 'certy.key': pem('RSA PRIVATE KEY') } });
    const run = runner(s);
    expect(run('kubectl config set-credentials certy --client-certificate=certy.crt --client-key=certy.key').code).toBe(0);
    expect(run('kubectl --user=certy get pods')).toEqual(UNAUTHORIZED);
    // Files that are not there fail clientcmd's validation first (recorded: `unable to read
    // client-cert /nope for kubernetes-admin due to open /nope: no such file or directory`).
    expect(run('kubectl config set-credentials gone --client-certificate=gone.crt --client-key=gone.key').code).toBe(0);
    expect(run('kubectl --user=gone get pods').err).toBe(
      'Error in configuration: \n* unable to read client-cert /home/learner/gone.crt for gone due to open /home/learner/gone.crt: no such file or directory\n* unable to read client-key /home/learner/gone.key for gone due to open /home/learner/gone.key: no such file or directory\n',
    );
    // Replacing kubeadm's embedded certificate of jane with a file leaves jane's key, which does not match it.
    expect(run('kubectl config set-credentials jane --client-certificate=certy.crt').code).toBe(0);
    expect(run('kubectl --context jane get pods')).toEqual({ out: '', err: 'error: tls: private key does not match public key\n', code: 1 });
    expect(run('kubectl config set-credentials jane --client-key=certy.key').code).toBe(0);
    expect(run('kubectl --context jane get pods')).toEqual(UNAUTHORIZED);
  });

  it('refuses what kubectl refuses, with its messages', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl config set-credentials')).toEqual({ out: CONFIG_USAGE['set-credentials'], err: 'error: unexpected args: []\n', code: 1 });
    expect(run('kubectl config set-credentials a b')).toEqual({ out: CONFIG_USAGE['set-credentials'], err: 'error: unexpected args: [a b]\n', code: 1 });
    expect(CONFIG_USAGE['set-credentials']).toBe((help.topics as Record<string, string>)['config set-credentials']);
    expect(run('kubectl config set-credentials "" --token=x')).toEqual({ out: '', err: 'error: you must specify a non-empty user name\n', code: 1 });
    expect(run('kubectl config set-credentials q --embed-certs')).toEqual({ out: '', err: 'error: you must specify a --client-certificate or --client-key to embed\n', code: 1 });
    expect(run('kubectl config set-credentials q --client-certificate=/nonexist --embed-certs')).toEqual({ out: '', err: 'error: could not stat client-certificate file /nonexist: stat /nonexist: no such file or directory\n', code: 1 });
    expect(run('kubectl config set-credentials d --token=t --username=u').err).toBe('error: you cannot specify more than one authentication method at the same time: --token, --username/--password\n');
    expect(run('kubectl config get-users').out).toBe('NAME\njane\nkubernetes-admin\n');
  });
});

describe('kubectl config delete-user', () => {
  it('deletes a user; contexts naming it then send no credentials', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl config delete-user')).toEqual({ out: '', err: "error: user to delete is required\nSee 'kubectl config delete-user -h' for help and examples\n", code: 1 });
    expect(run('kubectl config delete-user nope')).toEqual({ out: '', err: `error: cannot delete user nope, not in ${PATH}\n`, code: 1 });
    expect(run('kubectl config delete-user jane')).toEqual({ out: `deleted user jane from ${PATH}\n`, err: '', code: 0 });
    expect(run('kubectl config get-users').out).toBe('NAME\nkubernetes-admin\n');
    expect(run('kubectl --context jane get pods').err).toContain('User "system:anonymous" cannot list resource "pods"');
  });
});

describe('the global --user, --cluster and --token flags', () => {
  it('are checked as clientcmd checks its overrides', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl --user=nope get pods')).toEqual({ out: '', err: 'error: auth info "nope" does not exist\n', code: 1 });
    expect(run('kubectl --cluster=nope get pods')).toEqual({ out: '', err: 'error: no server found for cluster "nope"\n', code: 1 });
    expect(run('kubectl --cluster=nope --user=nope get pods').err).toBe('error: no server found for cluster "nope"\n');
    expect(run('kubectl --context=zz --cluster=nope get pods').err).toBe('Error in configuration: \n* context was not found for specified context: zz\n* no server found for cluster "nope"\n');
    expect(run('kubectl --context=zz --user=nope get pods').err).toBe('Error in configuration: context was not found for specified context: zz\n');
    expect(run('kubectl --user=jane auth whoami').out).toMatch(/\nUsername +jane\n/);
    expect(run('kubectl get ns default -o name --cluster=kubernetes').out).toBe('namespace/default\n');
    // --cluster=kubernetes reaches this cluster from a context whose cluster the file lacks.
    expect(run('kubectl config set-context away --cluster=elsewhere --user=kubernetes-admin').code).toBe(0);
    expect(withoutDiscoveryLog(run('kubectl --context away get ns default -o name').err)).toBe('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n');
    expect(run('kubectl --context away --cluster=kubernetes get ns default -o name').out).toBe('namespace/default\n');
  });

  it('leaves a command\'s own --user alone (create rolebinding --user names a subject)', () => {
    const s = new Session({ seed: 1 });
    const run = runner(s);
    expect(run('kubectl create rolebinding r --clusterrole=view --user=nope').out).toBe('rolebinding.rbac.authorization.k8s.io/r created\n');
    expect(run('kubectl set subject rolebinding r --user=other').out).toBe('rolebinding.rbac.authorization.k8s.io/r subjects updated\n');
  });
});
