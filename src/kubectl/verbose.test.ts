/**
 * kubectl -v=N through the real Session. Expectations are kubectl v1.35.2's own lines, recorded
 * against `reconcile serve --clock manual` with a fresh HOME (so a cold discovery cache) on
 * 2026-12-06. Normalised on both sides, and only there: the klog header's time and pid, the
 * `milliseconds=` latency, the Date header, the server's address and the uids of the APF headers
 * (serve sends the FlowSchema's and priority level's, as kube-apiserver does). Two things differ from the
 * recorded runs by design and are said where they occur: serve's kubeconfig carries bearer tokens
 * (an `Authorization: Bearer <masked>` header), kubeadm's admin.conf a client certificate (none);
 * the feature gates come out of a Go map in a varying order, we print the sorted one the binary also shows.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';
import { klogString, klogTime, verbosity } from './klog';

function norm(text: string): string {
  return text
    .replace(/^I\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm, 'I<time> <pid> ')
    .replace(/milliseconds=\d+/g, 'milliseconds=N')
    .replace(/https:\/\/[\d.]+:\d+/g, 'https://SERVER')
    .replace(/Date: .* GMT/g, 'Date: DATE')
    .replace(/(X-Kubernetes-Pf-\w+-Uid): [0-9a-f-]{36}/g, '$1: UID')
    .replace(/Config loaded from file: {2}\S+/g, 'Config loaded from file:  KUBECONFIG');
}

const PREAMBLE = `I<time> <pid> loader.go:405] Config loaded from file:  KUBECONFIG
I<time> <pid> envvar.go:172] "Feature gate default state" feature="ClientsAllowCBOR" enabled=false
I<time> <pid> envvar.go:172] "Feature gate default state" feature="ClientsPreferCBOR" enabled=false
I<time> <pid> envvar.go:172] "Feature gate default state" feature="InOrderInformers" enabled=true
I<time> <pid> envvar.go:172] "Feature gate default state" feature="InOrderInformersBatchProcess" enabled=true
I<time> <pid> envvar.go:172] "Feature gate default state" feature="InformerResourceVersion" enabled=true
I<time> <pid> envvar.go:172] "Feature gate default state" feature="WatchListClient" enabled=true
`;

describe('kubectl -v', () => {
  it('logs a cold discovery cache once, then only the command own request, as kubectl v1.35.2 does', () => {
    const run = sessionRunner(new Session());
    const cold = run('kubectl get pods -v=6');
    expect(norm(cold.err)).toBe(
      PREAMBLE +
        `I<time> <pid> round_trippers.go:632] "Response" verb="GET" url="https://SERVER/api?timeout=32s" status="200 OK" milliseconds=N
I<time> <pid> round_trippers.go:632] "Response" verb="GET" url="https://SERVER/apis?timeout=32s" status="200 OK" milliseconds=N
I<time> <pid> round_trippers.go:632] "Response" verb="GET" url="https://SERVER/api/v1/namespaces/default/pods?limit=500" status="200 OK" milliseconds=N
No resources found in default namespace.
`,
    );
    const warm = run('kubectl get pods -v=6');
    expect(norm(warm.err)).toBe(PREAMBLE + `I<time> <pid> round_trippers.go:632] "Response" verb="GET" url="https://SERVER/api/v1/namespaces/default/pods?limit=500" status="200 OK" milliseconds=N\nNo resources found in default namespace.\n`);
  });

  it('keeps the cache per server: a cluster behind another address (sim topology ha) is discovered again; a fork keeps the cache', () => {
    const s = new Session();
    const run = sessionRunner(s);
    run('kubectl get ns');
    expect(sessionRunner(s.fork())('kubectl get pods -v=6').err).not.toContain('/apis?timeout=32s');
    run('sim topology ha');
    expect(run('kubectl get pods -v=6').err).toContain('url="https://10.0.0.100:6443/apis?timeout=32s"');
  });

  it('stamps lines with the simulated clock and a fixed pid: the same commands print the same bytes', () => {
    const a = sessionRunner(new Session())('kubectl get pods -v=6').err;
    const b = sessionRunner(new Session())('kubectl get pods -v=6').err;
    expect(a).toBe(b);
    // Sim time 0 is 2025-09-01T09:00:00Z; the cluster boots for 8.064 s, and kubectl starts 150 ms later.
    expect(a.split('\n')[0]).toBe('I0901 09:00:08.214000   12345 loader.go:405] Config loaded from file:  /home/learner/.kube/config');
    expect(a).toContain('url="https://10.0.0.10:6443/api/v1/namespaces/default/pods?limit=500"');
  });

  it('prints nothing more without -v, and only the feature gates from -v=1 to -v=5', () => {
    const run = sessionRunner(new Session());
    expect(run('kubectl get pods').err).toBe('No resources found in default namespace.\n');
    expect(norm(run('kubectl get pods -v=5').err)).toBe(PREAMBLE.split('\n').slice(1).join('\n') + 'No resources found in default namespace.\n');
  });

  it('logs a 404 and a 403 with their status, then the Status kubectl decoded (from -v=4), then the usual error', () => {
    const run = sessionRunner(new Session());
    run('kubectl get ns');
    const missing = run('kubectl get pod nope -v=6');
    expect(missing.code).toBe(1);
    expect(norm(missing.err)).toBe(
      PREAMBLE +
        `I<time> <pid> round_trippers.go:632] "Response" verb="GET" url="https://SERVER/api/v1/namespaces/default/pods/nope" status="404 Not Found" milliseconds=N
I<time> <pid> helpers.go:246] server response object: %s[{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods \\"nope\\" not found",
  "reason": "NotFound",
  "details": {
    "name": "nope",
    "kind": "pods"
  },
  "code": 404
}]
Error from server (NotFound): pods "nope" not found
`,
    );
    const forbidden = run('kubectl get pods --context jane -n kube-system -v=6');
    expect(norm(forbidden.err)).toBe(
      PREAMBLE +
        `I<time> <pid> round_trippers.go:632] "Response" verb="GET" url="https://SERVER/api/v1/namespaces/kube-system/pods?limit=500" status="403 Forbidden" milliseconds=N
I<time> <pid> helpers.go:246] server response object: %s[{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods is forbidden: User \\"jane\\" cannot list resource \\"pods\\" in API group \\"\\" in the namespace \\"kube-system\\"",
  "reason": "Forbidden",
  "code": 403
}]
Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "kube-system"
`,
    );
  });

  it('sends the URLs the real kubectl sends: writes with their field manager and validation, selectors, subresources, --raw', () => {
    const run = sessionRunner(new Session());
    run('kubectl get ns');
    const urls = (line: string): string[] => [...norm(run(line).err).matchAll(/"Response" verb="(\w+)" url="([^"]+)" status="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(urls('kubectl create deployment d1 --image=nginx -v=6')).toEqual(['POST https://SERVER/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-create&fieldValidation=Strict 201 Created']);
    expect(urls('kubectl scale deployment d1 --replicas=2 -v=6')).toEqual(['GET https://SERVER/apis/apps/v1/namespaces/default/deployments/d1 200 OK', 'PATCH https://SERVER/apis/apps/v1/namespaces/default/deployments/d1/scale 200 OK']);
    expect(urls('kubectl get pods -l app=x -v=6')).toEqual(['GET https://SERVER/api/v1/namespaces/default/pods?labelSelector=app%3Dx&limit=500 200 OK']);
    expect(urls('kubectl label ns default a=b -v=6')).toEqual(['GET https://SERVER/api/v1/namespaces/default 200 OK', 'PATCH https://SERVER/api/v1/namespaces/default?fieldManager=kubectl-label 200 OK']);
    expect(urls('kubectl create ns x1 --dry-run=server -v=6')).toEqual(['POST https://SERVER/api/v1/namespaces?dryRun=All&fieldManager=kubectl-create&fieldValidation=Strict 201 Created']);
    expect(urls('kubectl get ns kube-system -o name -v=6')).toEqual(['GET https://SERVER/api/v1/namespaces/kube-system 200 OK']);
    expect(urls('kubectl get --raw /version -v=6')).toEqual(['GET https://SERVER/version 200 OK']);
    expect(urls('kubectl version -v=6')).toEqual(['GET https://SERVER/version?timeout=32s 200 OK']);
  });

  it('logs, exec and describe send their options in the query as the real kubectl does', () => {
    const run = sessionRunner(new Session());
    run('kubectl run t1 --image=nginx');
    run('sim advance 20s');
    const urls = (line: string): string[] => [...norm(run(line).err).matchAll(/"Response" verb="(\w+)" url="([^"]+)" status="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(urls('kubectl logs t1 -v=6 --tail=1')).toEqual(['GET https://SERVER/api/v1/namespaces/default/pods/t1 200 OK', 'GET https://SERVER/api/v1/namespaces/default/pods/t1/log?container=t1&tailLines=1 200 OK']);
    expect(urls('kubectl exec t1 -v=6 -- ls /srv')).toEqual(['GET https://SERVER/api/v1/namespaces/default/pods/t1 200 OK', 'GET https://SERVER/api/v1/namespaces/default/pods/t1/exec?command=ls&command=%2Fsrv&container=t1&stderr=true&stdout=true 101 Switching Protocols']);
    // The real describe GETs the pod twice before the Events; this one once.
    expect(urls('kubectl describe pod t1 -v=6').at(-1)).toMatch(/^GET https:\/\/SERVER\/api\/v1\/namespaces\/default\/events\?fieldSelector=involvedObject\.namespace%3Ddefault%2CinvolvedObject\.uid%3D[0-9a-f-]+%2CinvolvedObject\.name%3Dt1&limit=500 200 OK$/);
  });

  it('client-side apply: GET 404 then POST, then GET and PATCH, with kubectl-client-side-apply', () => {
    const s = new Session({ files: { 'pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx\n' } });
    const run = sessionRunner(s);
    run('kubectl get ns');
    const first = norm(run('kubectl apply -f pod.yaml -v=6').err);
    expect(first).toContain('"Response" verb="GET" url="https://SERVER/api/v1/namespaces/default/pods/web" status="404 Not Found"');
    expect(first).toContain('"Response" verb="POST" url="https://SERVER/api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict" status="201 Created"');
  });

  it('server-side apply always sends force; apply logs its post-processor from -v=4; a wrapped error keeps its wrapped message', () => {
    const files = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\ndata:\n  a: "1"\n', 'bad.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c2\ndata:\n  a: 1\n' };
    const run = sessionRunner(new Session({ files }));
    run('kubectl get ns');
    const ssa = run('kubectl apply --server-side -f cm.yaml -v=6');
    expect(norm(ssa.err)).toBe(
      PREAMBLE +
        `I<time> <pid> round_trippers.go:632] "Response" verb="PATCH" url="https://SERVER/api/v1/namespaces/default/configmaps/c1?fieldManager=kubectl&fieldValidation=Strict&force=false" status="201 Created" milliseconds=N
I<time> <pid> apply.go:546] Running apply post-processor function
`,
    );
    expect(norm(run('kubectl apply --server-side --force-conflicts -f cm.yaml -v=6').err)).toContain('configmaps/c1?fieldManager=kubectl&fieldValidation=Strict&force=true" status="200 OK"');
    expect(run('kubectl apply --server-side -f cm.yaml -v=3').err).not.toContain('apply.go:546');
    expect(norm(run('kubectl apply -f bad.yaml -v=4').err)).toBe(
      PREAMBLE.split('\n').slice(1).join('\n') +
        `I<time> <pid> helpers.go:246] server response object: %s[{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "error when creating \\"bad.yaml\\": ConfigMap in version \\"v1\\" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string",
  "reason": "BadRequest",
  "code": 400
}]
Error from server (BadRequest): error when creating "bad.yaml": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string
`,
    );
  });

  it('-v=7 adds the request headers, -v=8 the bodies (cut at 1024) and response headers', () => {
    const run = sessionRunner(new Session());
    run('kubectl get ns');
    // Recorded with serve's token kubeconfig, which adds `Authorization: Bearer <masked>` between Accept and User-Agent.
    expect(norm(run('kubectl get pods -v=7').err)).toBe(
      PREAMBLE +
        `I<time> <pid> round_trippers.go:527] "Request" verb="GET" url="https://SERVER/api/v1/namespaces/default/pods?limit=500" headers=<
\tAccept: application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json
\tUser-Agent: kubectl/v1.36.1 (linux/amd64) kubernetes/7569396
 >
I<time> <pid> round_trippers.go:632] "Response" status="200 OK" milliseconds=N
No resources found in default namespace.
`,
    );
    const v8 = norm(run('kubectl get ns -v=8').err);
    expect(v8).toContain(`I<time> <pid> helper.go:113] "Request Body" body=""\n`);
    expect(v8).toContain(`I<time> <pid> round_trippers.go:632] "Response" status="200 OK" headers=<
\tCache-Control: no-cache, private
\tConnection: keep-alive
\tContent-Type: application/json
\tDate: DATE
\tKeep-Alive: timeout=5
\tX-Kubernetes-Pf-Flowschema-Uid: UID
\tX-Kubernetes-Pf-Prioritylevel-Uid: UID
 > milliseconds=N
`);
    expect(v8).toMatch(/helper\.go:113\] "Response Body" body="\{\\"kind\\":\\"Table\\".* \[truncated \d+ chars\]"\n/);
    // kubectl get asked for a Table, and its body is the Table serve answers (recorded, one pod: the same 1024 characters but the node and resourceVersion, then `[truncated 141 chars]`).
    run('kubectl run t1 --image=nginx');
    expect(norm(run('kubectl get pods -v=8').err)).toContain(
      '"Response Body" body="{\\"kind\\":\\"Table\\",\\"apiVersion\\":\\"meta.k8s.io/v1\\",\\"metadata\\":{\\"resourceVersion\\":\\"',
    );
    expect(run('kubectl get pods -v=8').err).toMatch(/\\"rows\\":\[\{\\"cells\\":\[\\"t1\\",\\"0\/1\\",\\"ContainerCreating\\",.* \[truncated 141 chars\]"\n/);
    const created = norm(run('kubectl create ns x2 -v=8').err);
    // The typed client's caller; the real body is a protobuf hex dump, this one the object sent as JSON (keys sorted).
    expect(created).toContain(`type.go:213] "Request Body" body=<\n\t{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"x2"}`);
    expect(created).toContain('\tAccept: application/vnd.kubernetes.protobuf,application/json\n\tContent-Type: application/vnd.kubernetes.protobuf\n');
  });

  it("-v=8's APF headers name the FlowSchema and priority level the request matched (apf_filter.go)", () => {
    const run = sessionRunner(new Session());
    const uid = (kind: string, name: string): string => run(`kubectl get ${kind} ${name} -o jsonpath={.metadata.uid}`).out;
    // kubeadm's admin is in kubeadm:cluster-admins, not system:masters: global-default.
    expect(run('kubectl get pods -v=8').err).toContain(`\tX-Kubernetes-Pf-Flowschema-Uid: ${uid('flowschema', 'global-default')}\n\tX-Kubernetes-Pf-Prioritylevel-Uid: ${uid('prioritylevelconfiguration', 'global-default')}\n`);
    // The filter sees the impersonated user: a kube-system ServiceAccount is kube-system-service-accounts, at workload-high.
    expect(run('kubectl get pods -v=8 --as=system:serviceaccount:kube-system:default').err).toContain(
      `\tX-Kubernetes-Pf-Flowschema-Uid: ${uid('flowschema', 'kube-system-service-accounts')}\n\tX-Kubernetes-Pf-Prioritylevel-Uid: ${uid('prioritylevelconfiguration', 'workload-high')}\n`,
    );
  });

  it('-v=9 writes the request as a curl command and the first dial', () => {
    const run = sessionRunner(new Session());
    run('kubectl get ns');
    const v9 = norm(run('kubectl get pods -v=9').err);
    expect(v9).toContain(`round_trippers.go:527] "Request" curlCommand=<
\tcurl -v -XGET  -H "Accept: application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json" -H "User-Agent: kubectl/v1.36.1 (linux/amd64) kubernetes/7569396" 'https://SERVER/api/v1/namespaces/default/pods?limit=500'
 >
`);
    expect(v9).toContain('round_trippers.go:562] "HTTP Trace: Dial succeed" network="tcp" address="10.0.0.10:6443"');
  });

  it('logs a cold cache discovery bodies as the server sends them, cut at 1024', () => {
    const v8 = norm(sessionRunner(new Session())('kubectl get pods -n kube-public -v=8').err);
    // Recorded against serve: byte for byte the same lines, the /apis body cut after 1024 of its 16183 characters.
    expect(v8).toContain(
      'discovery_client.go:255] "Response Body" body="{\\"kind\\":\\"APIGroupDiscoveryList\\",\\"apiVersion\\":\\"apidiscovery.k8s.io/v2\\",\\"metadata\\":{},\\"items\\":[{\\"metadata\\":{\\"name\\":\\"\\",\\"creationTimestamp\\":null},',
    );
    expect(v8).toContain(`round_trippers.go:632] "Response" status="200 OK" headers=<
\tCache-Control: no-cache, private
\tConnection: keep-alive
\tContent-Type: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList
\tDate: DATE
\tKeep-Alive: timeout=5
\tX-Kubernetes-Pf-Flowschema-Uid: UID
\tX-Kubernetes-Pf-Prioritylevel-Uid: UID
 > milliseconds=N
`);
  });

  it('kubectl get -w logs its WATCH from the list resourceVersion, and no watch body', () => {
    const run = sessionRunner(new Session());
    run('kubectl get ns');
    const err = norm(run('kubectl get pods -l app=x -w -v=8 --request-timeout=1s').err);
    expect(err).toMatch(/helper\.go:170\] "Request Body" body=""\nI<time> <pid> round_trippers\.go:527\] "Request" verb="GET" url="https:\/\/SERVER\/api\/v1\/namespaces\/default\/pods\?labelSelector=app%3Dx&resourceVersion=\d+&watch=true" headers=</);
    expect(err).not.toContain('helper.go:170] "Response Body"');
  });

  it('refuses a -v that is not a number as kubectl v1.35.2 does', () => {
    const r = sessionRunner(new Session())('kubectl get pods -v=abc');
    expect(r).toEqual({ out: '', err: 'error: invalid argument "abc" for "-v, --v" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee \'kubectl get --help\' for usage.\n', code: 1 });
  });

  it('goes through a pipe like any stderr', () => {
    const run = sessionRunner(new Session());
    const r = run('kubectl get pods -v=6 2>&1 | grep Response | wc -l');
    expect(r.out.trim()).toBe('3');
  });
});

describe('klog format', () => {
  it('reads -v in its forms, the last winning', () => {
    expect(verbosity(['get', 'pods', '-v=6'])).toBe(6);
    expect(verbosity(['get', 'pods', '--v=7'])).toBe(7);
    expect(verbosity(['-v', '8', 'get', 'pods'])).toBe(8);
    expect(verbosity(['--v', '9', 'get'])).toBe(9);
    expect(verbosity(['get', '-v6', '-v=2'])).toBe(2);
    expect(verbosity(['exec', 'p', '--', 'ls', '-v=6'])).toBe(0);
  });

  it('writes multi-line values as klog blocks and times from simulated ms', () => {
    expect(klogString('a\nb\n')).toBe('<\n\ta\n\tb\n >');
    expect(klogString('a\nb')).toBe('<\n\ta\n\tb\n >');
    expect(klogString('x"y')).toBe('"x\\"y"');
    expect(klogTime(1234)).toBe('0901 09:00:01.234000');
  });
});
