/**
 * `kubectl port-forward` and `kubectl proxy` at the laptop's prompt, through the real Session:
 * started with `&`, then curl on the laptop reaches the Pod (kube-apiserver → kubelet → the Pod's
 * localhost) or kube-apiserver (the proxy). Texts: kubectl v0.35.0's source (pkg/cmd/portforward,
 * pkg/cmd/proxy, pkg/proxy) and client-go v0.35.0's tools/portforward, as cited in the modules;
 * the kubectl usage lines and the NotFound line are the real kubectl 1.35.2's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from '../chunks';
import { Session } from '../session';
import { sessionRunner } from '../testing';

beforeAll(() => loadKubectlChunks());

let booted: Session;

beforeAll(() => {
  booted = new Session({ seed: 1, interactive: true });
  const run = sessionRunner(booted);
  run('kubectl create deployment web --image=nginx --replicas=2');
  run('kubectl expose deployment web --port=80 --target-port=80');
  expect(run('kubectl rollout status deployment/web --timeout=2m').out).toContain('successfully rolled out');
});

function fresh(): { s: Session; run: ReturnType<typeof sessionRunner> } {
  // A fork is a plain terminal; the checks here want bash's job notices, so keep the TTY.
  const f = booted.fork();
  const s = new Session({ seed: 1, interactive: true, simulation: f.sim, workstation: f.workstation, kubeconfig: f.kubeconfig });
  return { s, run: sessionRunner(s) };
}

describe('kubectl port-forward', () => {
  it('forwards a Service port to its Pod: Forwarding lines, then each connection is handled and nginx answers', () => {
    const { s, run } = fresh();
    const started = s.run('kubectl port-forward svc/web 8080:80 &');
    expect(started.output.map((c) => c.text).join('')).toBe('[1] 4066\nForwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\n');
    expect(started.exitCode).toBe(0);
    const got = run('curl -s localhost:8080');
    expect(got.out).toMatch(/^Handling connection for 8080\n<!DOCTYPE html>/);
    expect(got.out).toContain('Welcome to nginx!');
    expect(run('curl -s 127.0.0.1:8080 | grep -c nginx').out).toBe('Handling connection for 8080\n6\n');
    // The path on the trace: kubectl → kube-apiserver → kubelet → containerd's PortForward.
    const hops = s.sim.traceSince(0).filter((r) => (r.kind === 'proxy' && r.detail.type === 'traffic' && r.detail.endpoint === '127.0.0.1:80') || (r.kind === 'cri' && r.detail.call === 'PortForward'));
    expect(hops.slice(-3).map((r) => `${r.from} -> ${r.to} ${r.kind}`)).toEqual(['kubectl -> kube-apiserver proxy', expect.stringMatching(/^kube-apiserver -> kubelet\/node-\d proxy$/), expect.stringMatching(/^kubelet\/node-\d -> container-runtime\/node-\d cri$/)]);
  });

  it('resolves pod/, deploy/ and a named Service port, and a bare name is a Pod', () => {
    const { run } = fresh();
    const pod = run('kubectl get pods -l app=web -o name').out.split('\n')[0]!;
    expect(run(`kubectl port-forward ${pod} 9001:80 &`).err).toBe('[1] 4066\n');
    expect(run(`kubectl port-forward ${pod.slice(4)} :80 &`).out).toBe('Forwarding from 127.0.0.1:32768 -> 80\nForwarding from [::1]:32768 -> 80\n');
    expect(run('kubectl port-forward deployment/web 9002:80 --address 0.0.0.0 &').out).toBe('Forwarding from 0.0.0.0:9002 -> 80\n');
    expect(run('curl -s -o /dev/null -w "%{http_code}\\n" 127.0.0.1:9002').out).toBe('Handling connection for 9002\n200\n');
    run('kubectl patch svc web -p \'{"spec":{"ports":[{"name":"http","port":80,"targetPort":80}]}}\'');
    expect(run('kubectl port-forward svc/web http &').out).toBe('Forwarding from 127.0.0.1:80 -> 80\nForwarding from [::1]:80 -> 80\n');
    expect(run('kubectl port-forward svc/web 9003:https').err).toBe("error: Service 'web' does not have a named port 'https'\n");
    expect(run('kubectl port-forward svc/web 9003:81').err).toBe('error: Service web does not have a service port 81\n');
  });

  it("refuses what kubectl refuses: no ports, a missing Pod, a Pending Pod, a busy port, jane's RBAC", () => {
    const { run } = fresh();
    // Recorded: kubectl 1.35.2.
    expect(run('kubectl port-forward pod/web').err).toBe("error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n");
    expect(run('kubectl port-forward nope 8080:80')).toEqual({ out: '', err: 'Error from server (NotFound): pods "nope" not found\n', code: 1 });
    // Recorded: kubectl 1.35.2 against reconcile serve (these fail before any upgrade).
    const web = run('kubectl get pods -l app=web -o name').out.split('\n')[0]!.slice(4);
    expect(run('kubectl port-forward deploy/web 18080:99999').err).toBe('error: error parsing remote port \'99999\': strconv.ParseUint: parsing "99999": value out of range\n');
    expect(run('kubectl port-forward deploy/web 18080:0').err).toBe('error: remote port must be > 0\n');
    expect(run('kubectl port-forward deploy/web abc:80').err).toBe('error: error parsing local port \'abc\': strconv.ParseUint: parsing "abc": invalid syntax\n');
    expect(run('kubectl port-forward deploy/web 18080:http').err).toBe(`error: Pod '${web}' does not have a named port 'http'\n`);
    expect(run('kubectl port-forward deploy/web 18080:').err).toBe(`error: Pod '${web}' does not have a named port ''\n`);
    expect(run('kubectl port-forward --address nope deploy/web 18080:80').err).toBe('error: nope is not a valid IP\n');
    expect(run('kubectl port-forward svc/nope 1:2').err).toBe('Error from server (NotFound): services "nope" not found\n');
    run('kubectl run stuck --image=nginx --overrides=\'{"spec":{"nodeName":"nowhere"}}\'');
    expect(run('kubectl port-forward stuck 8080:80').err).toBe('error: unable to forward port because pod is not running. Current status=Pending\n');
    run('kubectl port-forward svc/web 8080:80 &');
    const busy = run('kubectl port-forward svc/web 8080:80');
    expect(busy.out).toBe('');
    expect(busy.err).toBe(
      'Unable to listen on port 8080: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use unable to create listener: Error listen tcp6 [::1]:8080: bind: address already in use]\nerror: unable to listen on any of the requested ports: [{8080 80}]\n',
    );
    const pod = run('kubectl get pods -l app=web -o name').out.split('\n')[0]!;
    expect(run(`kubectl --context jane port-forward ${pod} 9100:80`).err).toBe(`error: error upgrading connection: pods "${pod.slice(4)}" is forbidden: User "jane" cannot create resource "pods/portforward" in API group "" in the namespace "default"\n`);
  });

  it('a port nothing listens on: the runtime error, then the stream is closed and the job exits 1', () => {
    const { run } = fresh();
    run('kubectl port-forward deploy/web 8081:81 &');
    const r = run('curl -s localhost:8081');
    expect(r.code).toBe(52);
    expect(r.out).toBe('Handling connection for 8081\n');
    expect(r.err).toMatch(
      /^E\d{4} \d\d:\d\d:\d\d\.\d{6} {3}12345 portforward\.go:424\] "Unhandled Error" err="an error occurred forwarding 8081 -> 81: error forwarding port 81 to pod [0-9a-f]{64}, uid : failed to execute portforward in network namespace \\"\/var\/run\/netns\/cni-[0-9a-f-]{36}\\": failed to connect to localhost:81 inside namespace \\"[0-9a-f]{64}\\", IPv4: dial tcp4 127\.0\.0\.1:81: connect: connection refused IPv6 dial tcp6 \[::1\]:81: connect: connection refused "\nerror: lost connection to pod\n\[1\]\+ {2}Exit 1 {18}kubectl port-forward deploy\/web 8081:81\n$/,
    );
    expect(run('curl -s localhost:8081').code).toBe(7);
  });

  it('stopping kube-apiserver or the kubelet breaks the stream: lost connection to pod', () => {
    const { run } = fresh();
    run('kubectl port-forward svc/web 8080:80 &');
    expect(run('sim fail kube-apiserver').err).toContain('error: lost connection to pod\n[1]+  Exit 1                  kubectl port-forward svc/web 8080:80\n');
    const b = fresh();
    b.run('kubectl port-forward svc/web 8080:80 &');
    const node = b.run('kubectl get pods -l app=web -o jsonpath={.items[0].spec.nodeName}').out;
    b.run('kubectl port-forward pod/$(kubectl get pods -l app=web -o jsonpath={.items[0].metadata.name}) 8090:80 &');
    expect(b.run(`sim fail kubelet/${node}`).err).toContain('error: lost connection to pod\n');
    // A new cluster (sim topology) is another kube-apiserver: the stream into the old one is gone.
    const c = fresh();
    c.run('kubectl port-forward svc/web 8080:80 &');
    expect(c.run('sim topology basic').err).toContain('error: lost connection to pod\n[1]+  Exit 1');
  });

  it('kill ends it and its sockets close; a partitioned node leaves connections hanging', () => {
    const { run } = fresh();
    run('kubectl port-forward svc/web 8080:80 &');
    expect(run('kill %1').code).toBe(0);
    expect(run('curl -s localhost:8080')).toEqual({ out: '', err: '[1]+  Terminated              kubectl port-forward svc/web 8080:80\n', code: 7 });
    run('kubectl port-forward deploy/web 8080:80 &');
    const node = run('kubectl get pods -l app=web -o jsonpath={.items[0].spec.nodeName}').out;
    run(`kubectl port-forward pod/$(kubectl get pods -l app=web -o jsonpath={.items[0].metadata.name}) 8090:80 &`);
    run(`sim fail network/${node}`);
    expect(run('curl -s -m 2 localhost:8090')).toEqual({ out: 'Handling connection for 8090\n', err: '', code: 28 });
  });

  it('is bound to the Pod it chose: once that Pod is deleted, the runtime no longer has its sandbox and the stream closes', () => {
    const { run } = fresh();
    const pod = run('kubectl get pods -l app=web -o name').out.split('\n')[0]!;
    run(`kubectl port-forward ${pod} 8080:80 &`);
    run(`kubectl delete ${pod} --wait`);
    const r = run('curl -s localhost:8080');
    expect(r.code).toBe(52);
    expect(r.err).toMatch(/"Unhandled Error" err="an error occurred forwarding 8080 -> 80: error forwarding port 80 to pod ([0-9a-f]{64}), uid : (failed to find sandbox \\"\1\\" in store: not found|network namespace for sandbox \\"\1\\" is closed)"\nerror: lost connection to pod\n/);
  });

  it('in the foreground it holds the prompt until Ctrl+C, which it catches: status 0', () => {
    const { s } = fresh();
    const at = s.sim.now + 10_000;
    const r = s.run('kubectl port-forward svc/web 8080:80', undefined, { interruptAt: at });
    expect(r.output.map((c) => c.text).join('')).toBe('Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\n');
    expect(r.exitCode).toBe(0);
    expect(s.sim.now).toBe(at);
    // Its sockets closed with it.
    expect(s.run('curl -s localhost:8080').exitCode).toBe(7);
  });
});

describe('kubectl proxy', () => {
  it('serves the API on 127.0.0.1:8001 with the kubeconfig credentials: lists, Status JSON, the exec filter', () => {
    const { run } = fresh();
    expect(run('kubectl proxy &').out).toBe('Starting to serve on 127.0.0.1:8001\n');
    const list = JSON.parse(run('curl -s localhost:8001/api/v1/namespaces/default/pods').out) as { kind: string; items: unknown[] };
    expect(list.kind).toBe('PodList');
    expect(list.items).toHaveLength(2);
    expect(run('curl -s localhost:8001/api/v1/namespaces/default/pods/nope').out).toBe(
      '{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {},\n  "status": "Failure",\n  "message": "pods \\"nope\\" not found",\n  "reason": "NotFound",\n  "details": {\n    "name": "nope",\n    "kind": "pods"\n  },\n  "code": 404\n}',
    );
    // pkg/proxy's DefaultPathRejectRE and net/http's http.Error; recorded (curl -si through kubectl 1.35.2's proxy).
    expect(run('curl -si localhost:8001/api/v1/namespaces/default/pods/web/exec?command=ls').out).toMatch(
      /^HTTP\/1\.1 403 Forbidden\r\nContent-Type: text\/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\nContent-Length: 10\r\n\r\nForbidden\n$/,
    );
    // A Host the filter does not accept.
    expect(run("curl -s -H 'Host: evil.com' localhost:8001/api").out).toBe('Forbidden\n');
    expect(run('kubectl proxy').err).toBe('error: listen tcp 127.0.0.1:8001: bind: address already in use\n');
    // Any method goes through kube-apiserver's pipeline.
    run('kubectl create configmap c');
    expect(run('curl -s -o /dev/null -w "%{http_code}\\n" -X DELETE localhost:8001/api/v1/namespaces/default/configmaps/c').out).toBe('200\n');
    expect(run('kubectl get cm c').err).toBe('Error from server (NotFound): configmaps "c" not found\n');
  });

  it('--port and --api-prefix: outside the prefix is the mux 404', () => {
    const { run } = fresh();
    expect(run('kubectl proxy --port=8011 --api-prefix=/k8s-api &').out).toBe('Starting to serve on 127.0.0.1:8011\n');
    expect(run('curl -s localhost:8011/k8s-api/api/v1/namespaces/default/services/web').out).toContain('"kind": "Service"');
    expect(run('curl -si localhost:8011/api/v1/pods').out).toMatch(/^HTTP\/1\.1 404 Not Found\r\nContent-Type: text\/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nDate: [^\r]+\r\nContent-Length: 19\r\n\r\n404 page not found\n$/);
  });

  it("as jane, RBAC answers: the Forbidden Status", () => {
    const { run } = fresh();
    run('kubectl --context jane proxy &');
    expect(run('curl -s localhost:8001/api/v1/nodes').out).toContain('"reason": "Forbidden"');
  });

  it('in the foreground Ctrl+C kills it (130) and the line stops', () => {
    const { s } = fresh();
    const r = s.run('kubectl proxy; echo never', undefined, { interruptAt: s.sim.now + 5_000 });
    expect(r.output.map((c) => c.text).join('')).toBe('Starting to serve on 127.0.0.1:8001\n');
    expect(r.exitCode).toBe(130);
  });
});
