/**
 * curl at the `$ ` prompt: the container's curl (images/curl.ts) on the laptop's network
 * (engine/node/workstation-net.ts). Messages recorded from the real curl on this machine
 * (curl 7.88.1, OpenSSL 3.0.19): an unroutable address is a SYN sent into a tun device nothing
 * reads, in a network namespace (`unshare -rn`); TLS against `openssl s_server` with a leaf
 * certificate signed by a throwaway CA, as kubeadm's apiserver.crt is. The images' curl is
 * 8.17.0: where its source (tag curl-8_17_0) words a line differently — the TLS verification
 * and CA-file lines, the OpenSSL version in its errors — the test expects 8.17.0's and says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner, streamText } from './testing';

beforeAll(() => loadKubectlChunks());

/**
 * `curl https://127.0.0.1:PORT/api` with the server's CA in no store. 7.88.1 printed `SSL certificate
 * problem: unable to get local issuer certificate` and "web page"; the images' 8.17.0 prints these
 * (lib/vtls/openssl.c ossl_check_peer and src/tool_operate.c CURL_CA_CERT_ERRORMSG at curl-8_17_0).
 */
const CA_FAILURE =
  'curl: (60) SSL certificate OpenSSL verify result: unable to get local issuer certificate (20)\nMore details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.\n';

let booted: Session;

beforeAll(() => {
  booted = new Session({ seed: 1 });
  const run = sessionRunner(booted);
  run('kubectl create deployment web --image=nginx --replicas=2');
  expect(run('kubectl expose deployment web --type=NodePort --port=80').out).toBe('service/web exposed\n');
  expect(run('kubectl rollout status deployment/web --timeout=2m').out).toContain('successfully rolled out');
  run('sim advance 5s');
});

function fresh(): { s: Session; run: ReturnType<typeof sessionRunner>; nodePort: string; pods: [string, string, string][] } {
  const s = booted.fork();
  const run = sessionRunner(s);
  const nodePort = run("kubectl get svc web -o jsonpath='{.spec.ports[0].nodePort}'").out;
  const pods = run('kubectl get pods -l app=web -o wide --no-headers').out.trim().split('\n').map((l) => l.split(/\s+/)).map((c): [string, string, string] => [c[0]!, c[5]!, c[6]!]);
  return { s, run, nodePort, pods };
}

describe('curl at the prompt: a NodePort Service from outside the cluster', () => {
  it('reaches an endpoint through the dialled node’s kube-proxy rules, possibly on another node, and the trace shows the path', () => {
    const { s, run, nodePort, pods } = fresh();
    // A worker that runs neither web Pod: its rules DNAT the packet to another node's Pod.
    const node = ['node-1', 'node-2', 'node-3'].find((n) => !pods.some(([, , on]) => on === n))!;
    const ip = run(`kubectl get node ${node} -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}'`).out;
    const before = s.sim.now;
    const page = run(`curl -s http://${ip}:${nodePort}/`);
    expect(page.code).toBe(0);
    expect(page.out).toContain('<title>Welcome to nginx!</title>');
    expect(s.sim.now).toBeGreaterThan(before);
    const hop = run('sim trace --kind proxy --last 1').out;
    const m = new RegExp(`^T\\+\\S+ kube-proxy/${node} -> container-runtime/(node-\\d): GET http://${ip.replace(/\./g, '\\.')}:${nodePort}/ from workstation via default/web → (10\\.244\\.\\d+\\.\\d+):80 \\(default/(web-\\S+)\\)\\n$`).exec(hop);
    expect(m).not.toBeNull();
    expect(pods).toContainEqual([m![3], m![2], m![1]]);
    // The control-plane's kube-proxy programs the same NodePort; a port no Service holds refuses (recorded with 7.88.1; the laptop's 8.17.0 words the error as 8.9 and later do).
    expect(run(`curl -s -o /dev/null -w '%{http_code}\\n' http://10.0.0.10:${nodePort}/`).out).toBe('200\n');
    expect(run('curl http://10.0.0.11:31999/')).toEqual({ out: '', err: "curl: (7) Failed to connect to 10.0.0.11 port 31999 after 0 ms: Could not connect to server\n", code: 7 });
  });

  it('prints no progress meter when the body goes to the terminal, and one when it goes to a file', () => {
    const { s, nodePort } = fresh();
    const tty = new Session({ simulation: s.sim, interactive: true });
    const shown = tty.run(`curl http://10.0.0.12:${nodePort}/`);
    expect(streamText(shown, 'stderr')).toBe('');
    expect(streamText(shown)).toContain('<h1>Welcome to nginx!</h1>');
    const saved = tty.run(`curl http://10.0.0.12:${nodePort}/ > page.html`);
    expect(streamText(saved, 'stderr')).toMatch(/^ {2}% Total {4}% Received % Xferd {2}Average Speed/);
    expect(tty.workstation.readFile('page.html')).toContain('<h1>Welcome to nginx!</h1>');
  });

  it('keeps working on stale rules while that node’s kube-proxy is stopped; a powered-off or cut-off node never answers', () => {
    const { s, run, nodePort } = fresh();
    run('sim fail kube-proxy/node-1');
    run('kubectl delete pod -l app=web --wait=false');
    run('sim advance 20s');
    // node-1's rules still name the deleted Pods' addresses: nothing answers there.
    expect(run(`curl -sS -m 3 http://10.0.0.11:${nodePort}/`)).toEqual({ out: '', err: 'curl: (28) Connection timed out after 3001 milliseconds\n', code: 28 });
    expect(run(`curl -s -o /dev/null -w '%{http_code}\\n' http://10.0.0.12:${nodePort}/`).out).toBe('200\n');
    run('sim recover kube-proxy/node-1');
    run('sim advance 5s');
    expect(run(`curl -s -o /dev/null -w '%{http_code}\\n' http://10.0.0.11:${nodePort}/`).out).toBe('200\n');
    run('sim fail node/node-2');
    const t0 = s.sim.now;
    expect(run(`curl -sS -m 5 http://10.0.0.12:${nodePort}/`)).toEqual({ out: '', err: 'curl: (28) Connection timed out after 5001 milliseconds\n', code: 28 });
    expect(s.sim.now - t0).toBe(5000);
    run('sim fail network/node-3');
    expect(run(`curl -sS -m 5 http://10.0.0.13:${nodePort}/`).code).toBe(28);
  });
});

