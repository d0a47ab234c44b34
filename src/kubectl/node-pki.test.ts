/**
 * kubeadm's PKI on the control-plane node, through the real Session: the files the static Pods'
 * flags name, readable with the node's openssl — the CA the kubeconfig trusts, and kube-apiserver's
 * serving certificate with the names apiServerCertNames gives.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

describe('/etc/kubernetes/pki on the control-plane node', () => {
  it('holds the CA, its key, the front-proxy CA and the serving certificate, and openssl reads them', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('sim ssh control-plane -- ls /etc/kubernetes/pki').out).toBe('apiserver.crt\napiserver.key\nca.crt\nca.key\nfront-proxy-ca.crt\n');
    expect(run('sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -subject -issuer -enddate').out).toBe(
      'subject=CN = kube-apiserver\nissuer=CN = kubernetes\nnotAfter=Sep  1 09:00:00 2026 GMT\n',
    );
    const text = run('sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -text').out;
    expect(text).toContain('                DNS:control-plane, DNS:kubernetes, DNS:kubernetes.default, DNS:kubernetes.default.svc, DNS:kubernetes.default.svc.cluster.local, IP Address:10.96.0.1, IP Address:10.0.0.10\n');
    expect(text).toContain('X509v3 Extended Key Usage: \n                TLS Web Server Authentication\n');
    // The CA on the node is the one every kubeconfig and kube-root-ca.crt carry.
    run("kubectl config view --raw -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d > ca.crt");
    expect(run('sim ssh control-plane -- cat /etc/kubernetes/pki/ca.crt').out).toBe(run('cat ca.crt').out);
    // A worker has no CA key or serving certificate.
    expect(run('sim ssh node-1 -- ls /etc/kubernetes').out).toBe('manifests\n');
  });
});
