/**
 * `kubectl config set` and `kubectl config unset` through the real Session: what they print, what
 * they write (as `config view` shows it), and what the edits do to later commands. Every message
 * was recorded from kubectl v1.35.2 with KUBECONFIG pointing at a scratch copy of this file
 * (kubeadm's cluster, users jane and kubernetes-admin, two contexts), e.g.
 *
 *   $ kubectl config set contexts.jane.namespace dev
 *   Property "contexts.jane.namespace" set.
 *   $ kubectl config set bogus x
 *   error: unable to parse bogus after [] at api.Config
 *   $ kubectl config set contexts.jane x
 *   error: can't set a map to a value: map[jane:0xc0004b8820 kubernetes-admin@kubernetes:0xc0004b8870 new:0xc0004b8b40]
 *   $ kubectl config set clusters.kubernetes.certificate-authority-data hello
 *   error: error decoding input value: illegal base64 data at input byte 4
 *   $ kubectl config unset contexts.nope.namespace
 *   error: current map key `nope` is invalid
 *
 * (the real map's pointers change every run; the simulator prints made-up ones of the same shape).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../session';
import { CONFIG_USAGE } from './config-usage';
import help from '../help/kubectl-help.json';
import { sessionRunner as runner, withoutDiscoveryLog } from '../testing';

let s: Session;
let run: ReturnType<typeof runner>;

beforeAll(() => {
  s = new Session({ seed: 1 });
  run = runner(s);
});

const ok = (out: string): { out: string; err: string; code: number } => ({ out, err: '', code: 0 });
const fails = (err: string, code = 1): { out: string; err: string; code: number } => ({ out: '', err, code });

describe('kubectl config set', () => {
  it('sets a context\'s namespace, which the next command uses; unset takes it away', () => {
    expect(run('kubectl config set contexts.kubernetes-admin@kubernetes.namespace kube-system')).toEqual(ok('Property "contexts.kubernetes-admin@kubernetes.namespace" set.\n'));
    expect(run('kubectl get pod etcd-control-plane -o name')).toEqual(ok('pod/etcd-control-plane\n'));
    expect(run('kubectl config get-contexts kubernetes-admin@kubernetes').out).toContain('kube-system\n');
    expect(run('kubectl config unset contexts.kubernetes-admin@kubernetes.namespace')).toEqual(ok('Property "contexts.kubernetes-admin@kubernetes.namespace" unset.\n'));
    expect(run('kubectl get pods')).toEqual({ out: '', err: 'No resources found in default namespace.\n', code: 0 });
  });

  it('creates map entries on the way, with Go\'s zero values, and writes what config view shows', () => {
    const f = s.fork();
    const r = runner(f);
    expect(r('kubectl config set contexts.new.namespace dev')).toEqual(ok('Property "contexts.new.namespace" set.\n'));
    expect(r('kubectl config set users.bob.token abc').code).toBe(0);
    // A map key may hold dots: it runs to the first part that names a field.
    expect(r('kubectl config set clusters.10.0.0.10.server https://10.0.0.10:6443')).toEqual(ok('Property "clusters.10.0.0.10.server" set.\n'));
    expect(r('kubectl config set clusters.kubernetes.insecure-skip-tls-verify TRUE').code).toBe(0);
    expect(r('kubectl config set clusters.kubernetes.tls-server-name kubernetes').code).toBe(0);
    expect(r('kubectl config set users.jane.act-as someone').code).toBe(0);
    expect(r('kubectl config set preferences.colors true').code).toBe(0);
    // kind and apiVersion are accepted and lost: the file is written as a v1 Config.
    expect(r('kubectl config set kind x')).toEqual(ok('Property "kind" set.\n'));
    expect(r('kubectl config set current-context new').code).toBe(0);
    expect(r('kubectl config view').out).toBe(
      [
        'apiVersion: v1',
        'clusters:',
        '- cluster:',
        '    server: https://10.0.0.10:6443',
        '  name: 10.0.0.10',
        '- cluster:',
        '    certificate-authority-data: DATA+OMITTED',
        '    insecure-skip-tls-verify: true',
        '    server: https://10.0.0.10:6443',
        '    tls-server-name: kubernetes',
        '  name: kubernetes',
        'contexts:',
        '- context:',
        '    cluster: kubernetes',
        '    user: jane',
        '  name: jane',
        '- context:',
        '    cluster: kubernetes',
        '    user: kubernetes-admin',
        '  name: kubernetes-admin@kubernetes',
        '- context:',
        '    cluster: ""',
        '    namespace: dev',
        '    user: ""',
        '  name: new',
        'current-context: new',
        'kind: Config',
        'preferences:',
        '  colors: true',
        'users:',
        '- name: bob',
        '  user:',
        '    token: REDACTED',
        '- name: jane',
        '  user:',
        '    as: someone',
        '    client-certificate-data: DATA+OMITTED',
        '    client-key-data: DATA+OMITTED',
        '- name: kubernetes-admin',
        '  user:',
        '    client-certificate-data: DATA+OMITTED',
        '    client-key-data: DATA+OMITTED',
        '',
      ].join('\n'),
    );
    // JSON keeps the Go structs' field order, preferences after apiVersion.
    expect(r('kubectl config view -o json').out).toMatch(/^\{\n {4}"kind": "Config",\n {4}"apiVersion": "v1",\n {4}"preferences": \{\n {8}"colors": true\n {4}\},\n {4}"clusters": \[/);
    expect(r('kubectl config view -o jsonpath={.clusters[1].cluster}').out).toBe('{"certificate-authority-data":"DATA+OMITTED","insecure-skip-tls-verify":true,"server":"https://10.0.0.10:6443","tls-server-name":"kubernetes"}');
    // The context `new` names no cluster: clientcmd's default server.
    expect(withoutDiscoveryLog(r('kubectl get pods'))).toEqual(fails('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n'));
  });

  it('decodes []byte values from base64 unless --set-raw-bytes, and --raw shows the bytes', () => {
    const f = s.fork();
    const r = runner(f);
    expect(r('kubectl config set clusters.kubernetes.certificate-authority-data hello')).toEqual(fails('error: error decoding input value: illegal base64 data at input byte 4\n'));
    expect(r('kubectl config set users.jane.client-certificate-data abc')).toEqual(fails('error: error decoding input value: illegal base64 data at input byte 0\n'));
    expect(r('kubectl config set clusters.kubernetes.certificate-authority-data aGVsbG8K').code).toBe(0);
    expect(r('kubectl config view --raw -o jsonpath={.clusters[0].cluster.certificate-authority-data}').out).toBe('aGVsbG8K');
    expect(r('kubectl config set clusters.kubernetes.certificate-authority-data hello --set-raw-bytes')).toEqual(ok('Property "clusters.kubernetes.certificate-authority-data" set.\n'));
    expect(r('kubectl config view --raw -o jsonpath={.clusters[0].cluster.certificate-authority-data}').out).toBe('aGVsbG8=');
    // Bytes that hold no certificate fail before any request (recorded).
    expect(r('kubectl get ns')).toEqual(fails('error: unable to load root certificates: unable to parse bytes as PEM block\n'));
    expect(r('kubectl config set --set-raw-bytes=maybe x y').err).toBe('error: invalid argument "maybe" for "--set-raw-bytes" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl config set --help\' for usage.\n');
    expect(r('kubectl config set clusters.kubernetes.insecure-skip-tls-verify yes')).toEqual(fails('error: strconv.ParseBool: parsing "yes": invalid syntax\n'));
  });

  it('refuses what kubectl refuses, with its messages', () => {
    expect(run('kubectl config set contexts.jane.namespace')).toEqual({ out: CONFIG_USAGE.set, err: 'error: Unexpected args: [contexts.jane.namespace]\n', code: 1 });
    expect(run('kubectl config set a b c')).toEqual({ out: CONFIG_USAGE.set, err: 'error: Unexpected args: [a b c]\n', code: 1 });
    expect(CONFIG_USAGE.set).toBe((help.topics as Record<string, string>)['config set']);
    expect(run('kubectl config set contexts.jane.namespace ""')).toEqual(fails('error: you cannot use set to unset a property\n'));
    expect(run('kubectl config set "" x')).toEqual(fails('error: you must specify a property\n'));
    expect(run('kubectl config set bogus x')).toEqual(fails('error: unable to parse bogus after [] at api.Config\n'));
    expect(run('kubectl config set . x')).toEqual(fails('error: unable to parse . after [] at api.Config\n'));
    expect(run('kubectl config set preferences.bogus x')).toEqual(fails('error: unable to parse preferences.bogus after [{preferences 0x210a5c0}] at api.Preferences\n'));
    expect(run('kubectl config set preferences x')).toEqual(fails('error: unable to locate path config.navigationStep{stepValue:"", stepType:reflect.Type(nil)} under {false map[]}\n'));
    expect(run('kubectl config set current-context.x y')).toEqual(fails('error: unable to parse one or more field values of current-context.x\n'));
    expect(run('kubectl config set users.jane.exec.command foo')).toEqual(fails('error: unable to parse one or more field values of users.jane.exec.command\n'));
    expect(run('kubectl config set contexts.jane x')).toEqual(fails('error: can\'t set a map to a value: map[jane:0xc0004b8820 kubernetes-admin@kubernetes:0xc0004b8870]\n'));
    // The internal type says act-as-groups: as-groups is read as part of the key.
    expect(run('kubectl config set users.jane.as-groups g').err).toBe('error: can\'t set a map to a value: map[jane:0xc0004b8820 kubernetes-admin:0xc0004b8870]\n');
    expect(run('kubectl config set users.jane.act-as-groups g')).toEqual(fails('error: unrecognized slice type. string\n'));
    expect(run('kubectl config set users.jane.act-as-user-extra.k v')).toEqual(fails('error: string is not of type struct\n'));
    expect(run('kubectl config set extensions x')).toEqual(fails('error: can\'t set a map to a value: map[]\n'));
    // kubectl panics on these two (exit 2, the goroutine's stack on stderr).
    const panic = run('kubectl config set extensions.x y');
    expect([panic.code, panic.err.split('\n').slice(0, 3)]).toEqual([2, ['panic: reflect: Elem of invalid type runtime.Object', '', 'goroutine 1 [running]:']]);
    expect(run('kubectl config set users.jane.exec x').err.startsWith('panic: unrecognized type: <nil>\n\ngoroutine 1 [running]:\nk8s.io/kubectl/pkg/cmd/config.modifyConfig(')).toBe(true);
    // Nothing above changed the file.
    expect(run('kubectl config get-contexts -o name').out).toBe('jane\nkubernetes-admin@kubernetes\n');
  });
});

describe('kubectl config unset', () => {
  it('removes fields, entries and whole maps; a missing key on the way is an error', () => {
    const f = s.fork();
    const r = runner(f);
    expect(r('kubectl config unset contexts.nope.namespace')).toEqual(fails('error: current map key `nope` is invalid\n'));
    expect(r('kubectl config unset contexts.nope')).toEqual(ok('Property "contexts.nope" unset.\n'));
    expect(r('kubectl config unset users.jane.exec')).toEqual(ok('Property "users.jane.exec" unset.\n'));
    expect(r('kubectl config unset bogus')).toEqual(fails('error: unable to parse bogus after [] at api.Config\n'));
    expect(r('kubectl config unset')).toEqual({ out: CONFIG_USAGE.unset, err: 'error: Unexpected args: []\n', code: 1 });
    expect(CONFIG_USAGE.unset).toBe((help.topics as Record<string, string>)['config unset']);
    expect(r('kubectl config unset contexts.jane')).toEqual(ok('Property "contexts.jane" unset.\n'));
    expect(r('kubectl config unset users.kubernetes-admin.client-key-data').code).toBe(0);
    // The certificate is left without its key: clientcmd's validation (recorded).
    expect(r('kubectl get ns')).toEqual(fails('error: client-key-data or client-key must be specified for kubernetes-admin to use the clientCert authentication method.\n'));
    expect(r('kubectl config unset current-context')).toEqual(ok('Property "current-context" unset.\n'));
    expect(r('kubectl config view --minify')).toEqual(fails('error: current-context must exist in order to minify\n'));
    expect(r('kubectl config unset clusters')).toEqual(ok('Property "clusters" unset.\n'));
    expect(r('kubectl config view').out).toBe(
      'apiVersion: v1\nclusters: null\ncontexts:\n- context:\n    cluster: kubernetes\n    user: kubernetes-admin\n  name: kubernetes-admin@kubernetes\ncurrent-context: ""\nkind: Config\nusers:\n- name: jane\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n- name: kubernetes-admin\n  user:\n    client-certificate-data: DATA+OMITTED\n',
    );
  });
});
