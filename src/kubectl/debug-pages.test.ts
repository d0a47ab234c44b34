/**
 * kubernetes.io's "Monitoring, Logging, and Debugging" task pages through the whole engine (their
 * manifests: k8s/docs-examples-debug.ts; examples/debug-*.sh follow the pages line by line).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';

beforeAll(() => loadKubectlChunks());

const out = (s: Session, line: string): string => s.run(line).output.map((o) => o.text).join('');

describe('Determine the Reason for Pod Failure', () => {
  it('reports what the container wrote to /dev/termination-log as its terminated state\'s message', () => {
    const s = new Session({ seed: 3 });
    s.run('kubectl apply -f https://k8s.io/examples/debug/termination.yaml');
    s.run('sim advance 15s');
    expect(out(s, 'kubectl get pod termination-demo -o go-template="{{range .status.containerStatuses}}{{.lastState.terminated.message}}{{end}}"')).toBe('Sleep expired\n');
    expect(out(s, 'kubectl get pod termination-demo --output=yaml')).toMatch(/ {4}lastState:\n {6}terminated:\n(?: {8}\S.*\n)*? {8}message: \|\n {10}Sleep expired\n/);
    expect(out(s, 'kubectl describe pod termination-demo')).toContain('      Message:   Sleep expired\n\n      Exit Code:    0\n');
  });

  it('terminationMessagePath names another file; FallbackToLogsOnError takes the log\'s end when the file is empty and the exit failed', () => {
    const s = new Session({ seed: 3 });
    s.run(`kubectl run msg-path-demo --image=debian --restart=Never --overrides='{"spec":{"containers":[{"name":"msg-path-demo","image":"debian","command":["sh","-c","echo Custom path > /tmp/my-log"],"terminationMessagePath":"/tmp/my-log"}]}}'`);
    s.run(`kubectl run fallback --image=debian --restart=Never --overrides='{"spec":{"containers":[{"name":"fallback","image":"debian","command":["sh","-c","echo first; echo oops >&2; exit 3"],"terminationMessagePolicy":"FallbackToLogsOnError"}]}}'`);
    s.run(`kubectl run no-fallback --image=debian --restart=Never -- sh -c 'echo oops; exit 3'`);
    s.run('sim advance 20s');
    const message = (pod: string): string => out(s, `kubectl get pod ${pod} -o jsonpath={.status.containerStatuses[0].state.terminated.message}`);
    expect(message('msg-path-demo')).toBe('Custom path\n');
    expect(message('fallback')).toBe('first\noops\n');
    expect(message('no-fallback')).toBe('');
  });
});

describe('termination messages: the kubelet\'s limits', () => {
  it('keeps the file\'s last 4096 bytes, then the status keeps 12 KiB shared by the Pod\'s containers', () => {
    const s = new Session({ seed: 3 });
    // 5000 bytes written (4999 a's, then x; JSON's \u0027 is the quote the shell line cannot hold):
    // the kubelet reads the last 4096; four containers leave each 3072 of them.
    const writer = (name: string): string => `{"name":"${name}","image":"busybox:1.36","command":["sh","-c","printf %5000s x | tr \\u0027 \\u0027 a > /dev/termination-log; exit 1"]}`;
    const sleeper = (name: string): string => `{"name":"${name}","image":"busybox:1.36","command":["sleep","3600"]}`;
    s.run(`kubectl run big --image=busybox:1.36 --restart=Never --overrides='{"spec":{"containers":[${writer('w')},${sleeper('s1')},${sleeper('s2')},${sleeper('s3')}]}}'`);
    s.run('sim advance 15s');
    // The kubelet lists the statuses by name (kubetypes.SortedContainerStatuses), not in the spec's order.
    expect(out(s, "kubectl get pod big -o jsonpath='{.status.containerStatuses[*].name}'")).toBe('s1 s2 s3 w');
    expect(out(s, 'kubectl get pod big -o jsonpath={.status.containerStatuses[3].state.terminated.message}')).toBe('a'.repeat(3072));
    s.run(`kubectl run one --image=busybox:1.36 --restart=Never --overrides='{"spec":{"containers":[${writer('w')}]}}'`);
    s.run('sim advance 15s');
    expect(out(s, 'kubectl get pod one -o jsonpath={.status.containerStatuses[0].state.terminated.message}')).toBe(`${'a'.repeat(4095)}x`);
  });
});

describe('Debug Init Containers', () => {
  it('a running plain init container is started but not ready; it is ready once it exits 0 (prober_manager UpdatePodStatus)', () => {
    const s = new Session({ seed: 3 });
    s.run(`kubectl run myapp-pod --image=busybox:1.28 --overrides='{"spec":{"initContainers":[{"name":"init-myservice","image":"busybox:1.28","command":["sh","-c","until nslookup myservice; do sleep 2; done"]}]}}' -- sleep 3600`);
    s.run('sim advance 10s');
    const init = (): string => out(s, 'kubectl get pod myapp-pod -o jsonpath={.status.initContainerStatuses[0].started}/{.status.initContainerStatuses[0].ready}');
    expect(out(s, 'kubectl get pod myapp-pod')).toContain('Init:0/1');
    expect(init()).toBe('true/false');
    expect(out(s, 'kubectl describe pod myapp-pod')).toMatch(/ {4}State: +Running\n.*\n {4}Ready: +False\n/);
    s.run('kubectl create service clusterip myservice --tcp=80:9376');
    s.run('sim advance 10s');
    expect(init()).toBe('false/true');
  });
});

describe('Safely Drain a Node: the Eviction API through kubectl create --raw', () => {
  const evict = (pod: string): string => `kubectl create --raw /api/v1/namespaces/default/pods/${pod}/eviction -f - <<'JSON'\n{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"${pod}","namespace":"default"}}\nJSON`;
  const all = (s: Session, line: string): string => s.run(line).output.map((o) => o.text).join('');

  it('answers 201 with a Status while the budget allows it, 429 once it would be broken', () => {
    const s = new Session({ seed: 3 });
    s.run('kubectl create deployment web --image=nginx --replicas=3');
    s.run('kubectl create pdb web --selector=app=web --min-available=2');
    s.run('kubectl rollout status deployment/web --timeout=1m');
    s.run('sim advance 3s');
    const pods = out(s, "kubectl get pods -l app=web -o jsonpath='{.items[*].metadata.name}'").split(' ');
    expect(all(s, evict(pods[0]!))).toBe('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}\n');
    expect(all(s, evict(pods[1]!))).toBe("Error from server (TooManyRequests): Cannot evict pod as it would violate the pod's disruption budget.\n");
    expect(all(s, evict('quux'))).toBe('Error from server (NotFound): pods "quux" not found\n');
  });

  it('validates --raw as create.go does', () => {
    const s = new Session({ seed: 3 });
    expect(all(s, 'kubectl create --raw /x -f a.json -o yaml')).toBe('error: --raw and --output are mutually exclusive\n');
    expect(all(s, 'kubectl create --raw /x -f a.json -f b.json')).toBe('error: --raw can only use a single local file or stdin\n');
    expect(all(s, 'kubectl create --raw /x -f http://a/b')).toBe('error: --raw cannot read from a url\n');
    expect(all(s, 'kubectl create --raw x -f a.json')).toBe('error: --raw must be a valid URL path: parse "x": invalid URI for request\n');
    expect(all(s, 'kubectl create --raw /x')).toBe('error: must specify one of -f and -k\n');
    expect(all(s, 'kubectl create --raw /api/v1/namespaces/default/pods/p/eviction -f nosuch.json')).toBe('error: open nosuch.json: no such file or directory\n');
  });
});
