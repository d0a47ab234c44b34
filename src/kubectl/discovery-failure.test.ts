/**
 * What kubectl prints when its discovery cannot reach the server and nothing is cached for it,
 * through the real Session. Recorded with kubectl v1.35.2, KUBECONFIG naming https://127.0.0.1:1
 * (connection refused), a cold ~/.kube/cache (klog headers shortened to `E<hdr>` here):
 *
 *   $ kubectl get pods                         (describe, delete, scale, label, get all: the same)
 *   E<hdr> memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: Get \"https://127.0.0.1:1/api?timeout=32s\": dial tcp 127.0.0.1:1: connect: connection refused"
 *   … four more identical lines …
 *   The connection to the server 127.0.0.1:1 was refused - did you specify the right host or port?
 *   $ kubectl logs x                           (4 lines, then the refusal; exec, rollout, set, cordon, drain too)
 *   $ kubectl explain pods                     (2 lines, then the refusal)
 *   $ kubectl auth can-i get pods              (2 lines, `Warning: the server doesn't have a resource type 'pods'`, a blank line, the refusal)
 *   $ kubectl api-resources                    (1 line, then the refusal)
 *   $ kubectl api-versions
 *   E<hdr> memcache.go:265] … (1 line)
 *   error: couldn't get available api versions from server: Get "https://127.0.0.1:1/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused
 *   $ kubectl apply -f /tmp/d.yaml             (no line: the OpenAPI download fails first; the file as named)
 *   error: error validating "/tmp/d.yaml": error validating data: failed to download openapi: Get "https://127.0.0.1:1/openapi/v2?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused; if you choose to ignore these errors, turn validation off with --validate=false
 *   $ kubectl top pods; kubectl get --raw /api (no line, the refusal)
 *   $ kubectl create deployment w --image=nginx
 *   error: failed to create deployment: Post "https://127.0.0.1:1/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:1: connect: connection refused
 *   (create configmap and create rolebinding alike; create token's POST carries no query; create role: 2 lines, the refusal)
 *   $ kubectl delete -f /tmp/d.yaml            (apply/create/replace --validate=false, label -f, diff -f (exit 2) alike)
 *   E<hdr> memcache.go:265] … (1 line)
 *   error: unable to recognize "/tmp/d.yaml": Get "https://127.0.0.1:1/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused
 *   $ kubectl get -f /tmp/d.yaml               (describe -f alike: the same line without `error: `)
 *   $ kubectl get pods --request-timeout=5s    (5 lines naming /api?timeout=5s)
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

const URL = 'https://127.0.0.1:1';
const MEMCACHE = `E<hdr> memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: Get \\"${URL}/api?timeout=32s\\": dial tcp 127.0.0.1:1: connect: connection refused"\n`;
const REFUSED = 'The connection to the server 127.0.0.1:1 was refused - did you specify the right host or port?\n';

/** klog's header carries the (simulated) time and a pid: `E0901 09:00:17.540000   12345 `. */
function shorten(err: string): string {
  return err.replace(/^E\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm, 'E<hdr> ');
}

function closedPort(): ReturnType<typeof sessionRunner> {
  const s = new Session({ seed: 1 });
  const run = sessionRunner(s);
  expect(run("printf 'apiVersion: v1\\nkind: ConfigMap\\nmetadata: {name: x}\\n' > d.yaml").code).toBe(0);
  expect(run(`kubectl config set-cluster kubernetes --server=${URL}`).code).toBe(0);
  return run;
}