describe('curl at the prompt: what the laptop cannot reach', () => {
  it('times out on a Pod IP or a ClusterIP (not routed to the cluster), in simulated time; -m, --connect-timeout and the kernel each end it', () => {
    const { s, run, pods } = fresh();
    const podIP = pods[0]![1];
    let t0 = s.sim.now;
    // Recorded: `curl -m 2 http://192.168.77.5/` → this line after 2 s (8.x multi.c: the same failf).
    expect(run(`curl -m 2 http://${podIP}/`)).toEqual({ out: '', err: 'curl: (28) Connection timed out after 2001 milliseconds\n', code: 28 });
    expect(s.sim.now - t0).toBe(2000);
    // Recorded: `curl --connect-timeout 2 …` → connect.c's failf with curl_easy_strerror(CURLE_OPERATION_TIMEDOUT).
    expect(run(`curl -sS --connect-timeout 2 http://${podIP}:8080/`).err).toBe(`curl: (28) Failed to connect to ${podIP} port 8080 after 2001 ms: Timeout was reached\n`);
    const clusterIP = run("kubectl get svc web -o jsonpath='{.spec.clusterIP}'").out;
    t0 = s.sim.now;
    // Recorded: without a limit Linux gives up on the SYN after about 134 s (tcp_syn_retries 6).
    expect(run(`curl -sS http://${clusterIP}/`)).toEqual({ out: '', err: `curl: (28) Failed to connect to ${clusterIP} port 80 after 134205 ms: Could not connect to server\n`, code: 28 });
    expect(s.sim.now - t0).toBe(134_205);
  });

  it('resolves no cluster name, and nothing listens on the laptop itself', () => {
    const { run } = fresh();
    // Recorded (7.88.1 = 8.x): curl: (6) Could not resolve host: web.default.svc
    expect(run('curl -sS http://web.default.svc/')).toEqual({ out: '', err: 'curl: (6) Could not resolve host: web.default.svc\n', code: 6 });
    expect(run('curl -sS http://localhost:8080/')).toEqual({ out: '', err: "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Could not connect to server\n", code: 7 });
  });

  it('stops waiting at Ctrl+C: nothing more printed, exit 130', () => {
    const { s, pods } = fresh();
    const at = s.sim.now + 1000;
    expect(s.run(`curl -m 10 http://${pods[0]![1]}/`, undefined, { interruptAt: at })).toEqual({ output: [], exitCode: 130 });
    expect(s.sim.now).toBe(at);
  });
});

