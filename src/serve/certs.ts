/**
 * TLS for the served API: a CA made for this run (its certificate goes into the kubeconfig) and a
 * kube-apiserver serving certificate it signs for 127.0.0.1 and localhost. kubectl sends bearer
 * tokens only over TLS, and verifies the server against the kubeconfig's CA. Keys are P-256, as
 * kubeadm's default for new clusters; nothing is written to disk except the kubeconfig.
 */
import selfsigned from 'selfsigned';

export interface ServingCerts {
  caCert: string;
  cert: string;
  key: string;
}

const DAY_MS = 86_400_000;

export async function makeServingCerts(): Promise<ServingCerts> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + 30 * DAY_MS);
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'kubernetes' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true, keyEncipherment: true, critical: true },
    ],
  });
  const server = await selfsigned.generate([{ name: 'commonName', value: 'kube-apiserver' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 2, value: 'kubernetes' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { caCert: ca.cert, cert: server.cert, key: server.private };
}
