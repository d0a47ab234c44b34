import { beforeAll, describe, expect, it } from 'vitest';
import { loadApiDocs } from '../explain/load';
import { Session } from '../session';
import { sessionRunner } from '../testing';

/** A CertificateSigningRequest for the request `file` holds, as the CKA flow writes it with a here-document. */
const csrManifest = (name: string, file: string, extra = ''): string => `kubectl apply -f - <<EOF
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: ${name}
spec:
  request: $(base64 -w0 ${file})
  signerName: kubernetes.io/kube-apiserver-client
  usages:
  - client auth${extra}
EOF`;

function withJaneRequest(): { s: Session; run: ReturnType<typeof sessionRunner> } {
  const s = new Session();
  const run = sessionRunner(s);
  expect(run('openssl genrsa -out jane.key 2048')).toEqual({ out: '', err: '', code: 0 });
  expect(run('openssl req -new -key jane.key -subj "/CN=jane/O=dev" -out jane.csr')).toEqual({ out: '', err: '', code: 0 });
  expect(run(csrManifest('jane', 'jane.csr', '\n  expirationSeconds: 86400'))).toMatchObject({ out: 'certificatesigningrequest.certificates.k8s.io/jane created\n', code: 0 });
  return { s, run };
}

describe('a user certificate through a CertificateSigningRequest (the CKA flow)', () => {
  it('creates, approves and issues it; the certificate authenticates as CN with O as groups, and RBAC decides', () => {
    const { run } = withJaneRequest();
    const pending = run('kubectl get csr jane').out.split('\n');
    expect(pending[0]).toMatch(/^NAME\s+AGE\s+SIGNERNAME\s+REQUESTOR\s+REQUESTEDDURATION\s+CONDITION$/);
    expect(pending[1]).toMatch(/^jane\s+\S+\s+kubernetes\.io\/kube-apiserver-client\s+kubernetes-admin\s+24h\s+Pending$/);

    // pkg/cmd/certificates: the name printer with the operation.
    expect(run('kubectl certificate approve jane')).toEqual({ out: 'certificatesigningrequest.certificates.k8s.io/jane approved\n', err: '', code: 0 });
    run('sleep 1');
    expect(run('kubectl get csr jane --no-headers').out).toMatch(/Approved,Issued\n$/);
    expect(run("kubectl get csr jane -o jsonpath='{.status.conditions[0].reason}'").out).toBe('KubectlApprove');
    // The approval and the issue on the trace: kubectl's PUT of /approval, then csrsigning's of /status.
    const trace = run('sim trace --all --kind request --object certificatesigningrequest/jane').out;
    expect(trace).toMatch(/kubectl -> kube-apiserver: PUT \/apis\/certificates\.k8s\.io\/v1\/certificatesigningrequests\/jane\/approval\n/);
    expect(trace).toMatch(/csrsigning -> kube-apiserver: PUT \/apis\/certificates\.k8s\.io\/v1\/certificatesigningrequests\/jane\/status\n/);

    expect(run("kubectl get csr jane -o jsonpath='{.status.certificate}' | base64 -d > jane.crt").code).toBe(0);
    // kube-controller-manager's signer: issuer the cluster CA, subject re-encoded by Go (O before CN).
    expect(run('openssl x509 -in jane.crt -noout -subject -issuer')).toEqual({ out: 'subject=O = dev, CN = jane\nissuer=CN = kubernetes\n', err: '', code: 0 });
    const text = run('openssl x509 -in jane.crt -noout -text').out;
    expect(text).toContain('            X509v3 Extended Key Usage: \n                TLS Web Client Authentication\n');
    expect(text).toContain('            X509v3 Basic Constraints: critical\n                CA:FALSE\n');

    expect(run('kubectl config set-credentials jane --client-certificate=jane.crt --client-key=jane.key --embed-certs')).toMatchObject({ out: 'User "jane" set.\n', code: 0 });
    expect(run('kubectl config set-context jane-dev --cluster=kubernetes --user=jane')).toMatchObject({ code: 0 });
    expect(run('kubectl auth whoami --context jane-dev').out).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [dev system:authenticated]\n');

    const forbidden = run('kubectl get deployments -n kube-system --context jane-dev');
    expect(forbidden.err).toBe('Error from server (Forbidden): deployments.apps is forbidden: User "jane" cannot list resource "deployments" in API group "apps" in the namespace "kube-system"\n');
    expect(forbidden.code).toBe(1);
    expect(run('kubectl create rolebinding dev-view -n kube-system --clusterrole=view --group=dev').code).toBe(0);
    expect(run('kubectl get deployments -n kube-system --context jane-dev').out).toMatch(/^NAME\s+READY/);
    // The same certificate at kube-apiserver's secure port, from curl on the laptop.
    expect(run('curl -sk --cert jane.crt --key jane.key https://10.0.0.10:6443/api/v1/namespaces/default/secrets').out).toContain('"message": "secrets is forbidden: User \\"jane\\" cannot list resource \\"secrets\\" in API group \\"\\" in the namespace \\"default\\""');
    // kubectl certificate reads -f too: the request as a file, already approved, printed again.
    run('kubectl get csr jane -o yaml > jane-csr.yaml');
    expect(run('kubectl certificate approve -f jane-csr.yaml').out).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
  });

  it('refuses a certificate the cluster CA did not sign, and one whose key is not the request key', () => {
    const { run } = withJaneRequest();
    run('kubectl certificate approve jane');
    run('sleep 1');
    run("kubectl get csr jane -o jsonpath='{.status.certificate}' | base64 -d > jane.crt");
    // The same request, edited by hand: its signature no longer verifies.
    run("sed 's/^MII/MIJ/' jane.crt > forged.crt");
    run('kubectl config set-credentials forged --client-certificate=forged.crt --client-key=jane.key --embed-certs');
    expect(run('kubectl get pods --user forged').err).toBe('error: You must be logged in to the server (Unauthorized)\n');
    run('openssl genrsa -out other.key');
    run('kubectl config set-credentials mixed --client-certificate=jane.crt --client-key=other.key --embed-certs');
    expect(run('kubectl get pods --user mixed').err).toBe('error: tls: private key does not match public key\n');
  });

  it('denies, and refuses to approve what is denied or deny what is approved', () => {
    const { run } = withJaneRequest();
    expect(run('kubectl certificate deny jane')).toEqual({ out: 'certificatesigningrequest.certificates.k8s.io/jane denied\n', err: '', code: 0 });
    expect(run('kubectl get csr jane --no-headers').out).toMatch(/Denied\n$/);
    expect(run('kubectl certificate approve jane')).toEqual({ out: '', err: 'error: certificate signing request "jane" is already Denied\n', code: 1 });
    // Already denied: printed again, nothing sent (no --force).
    expect(run('kubectl certificate deny jane').out).toBe('certificatesigningrequest.certificates.k8s.io/jane denied\n');
    expect(run('kubectl certificate approve nobody')).toEqual({ out: '', err: 'Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nobody" not found\n', code: 1 });
    // Recorded from kubectl v1.35.2.
    expect(run('kubectl certificate approve')).toEqual({ out: '', err: 'error: one or more CSRs must be specified as <name> or -f <filename>\n', code: 1 });
  });

  it('needs `approve` on the signer: RBAC on certificatesigningrequests/approval is not enough', () => {
    const { run } = withJaneRequest();
    run('kubectl create clusterrole csr-approval --verb=get,list,update --resource=certificatesigningrequests,certificatesigningrequests/approval');
    run('kubectl create clusterrolebinding bob-csr --clusterrole=csr-approval --user=bob');
    expect(run('kubectl certificate approve jane --as bob').err).toBe(
      'Error from server (Forbidden): certificatesigningrequests.certificates.k8s.io "jane" is forbidden: user not permitted to approve requests with signerName "kubernetes.io/kube-apiserver-client"\n',
    );
    run('kubectl apply -f - <<EOF\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: client-signer-approver\nrules:\n- apiGroups: [certificates.k8s.io]\n  resources: [signers]\n  verbs: [approve]\n  resourceNames: ["kubernetes.io/*"]\nEOF');
    run('kubectl create clusterrolebinding bob-signer --clusterrole=client-signer-approver --user=bob');
    expect(run('kubectl certificate approve jane --as bob').out).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
  });

  it("validates as pkg/apis/certificates/validation: the request's PEM, usages, signerName, expirationSeconds", () => {
    const s = new Session();
    const run = sessionRunner(s);
    run('echo "not a request" > junk.csr');
    expect(run(csrManifest('junk', 'junk.csr')).err).toBe(
      'The CertificateSigningRequest "junk" is invalid: spec.request: Invalid value: "bm90IGEgcmVxdWVzdAo=": PEM block type must be CERTIFICATE REQUEST\n',
    );
    run('openssl genrsa -out k.key');
    run('openssl req -new -key k.key -subj /CN=x -out x.csr');
    const bad = run(
      `kubectl apply -f - <<EOF\napiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: x\nspec:\n  request: $(base64 -w0 x.csr)\n  signerName: kubernetes.io/legacy-unknown\n  expirationSeconds: 60\n  usages: [client auth, client auth, teleport]\nEOF`,
    );
    expect(bad.err).toContain('spec.usages[2]: Unsupported value: "teleport": supported values: ');
    expect(bad.err).toContain('spec.usages[1]: Duplicate value: "client auth"');
    expect(bad.err).toContain('spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version');
    expect(bad.err).toContain('spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)');
    const noSigner = run(`kubectl apply -f - <<EOF\napiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: nosigner\nspec:\n  request: $(base64 -w0 x.csr)\n  signerName: example\n  usages: [client auth]\nEOF`);
    expect(noSigner.err).toBe('The CertificateSigningRequest "nosigner" is invalid: spec.signerName: Invalid value: "example": must be a fully qualified domain and path of the form \'example.com/signer-name\'\n');
  });

  it('keeps the request immutable and the status to its subresources', () => {
    const { run } = withJaneRequest();
    // PrepareForUpdate resets spec and status: a patch of either changes nothing.
    expect(run('kubectl patch csr jane --type=merge -p \'{"spec":{"signerName":"example.com/x"}}\'').out).toBe('certificatesigningrequest.certificates.k8s.io/jane patched (no change)\n');
    expect(run('kubectl patch csr jane --subresource=status --type=merge -p \'{"status":{"conditions":[{"type":"Approved","status":"True"}]}}\'').err).toBe(
      'The CertificateSigningRequest "jane" is invalid: status.conditions: Forbidden: updates may not add a condition of type "Approved"\n',
    );
  });

  it('refuses a kube-apiserver-client certificate for system:masters (CertificateSubjectRestriction)', () => {
    const s = new Session();
    const run = sessionRunner(s);
    run('openssl genrsa -out m.key');
    run('openssl req -new -key m.key -subj "/CN=mallory/O=system:masters" -out m.csr');
    expect(run(csrManifest('mallory', 'm.csr')).err).toBe(
      'Error from server (Forbidden): error when creating "STDIN": certificatesigningrequests.certificates.k8s.io "mallory" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed\n',
    );
  });

  it('fails a request the signer refuses (usages), with the Failed condition', () => {
    const { run } = { run: sessionRunner(new Session()) };
    run('openssl genrsa -out s.key');
    run('openssl req -new -key s.key -subj /CN=web -out s.csr');
    run(csrManifest('server', 's.csr').replace('  - client auth', '  - server auth'));
    run('kubectl certificate approve server');
    run('sleep 1');
    expect(run('kubectl get csr server --no-headers').out).toMatch(/Approved,Failed\n$/);
    expect(run("kubectl get csr server -o jsonpath='{.status.conditions[1].reason}: {.status.conditions[1].message}'").out).toBe(
      'SignerValidationFailure: invalid usage for client certificate: server auth',
    );
  });
});

