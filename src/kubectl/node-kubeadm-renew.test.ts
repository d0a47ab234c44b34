/**
 * `kubeadm certs renew` in the node's shell, through the real Session: the certificates signed
 * again on the node's disk (cmd/kubeadm/app/cmd/certs.go renewCert; lines as v1.3x transcripts of
 * `kubeadm certs renew all` print them), what check-expiration and kube-apiserver then see.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

const CP = 'sim ssh control-plane -- ';

describe('kubeadm certs renew', () => {
  it('signs each certificate again from now on a new key, keeping its subject and names, and says so as v1.3x does', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const before = run(`${CP}cat /etc/kubernetes/pki/apiserver.key`).out;
    const names = run(`${CP}openssl x509 -in /etc/kubernetes/pki/etcd/peer.crt -noout -subject -text | grep -A1 -e ^subject -e Alternative`).out;
    expect(run(`${CP}kubeadm certs renew all`)).toEqual({
      out: [
        '[renew] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...',
        "[renew] Use 'kubeadm init phase upload-config kubeadm --config your-config-file' to re-upload it.",
        '',
        'certificate embedded in the kubeconfig file for the admin to use and for kubeadm itself renewed',
        'certificate for serving the Kubernetes API renewed',
        'certificate the apiserver uses to access etcd renewed',
        'certificate for the API server to connect to kubelet renewed',
        'certificate embedded in the kubeconfig file for the controller manager to use renewed',
        'certificate for liveness probes to healthcheck etcd renewed',
        'certificate for etcd nodes to communicate with each other renewed',
        'certificate for serving etcd renewed',
        'certificate for the front proxy client renewed',
        'certificate embedded in the kubeconfig file for the scheduler manager to use renewed',
        'certificate embedded in the kubeconfig file for the super-admin renewed',
        '',
        'Done renewing certificates. You must restart the kube-apiserver, kube-controller-manager, kube-scheduler and etcd, so that they can use the new certificates.',
        '',
      ].join('\n'),
      err: '',
      code: 0,
    });
    // From the command's moment, no backdate; a new key; the same subject and names.
    expect(run(`${CP}openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -startdate -enddate -issuer`).out).toBe('notBefore=Sep  1 09:00:08 2025 GMT\nnotAfter=Sep  1 09:00:08 2026 GMT\nissuer=CN = kubernetes\n');
    expect(run(`${CP}cat /etc/kubernetes/pki/apiserver.key`).out).not.toBe(before);
    expect(run(`${CP}openssl x509 -in /etc/kubernetes/pki/etcd/peer.crt -noout -subject -text | grep -A1 -e ^subject -e Alternative`).out).toBe(names);
    // The renewed admin.conf still authenticates: kube-apiserver trusts what the cluster CA signs.
    run(`${CP}cat /etc/kubernetes/admin.conf > admin.conf`);
    expect(run("grep client-certificate-data admin.conf | awk '{print $2}' | base64 -d | openssl x509 -noout -startdate").out).toBe('notBefore=Sep  1 09:00:08 2025 GMT\n');
    expect(run('kubectl --kubeconfig admin.conf auth whoami').out).toContain('Username    kubernetes-admin\n');
    expect(run(`${CP}kubeadm certs renew front-proxy-client`).out.endsWith("re-upload it.\n\ncertificate for the front proxy client renewed\n")).toBe(true);
  });

  it("fails as SubCmdRunE does, skips a CA it has no key for, and finds nothing on a worker", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run(`${CP}kubeadm certs renew`).err).toBe('missing subcommand; "renew" is not meant to be run on its own\nTo see the stack trace of this error execute with --v=5 or higher\n');
    expect(run(`${CP}kubeadm certs renew etcd`).err).toBe('invalid subcommand: "etcd"\nTo see the stack trace of this error execute with --v=5 or higher\n');
    run(`${CP}rm /etc/kubernetes/pki/etcd/ca.key`);
    expect(run(`${CP}kubeadm certs renew etcd-server`).out).toContain("\nDetected external etcd/ca, certificate for serving etcd can't be renewed\n");
    expect(run(`${CP}kubeadm certs check-expiration`).out).toContain('\netcd-server                Sep 01, 2026 09:00 UTC   364d            etcd-ca                 yes     \n');
    const worker = run('sim ssh node-1 -- kubeadm certs renew all').out;
    expect(worker.startsWith('MISSING! certificate embedded in the kubeconfig file for the admin to use and for kubeadm itself\nMISSING! certificate for serving the Kubernetes API\n')).toBe(true);
  });
});