describe('curl at the prompt: the API is HTTPS', () => {
  it('fails verification without the cluster CA (60), and passes it with -k or --cacert from the kubeconfig', () => {
    const { run } = fresh();
    expect(run('kubectl config view -o jsonpath={.clusters[0].cluster.server}').out).toBe('https://10.0.0.10:6443');
    expect(run('curl https://10.0.0.10:6443/version')).toEqual({ out: '', err: CA_FAILURE, code: 60 });
    expect(JSON.parse(run('curl -sk https://10.0.0.10:6443/version').out)).toMatchObject({ major: '1', gitVersion: expect.stringMatching(/^v1\.\d+\.\d+$/) });
    run("kubectl config view --raw -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d > ca.crt");
    expect(run('curl -sS --cacert ca.crt https://10.0.0.10:6443/healthz')).toEqual({ out: 'ok', err: '', code: 0 });
    // A bundle that is no PEM: 7.88.1 says `error setting certificate file: bad.crt`, 8.17.0 this (curl.ts tlsSetupError).
    run('echo notpem > bad.crt');
    expect(run('curl -sS --cacert bad.crt https://10.0.0.10:6443/healthz')).toEqual({ out: '', err: 'curl: (77) error adding trust anchors from file: bad.crt\n', code: 77 });
    // A worker runs no kube-apiserver; the kubelet's port wants TLS and a client it knows.
    expect(run('curl -sk https://10.0.0.11:6443/').code).toBe(7);
    expect(run('curl -s http://10.0.0.11:10250/').out).toBe('Client sent an HTTP request to an HTTPS server.\n');
    expect(run('curl -sk https://10.0.0.11:10250/pods').out).toBe('Unauthorized');
  });

  it('authenticates a bearer token through the real pipeline: anonymous 403, a bad token 401, a ServiceAccount 403 until RBAC allows it, then 200', () => {
    const { s, run } = fresh();
    const status = (line: string): { code: number; message: string } => JSON.parse(run(line).out) as { code: number; message: string };
    // kubeadm leaves anonymous auth on: no token is system:anonymous, whom RBAC refuses.
    expect(status('curl -sk https://10.0.0.10:6443/api/v1/namespaces/default/pods')).toMatchObject({ code: 403, message: 'pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"' });
    expect(status('curl -sk -H "Authorization: Bearer not-a-token" https://10.0.0.10:6443/api/v1/namespaces/default/pods')).toMatchObject({ code: 401, message: 'Unauthorized' });
    run('TOKEN=$(kubectl create token default)');
    const asSA = 'curl -sk https://10.0.0.10:6443/api/v1/namespaces/default/pods -H "Authorization: Bearer $TOKEN"';
    expect(status(asSA)).toMatchObject({ code: 403, message: 'pods is forbidden: User "system:serviceaccount:default:default" cannot list resource "pods" in API group "" in the namespace "default"' });
    run('kubectl create rolebinding default-view --clusterrole=view --serviceaccount=default:default');
    const list = JSON.parse(run(asSA).out) as { kind: string; items: { metadata: { name: string } }[] };
    expect(list.kind).toBe('PodList');
    expect(list.items.map((p) => p.metadata.name).sort()).toEqual(run('kubectl get pods -o name').out.trim().split('\n').map((n) => n.replace('pod/', '')).sort());
    expect(run(`${asSA} -o /dev/null -w '%{http_code}\\n'`).out).toBe('200\n');
    // The request came from the laptop: kubectl's machine sends it on the trace, and kube-apiserver answers.
    const traced = s.sim.traceSince(0).filter((r) => r.kind === 'request' && r.from === 'kubectl' && r.detail.type === 'resource' && r.detail.user === 'system:serviceaccount:default:default');
    expect(traced.length).toBeGreaterThan(0);
  });
  it("authenticates kubeadm's client certificate from the kubeconfig (--cert, --key), with OpenSSL's refusals of a missing or wrong file", () => {
    const { run } = fresh();
    run("kubectl config view --raw -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d > ca.crt");
    for (const [user, file] of [['kubernetes-admin', 'admin'], ['jane', 'jane']]) {
      run(`kubectl config view --raw -o jsonpath='{.users[?(@.name=="${user}")].user.client-certificate-data}' | base64 -d > ${file}.crt`);
      run(`kubectl config view --raw -o jsonpath='{.users[?(@.name=="${user}")].user.client-key-data}' | base64 -d > ${file}.key`);
    }
    const pods = (who: string): string => run(`curl -sS --cacert ca.crt --cert ${who}.crt --key ${who}.key https://10.0.0.10:6443/api/v1/namespaces/kube-system/pods`).out;
    expect(JSON.parse(pods('admin'))).toMatchObject({ kind: 'PodList' });
    expect(JSON.parse(pods('jane'))).toMatchObject({ code: 403, message: 'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "kube-system"' });
    // The kubelet trusts the cluster CA for clients too, and asks kube-apiserver whether the user may.
    expect(JSON.parse(run('curl -sk --cert admin.crt --key admin.key https://10.0.0.11:10250/pods').out)).toMatchObject({ kind: 'PodList' });
    expect(run('curl -sk --cert jane.crt --key jane.key https://10.0.0.11:10250/pods').out).toBe('Forbidden (user=jane, verb=get, resource=nodes, subresource=proxy)');
    // Recorded (curl 7.88.1, OpenSSL 3.0; 8.17.0 puts the OpenSSL version before the error): the key
    // defaults to the --cert file, which holds none; a missing file; a file with no PEM block.
    expect(run('curl -sSk --cert admin.crt https://10.0.0.10:6443/api')).toEqual({ out: '', err: "curl: (58) unable to set private key file: 'admin.crt' type PEM\n", code: 58 });
    expect(run('curl -sSk --cert nope.crt --key admin.key https://10.0.0.10:6443/api').err).toBe('curl: (58) could not load PEM client certificate from nope.crt, OpenSSL error OpenSSL/3.5.4: error:80000002:system library::No such file or directory, (no key found, wrong pass phrase, or wrong file format?)\n');
    expect(run('curl -sSk -E admin.key --key admin.key https://10.0.0.10:6443/api').err).toBe('curl: (58) could not load PEM client certificate from admin.key, OpenSSL error OpenSSL/3.5.4: error:0480006C:PEM routines::no start line, (no key found, wrong pass phrase, or wrong file format?)\n');
  });
});