describe("the kubelets' TLS bootstrap at join", () => {
  it("lists each worker's node-csr, filed with the join token and approved and issued by kube-controller-manager", () => {
    const s = new Session();
    const run = sessionRunner(s);
    const rows = run('kubectl get csr --no-headers').out.trim().split('\n');
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatch(/^node-csr-[A-Za-z0-9_-]{43}\s+\S+\s+kubernetes\.io\/kube-apiserver-client-kubelet\s+system:bootstrap:[a-z0-9]{6}\s+<none>\s+Approved,Issued$/);
    const name = rows[0]!.split(/\s+/)[0]!;
    expect(run(`kubectl get csr ${name} -o jsonpath='{.status.conditions[0].reason}: {.status.conditions[0].message}'`).out).toBe(
      'AutoApproved: Auto approving kubelet client certificate after SubjectAccessReview.',
    );
    const described = run(`kubectl describe csr ${name}`).out;
    expect(described).toMatch(/\nSubject:\n {9}Common Name: {4}system:node:node-\d\n {9}Serial Number: {2}\n {9}Organization: {3}system:nodes\n/);
    // csrcleaner: an issued request goes an hour after its approval.
    run('sim advance 2h');
    expect(run('kubectl get csr').err).toBe('No resources found\n');
  });
});

