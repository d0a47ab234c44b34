/**
 * What kubeadm and the kubelet's TLS bootstrap left in a node's /etc/kubernetes and
 * /var/lib/kubelet/pki, as files built only when read (builders; files.ts defines them as lazy
 * properties). A control-plane machine has kubeadm's whole PKI and its kubeconfigs
 * (apiserver/cluster-ca.ts, apiserver/kubeadm-pki.ts); a worker has the cluster CA kubeadm join
 * copied from cluster-info, and the kubelet.conf its TLS bootstrap wrote, naming the certificate
 * its node-csr-… was issued.
 */
import { decodeBase64 } from '../../k8s/base64';
import { parseCsrOf, type CertificateSigningRequest } from '../../k8s/certificates';
import { fnv1a } from '../../k8s/sha256';
import { parseTimestamp } from '../../k8s/time';
import { apiServerCertNames, apiServerCertPem, clusterCaKeyPem, clusterCaPem, frontProxyCaPem, seededBytes } from '../apiserver/cluster-ca';
import { lbAddress } from '../apiserver/handler';
import { bootstrappedKubeletConf, controlPlaneKubeconfigs, controlPlanePki, ecPrivateKeyPem, KUBELET_CLIENT_PEM, type LazyFiles } from '../apiserver/kubeadm-pki';
import { storedObject } from '../apiserver/storage';
import { signRequest } from '../controllers/certificates/authority';
import { nodeCsr } from '../kubelet/tls-bootstrap';
import type { World } from '../world';

export function kubeadmNodeFiles(w: World, node: string): LazyFiles {
  const spec = w.machineSpecs.get(node);
  const endpoint = lbAddress(w);
  const files: LazyFiles = { '/etc/kubernetes/pki/ca.crt': () => clusterCaPem(w) };
  if (!spec?.controlPlane) {
    files['/etc/kubernetes/kubelet.conf'] = () => bootstrappedKubeletConf(w, endpoint);
    files[KUBELET_CLIENT_PEM] = () => workerKubeletClientPem(w, node);
    return files;
  }
  // The static Pods' flags name these paths: the CA kube-apiserver and kube-controller-manager
  // trust and sign with, this machine's serving certificate, the aggregation layer's CA.
  files['/etc/kubernetes/pki/ca.key'] = () => clusterCaKeyPem(w);
  files['/etc/kubernetes/pki/front-proxy-ca.crt'] = () => frontProxyCaPem(w);
  const server = w.apiServers.map((id) => w.components.get(id)).find((c) => c?.kind === 'kube-apiserver' && c.host === node);
  const local = server?.kind === 'kube-apiserver' ? server.address : `${spec.ip}:6443`;
  if (server?.kind === 'kube-apiserver') {
    const names = apiServerCertNames(server, endpoint);
    files['/etc/kubernetes/pki/apiserver.crt'] = () => apiServerCertPem(w, node, names, 'cert');
    files['/etc/kubernetes/pki/apiserver.key'] = () => apiServerCertPem(w, node, names, 'key');
  }
  return { ...files, ...controlPlanePki(w, node, spec.ip), ...controlPlaneKubeconfigs(w, node, endpoint, local) };
}

/** What a worker's kubelet.conf names, once read: kept per seed so it outlives the CSR csrcleaner removes. */
const issued = new Map<string, string>();

/**
 * The certificate the worker's node-csr-… was issued (status.certificate, while the request is
 * stored), then its ECDSA key (SEC1) from the same seeded point the request carries. Once
 * csrcleaner has removed the request (an hour on) and nothing read it before, the certificate
 * is signed again as csrsigning did, at the Node's registration — the moment the request was
 * approved and issued only approximately (a few hundred simulated milliseconds apart).
 */
function workerKubeletClientPem(w: World, node: string): string {
  const csr = nodeCsr(w, node) as CertificateSigningRequest;
  const key = `${w.seed}|${node}|${csr.metadata.name}`;
  let cert = issued.get(key);
  if (cert === undefined) {
    const stored = storedObject(w, 'certificatesigningrequests', undefined, csr.metadata.name ?? '') as CertificateSigningRequest | undefined;
    const b64 = stored?.status?.certificate;
    if (b64) cert = decodeBase64(b64);
    else {
      const parsed = parseCsrOf(csr);
      const registered = storedObject(w, 'nodes', undefined, node)?.metadata.creationTimestamp;
      if (!parsed.ok) return '';
      cert = signRequest(w, parsed.req, csr.spec.request, csr.spec.usages ?? [], undefined, registered ? parseTimestamp(registered) : 0);
    }
    if (issued.size > 256) issued.clear();
    issued.set(key, cert);
  }
  const parsed = parseCsrOf(csr);
  const point = parsed.ok && parsed.req.publicKey.alg === 'ec' ? parsed.req.publicKey.point : [];
  return cert + ecPrivateKeyPem(seededBytes(w.seed ^ fnv1a(`kubelet-client-key:${node}`), 32), point);
}
