/**
 * The kubelet's TLS bootstrap on a worker `kubeadm join` brought up (client-go's
 * util/certificate/csr, the kubelet's --bootstrap-kubeconfig): with the join's bootstrap token it
 * authenticates as `system:bootstrap:<token-id>` (groups system:bootstrappers and
 * system:bootstrappers:kubeadm:default-node-token) and files a CertificateSigningRequest for its
 * client certificate — `O=system:nodes, CN=system:node:<node>`, signer
 * kubernetes.io/kube-apiserver-client-kubelet, usages digital signature and client auth (an ECDSA
 * key) — named `node-csr-<digest>`. kube-controller-manager's csrapproving approves it (kubeadm
 * bound the token's group to …:nodeclient) and csrsigning issues it; `kubectl get csr` lists it
 * Approved,Issued until csrcleaner removes it an hour later. A control-plane machine's kubelet
 * gets its certificate from kubeadm init and files none; a kubelet that joined before (its Node
 * exists: the certificate is on its disk) files none again.
 * Approximate: the kubelet does not wait for the certificate before registering its Node (the
 * boot sequence's timing stays as it was), the key is seeded bytes, and the name's digest is
 * SHA-256 where client-go uses SHA-512/256 of the key and subject.
 */
import { base64Encode, base64RawUrlEncodeBytes } from '../../k8s/base64';
import { BOOTSTRAP_TOKEN_NAMESPACE, BOOTSTRAP_TOKEN_SECRET_TYPE, secretData, TOKEN_ID_KEY, TOKEN_SECRET_KEY } from '../../k8s/bootstrap-token';
import { KUBE_APISERVER_CLIENT_KUBELET } from '../../k8s/certificates';
import { pemEncode } from '../../k8s/der';
import { csrDer, csrInfoDer, type PublicKey } from '../../k8s/pkix';
import { fnv1a, sha256 } from '../../k8s/sha256';
import type { KObject, Secret } from '../../k8s/types';
import { request } from '../client/client';
import { nextUint32, seedRng } from '../core/rng';
import { authenticateBootstrapToken } from '../apiserver/token-authn';
import { storedObject } from '../apiserver/storage';
import { withRngStream } from '../runtime';
import type { World } from '../world';
import type { KubeletState } from './state';

/** Seeds the stream a node CSR's uid is drawn from (mixed with the node's name), so the cluster's other uids stay as they were. */
const NODE_CSR_STREAM = 0xc5_2b007;

const USAGES = ['digital signature', 'client auth'];

function bytes(seed: number, n: number): number[] {
  const rng = seedRng(seed);
  return Array.from({ length: n }, () => nextUint32(rng) & 0xff);
}

/** The join's token, as the bootstrap kubeconfig holds it: kubeadm's bootstrap token Secret. */
function joinToken(w: World): string | undefined {
  for (const o of w.etcd.kv.get('secrets')?.values() ?? []) {
    const s = o as Secret;
    if (s.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || s.metadata.namespace !== BOOTSTRAP_TOKEN_NAMESPACE) continue;
    return `${secretData(s, TOKEN_ID_KEY)}.${secretData(s, TOKEN_SECRET_KEY)}`;
  }
  return undefined;
}

/** The request a node's kubelet files: its name and the object. */
export function nodeCsr(w: World, node: string): KObject {
  const key: PublicKey = { alg: 'ec', point: [4, ...bytes(w.seed ^ fnv1a(`kubelet-client:${node}`), 64)] };
  const subject = [
    { type: 'O', value: 'system:nodes' },
    { type: 'CN', value: `system:node:${node}` },
  ];
  const info = csrInfoDer(subject, key);
  const digest = sha256(info);
  const pem = pemEncode('CERTIFICATE REQUEST', csrDer(info, key, [0x30, 0x44, 0x02, 0x20, ...digest, 0x02, 0x20, ...bytes(fnv1a(node) ^ w.seed, 32)]));
  return {
    apiVersion: 'certificates.k8s.io/v1',
    kind: 'CertificateSigningRequest',
    metadata: { name: `node-csr-${base64RawUrlEncodeBytes(sha256([...key.point, ...digest]))}` },
    spec: { request: base64Encode(pem), signerName: KUBE_APISERVER_CLIENT_KUBELET, usages: USAGES },
  } as KObject;
}

export function tlsBootstrap(w: World, self: KubeletState): void {
  if (w.machineSpecs.get(self.host)?.controlPlane) return;
  if (storedObject(w, 'nodes', undefined, self.host)) return;
  const token = joinToken(w);
  const user = token ? authenticateBootstrapToken(w, token) : undefined;
  if (!user) return;
  const body = nodeCsr(w, self.host);
  withRngStream(w, NODE_CSR_STREAM ^ fnv1a(self.host), () => request(w, self, { user, actor: self.id }, { verb: 'create', resource: 'certificatesigningrequests', body }));
}