describe("csrapproving's recognisers", () => {
  it("approves a node's own renewal (selfnodeclient) but leaves a request for another node's name to a person", () => {
    const run = sessionRunner(new Session());
    run('openssl genrsa -out n.key');
    run('openssl req -new -key n.key -subj "/O=system:nodes/CN=system:node:node-1" -out n.csr');
    const manifest = (name: string): string =>
      `kubectl create --as system:node:node-1 --as-group system:nodes --as-group system:authenticated -f - <<EOF\napiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: ${name}\nspec:\n  request: $(base64 -w0 n.csr)\n  signerName: kubernetes.io/kube-apiserver-client-kubelet\n  usages: [digital signature, key encipherment, client auth]\nEOF`;
    expect(run(manifest('renewal')).out).toBe('certificatesigningrequest.certificates.k8s.io/renewal created\n');
    run('sleep 1');
    expect(run("kubectl get csr renewal -o jsonpath='{.status.conditions[0].message}'").out).toBe('Auto approving self kubelet client certificate after SubjectAccessReview.');
    expect(run('kubectl get csr renewal --no-headers').out).toMatch(/system:node:node-1\s+<none>\s+Approved,Issued\n$/);
    // Another node asking for node-1's name: not itself, and system:nodes may not create nodeclient.
    run(manifest('theft').replace('--as system:node:node-1', '--as system:node:node-2'));
    run('sleep 1');
    expect(run('kubectl get csr theft --no-headers').out).toMatch(/system:node:node-2\s+<none>\s+Pending\n$/);
  });
});