describe('a cold discovery cache meeting a server kubectl cannot reach', () => {
  it.each([
    ['kubectl get pods', MEMCACHE.repeat(5) + REFUSED],
    ['kubectl get all', MEMCACHE.repeat(5) + REFUSED],
    ['kubectl describe pod x', MEMCACHE.repeat(5) + REFUSED],
    ['kubectl logs x', MEMCACHE.repeat(4) + REFUSED],
    ['kubectl rollout status deploy/w', MEMCACHE.repeat(4) + REFUSED],
    ['kubectl explain pods', MEMCACHE.repeat(2) + REFUSED],
    ['kubectl api-resources', MEMCACHE + REFUSED],
    ['kubectl api-versions', `${MEMCACHE}error: couldn't get available api versions from server: Get "${URL}/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl apply -f d.yaml', `error: error validating "d.yaml": error validating data: failed to download openapi: Get "${URL}/openapi/v2?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused; if you choose to ignore these errors, turn validation off with --validate=false\n`],
    ['kubectl top pods', REFUSED],
    ['kubectl auth can-i get pods', `${MEMCACHE.repeat(2)}Warning: the server doesn't have a resource type 'pods'\n\n${REFUSED}`],
    ['kubectl logs -f x', MEMCACHE.repeat(4) + REFUSED],
    // The builder maps -f's objects once: one line, then the file named (get and describe without `error: `).
    ['kubectl apply -f d.yaml --validate=false', `${MEMCACHE}error: unable to recognize "d.yaml": Get "${URL}/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl delete -f d.yaml', `${MEMCACHE}error: unable to recognize "d.yaml": Get "${URL}/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl get -f d.yaml', `${MEMCACHE}unable to recognize "d.yaml": Get "${URL}/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl label -f d.yaml a=b', `${MEMCACHE}error: unable to recognize "d.yaml": Get "${URL}/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    // The generators' typed clients send without discovery and wrap Go's url.Error.
    ['kubectl create deployment w --image=nginx', `error: failed to create deployment: Post "${URL}/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl create configmap c', `error: failed to create configmap: Post "${URL}/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl create rolebinding rb --role=r --user=u', `error: failed to create rolebinding: Post "${URL}/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl create token default', `error: failed to create token: Post "${URL}/api/v1/namespaces/default/serviceaccounts/default/token": dial tcp 127.0.0.1:1: connect: connection refused\n`],
    ['kubectl create role r --verb=get --resource=pods', MEMCACHE.repeat(2) + REFUSED],
    ['kubectl get --raw /api', REFUSED],
    ['kubectl get pods --request-timeout=5s', MEMCACHE.replace('timeout=32s', 'timeout=5s').repeat(5) + REFUSED],
    // The builder's lookups follow the arguments' shape; the refusal comes once, whatever they name.
    ['kubectl get pod/x svc/y', MEMCACHE.repeat(4) + REFUSED],
    ['kubectl get pods x y', MEMCACHE.repeat(5) + REFUSED],
    ['kubectl get pods,svc', MEMCACHE.repeat(6) + REFUSED],
    ['kubectl -n kube-system get pods,svc,deploy -o wide', MEMCACHE.repeat(7) + REFUSED],
    ['kubectl get pods,svc x', MEMCACHE.repeat(4) + REFUSED],
    ['kubectl describe pods,svc', MEMCACHE.repeat(6) + REFUSED],
    ['kubectl delete pods,svc --all', MEMCACHE.repeat(6) + REFUSED],
    ['kubectl label pods,svc --all a=b', MEMCACHE.repeat(6) + REFUSED],
    ['kubectl scale deploy x --replicas 1', MEMCACHE.repeat(5) + REFUSED],
    ['kubectl rollout status deployment w', MEMCACHE.repeat(5) + REFUSED],
    ['kubectl set image deploy/x a=b', MEMCACHE.repeat(4) + REFUSED],
  ])('%s', (line, stderr) => {
    const r = closedPort()(line);
    expect(shorten(r.err)).toBe(stderr);
    expect(r.code).toBe(1);
  });

  it('kubectl diff -f exits 2 on it', () => {
    const r = closedPort()('kubectl diff -f d.yaml');
    expect(shorten(r.err)).toBe(`${MEMCACHE}error: unable to recognize "d.yaml": Get "${URL}/api?timeout=32s": dial tcp 127.0.0.1:1: connect: connection refused\n`);
    expect(r.code).toBe(2);
  });

  it('logs each failing command again: a failed discovery caches nothing', () => {
    const run = closedPort();
    expect(shorten(run('kubectl get pods').err)).toBe(MEMCACHE.repeat(5) + REFUSED);
    expect(shorten(run('kubectl get pods').err)).toBe(MEMCACHE.repeat(5) + REFUSED);
  });

  it('with kube-apiserver stopped: the lines on a cold cache only, the refusal alone once discovery is cached', () => {
    const cold = new Session({ seed: 1 });
    const run = sessionRunner(cold);
    run('sim fail kube-apiserver');
    const err = run('kubectl get pods').err;
    expect(err).toMatch(/^E\d{4} \d\d:\d\d:\d\d\.\d{6} {3}12345 memcache\.go:265\] /);
    expect(shorten(err)).toBe(
      `${'E<hdr> memcache.go:265] "Unhandled Error" err="couldn\'t get current server API group list: Get \\"https://10.0.0.10:6443/api?timeout=32s\\": dial tcp 10.0.0.10:6443: connect: connection refused"\n'.repeat(5)}The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n`,
    );
    const warm = new Session({ seed: 1 });
    const run2 = sessionRunner(warm);
    expect(run2('kubectl get pods').code).toBe(0);
    run2('sim fail kube-apiserver');
    expect(run2('kubectl get pods').err).toBe('The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n');
  });
});

/**
 * Recorded with kubectl v1.35.2 after `kubectl get pods` filled ~/.kube/cache/discovery, the
 * server then stopped: the builder maps from the cache and every request fails on its own —
 * `get all` prints the refusal ten times (one list per kind), `describe pods,svc` twice; api-versions
 * and api-resources fetch discovery afresh (one memcache.go line), `api-resources --cached` reads
 * the cache; explain's schema fetch is refused; the cache survives the failed refetch.
 */
describe('a warm discovery cache meeting a stopped kube-apiserver', () => {
  const SERVER_REFUSED = 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n';
  const SERVER_MEMCACHE = 'E<hdr> memcache.go:265] "Unhandled Error" err="couldn\'t get current server API group list: Get \\"https://10.0.0.10:6443/api?timeout=32s\\": dial tcp 10.0.0.10:6443: connect: connection refused"\n';

  function warmThenDown(): ReturnType<typeof sessionRunner> {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('kubectl get pods').code).toBe(0);
    run('sim fail kube-apiserver');
    return run;
  }

  it.each([
    ['kubectl get all', SERVER_REFUSED.repeat(10)],
    ['kubectl get pods,svc', SERVER_REFUSED.repeat(2)],
    ['kubectl describe pods,svc', SERVER_REFUSED.repeat(2)],
    ['kubectl get pod/x svc/y', SERVER_REFUSED.repeat(2)],
    ['kubectl explain pod', SERVER_REFUSED],
    ['kubectl api-resources', SERVER_MEMCACHE + SERVER_REFUSED],
    ['kubectl api-versions', `${SERVER_MEMCACHE}error: couldn't get available api versions from server: Get "https://10.0.0.10:6443/api?timeout=32s": dial tcp 10.0.0.10:6443: connect: connection refused\n`],
  ])('%s', (line, stderr) => {
    const r = warmThenDown()(line);
    expect(shorten(r.err)).toBe(stderr);
    expect(r.code).toBe(1);
  });

  it('api-resources --cached lists from the cache, and a failed refetch leaves the cache warm', () => {
    const run = warmThenDown();
    const cached = run('kubectl api-resources --cached');
    expect(cached.code).toBe(0);
    expect(cached.out).toMatch(/^NAME +SHORTNAMES +APIVERSION +NAMESPACED +KIND\nbindings /);
    expect(run('kubectl api-versions').code).toBe(1);
    expect(run('kubectl get pods').err).toBe(SERVER_REFUSED);
  });
});