describe('the kubelet-serving signer', () => {
  it('is never auto-approved, and refuses a serving request without a DNS or IP name', () => {
    const run = sessionRunner(new Session());
    run('openssl genrsa -out s.key');
    run('openssl req -new -key s.key -subj "/O=system:nodes/CN=system:node:node-1" -out s.csr');
    run(
      `kubectl create -f - <<EOF\napiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: serving\nspec:\n  request: $(base64 -w0 s.csr)\n  signerName: kubernetes.io/kubelet-serving\n  usages: [digital signature, key encipherment, server auth]\nEOF`,
    );
    run('sleep 1');
    expect(run('kubectl get csr serving --no-headers').out).toMatch(/kubernetes\.io\/kubelet-serving\s+kubernetes-admin\s+<none>\s+Pending\n$/);
    run('kubectl certificate approve serving');
    run('sleep 1');
    expect(run("kubectl get csr serving -o jsonpath='{.status.conditions[1].message}'").out).toBe('DNS or IP subjectAltName is required');
  });
});

describe('kubectl explain csr', () => {
  beforeAll(async () => {
    await loadApiDocs();
  });

  it("describes the kind from k8s.io/api's certificates/v1", () => {
    const run = sessionRunner(new Session());
    const out = run('kubectl explain csr.spec.signerName').out;
    expect(out).toMatch(/^GROUP: {6}certificates\.k8s\.io\nKIND: {7}CertificateSigningRequest\nVERSION: {4}v1\n\nFIELD: signerName <string>\n/);
    expect(out).toContain('kubernetes.io/kube-apiserver-client');
  });
});
