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
    expect(run('sim ssh control-plane -- ls /etc/kubernetes/pki').out).toContain('apiserver.crt\napiserver.key\nca.crt\nca.key\netcd\nfront-proxy-ca.crt\n');
    expect(run('sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -subject -issuer -enddate').out).toBe(
      'subject=CN = kube-apiserver\nissuer=CN = kubernetes\nnotAfter=Sep  1 09:00:00 2026 GMT\n',
    );
    const text = run('sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -text').out;
    expect(text).toContain('                DNS:control-plane, DNS:kubernetes, DNS:kubernetes.default, DNS:kubernetes.default.svc, DNS:kubernetes.default.svc.cluster.local, IP Address:10.96.0.1, IP Address:10.0.0.10\n');
    expect(text).toContain('X509v3 Extended Key Usage: \n                TLS Web Server Authentication\n');
    // The CA on the node is the one every kubeconfig and kube-root-ca.crt carry.
    run("kubectl config view --raw -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d > ca.crt");
    expect(run('sim ssh control-plane -- cat /etc/kubernetes/pki/ca.crt').out).toBe(run('cat ca.crt').out);
    // A worker has the CA kubeadm join fetched and its kubelet's kubeconfig, no CA key or serving certificate.
    expect(run('sim ssh node-1 -- ls /etc/kubernetes /etc/kubernetes/pki').out).toBe('/etc/kubernetes:\nkubelet.conf\nmanifests\npki\n\n/etc/kubernetes/pki:\nca.crt\n');
  });

  it("holds the rest of kubeadm's PKI: etcd's CA and certificates, the front proxy's client, sa.key/sa.pub", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('sim ssh control-plane -- ls /etc/kubernetes/pki/etcd').out).toBe('ca.crt\nca.key\nhealthcheck-client.crt\nhealthcheck-client.key\npeer.crt\npeer.key\nserver.crt\nserver.key\n');
    expect(run('sim ssh control-plane -- ls /etc/kubernetes/pki').out).toContain('apiserver-etcd-client.crt\napiserver-etcd-client.key\napiserver-kubelet-client.crt\napiserver-kubelet-client.key\napiserver.crt\n');
    expect(run('sim ssh control-plane -- ls /etc/kubernetes/pki').out).toContain('front-proxy-ca.crt\nfront-proxy-ca.key\nfront-proxy-client.crt\nfront-proxy-client.key\nsa.key\nsa.pub\n');
    // certlist.go's KubeadmCertEtcdServer: CN the node, server and client auth, getAltNames' names
    // (the IPv6 loopback as OpenSSL 3.0.19 prints it, recorded with a certificate holding IP:::1).
    const server = run('sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/etcd/server.crt -noout -text').out;
    expect(server).toContain('        Issuer: CN = etcd-ca\n');
    expect(server).toContain('        Subject: CN = control-plane\n');
    expect(server).toContain('                TLS Web Server Authentication, TLS Web Client Authentication\n');
    expect(server).toContain('                DNS:control-plane, DNS:localhost, IP Address:10.0.0.10, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1\n');
    const subject = (f: string): string => run(`sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/${f} -noout -subject -issuer`).out;
    expect(subject('apiserver-etcd-client.crt')).toBe('subject=O = system:masters, CN = kube-apiserver-etcd-client\nissuer=CN = etcd-ca\n');
    expect(subject('etcd/healthcheck-client.crt')).toBe('subject=O = system:masters, CN = kube-etcd-healthcheck-client\nissuer=CN = etcd-ca\n');
    expect(subject('apiserver-kubelet-client.crt')).toBe('subject=O = system:masters, CN = kube-apiserver-kubelet-client\nissuer=CN = kubernetes\n');
    expect(subject('front-proxy-client.crt')).toBe('subject=CN = front-proxy-client\nissuer=CN = front-proxy-ca\n');
    expect(subject('etcd/ca.crt')).toBe('subject=CN = etcd-ca\nissuer=CN = etcd-ca\n');
    expect(run('sim ssh control-plane -- head -1 /etc/kubernetes/pki/sa.key /etc/kubernetes/pki/sa.pub').out).toBe('==> /etc/kubernetes/pki/sa.key <==\n-----BEGIN RSA PRIVATE KEY-----\n\n==> /etc/kubernetes/pki/sa.pub <==\n-----BEGIN PUBLIC KEY-----\n');
    // A debugging Pod's own process reads them through its hostPath mount of the node's /.
    const pod = /node-debugger-control-plane-\w{5}/.exec(run('kubectl debug node/control-plane --image=busybox:1.36 -- head -1 /host/etc/kubernetes/pki/etcd/ca.crt /host/etc/kubernetes/admin.conf').out)![0];
    run('sim advance 10s');
    expect(run(`kubectl logs ${pod}`).out).toBe('==> /host/etc/kubernetes/pki/etcd/ca.crt <==\n-----BEGIN CERTIFICATE-----\n\n==> /host/etc/kubernetes/admin.conf <==\napiVersion: v1\n');
    // etcdctl in the etcd Pod with the files the manifest names (images/etcdctl-client.ts's set).
    expect(run('kubectl -n kube-system exec etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint health').code).toBe(0);
  });

  it("has kubeadm's kubeconfigs, whose client certificates name the components, and each kubelet's rotated certificate", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('sim ssh control-plane -- ls /etc/kubernetes').out).toBe('admin.conf\naudit-policy.yaml\ncontroller-manager.conf\nkubelet.conf\nmanifests\npki\nscheduler.conf\nsuper-admin.conf\n');
    const clientOf = (conf: string): string =>
      run(`sim ssh control-plane -- grep client-certificate-data /etc/kubernetes/${conf}`).out.trim().split(' ')[1] ?? '';
    // admin.conf is what the laptop's kubeconfig holds.
    expect(clientOf('admin.conf')).toBe(run("kubectl config view --raw -o jsonpath='{.users[?(@.name==\"kubernetes-admin\")].user.client-certificate-data}'").out);
    const subjects = ['admin.conf', 'super-admin.conf', 'controller-manager.conf', 'scheduler.conf'].map((c) => {
      run(`echo ${clientOf(c)} | base64 -d > ${c}.crt`);
      return run(`openssl x509 -in ${c}.crt -noout -subject`).out;
    });
    expect(subjects).toEqual(['subject=O = kubeadm:cluster-admins, CN = kubernetes-admin\n', 'subject=O = system:masters, CN = kubernetes-super-admin\n', 'subject=CN = system:kube-controller-manager\n', 'subject=CN = system:kube-scheduler\n']);
    expect(run('sim ssh control-plane -- grep -A3 "^users:" /etc/kubernetes/kubelet.conf').out).toBe('users:\n- name: system:node:control-plane\n  user:\n    client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem\n');
    expect(run('sim ssh control-plane -- openssl x509 -in /var/lib/kubelet/pki/kubelet-client-current.pem -noout -subject').out).toBe('subject=O = system:nodes, CN = system:node:control-plane\n');
    // A worker's kubelet.conf is the one its TLS bootstrap wrote; its certificate is the one its node-csr-… was issued.
    expect(run('sim ssh node-1 -- grep -A3 "^users:" /etc/kubernetes/kubelet.conf').out).toBe('users:\n- name: default-auth\n  user:\n    client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem\n');
    const csr = run("kubectl get csr -o jsonpath='{range .items[?(@.spec.username==\"system:bootstrap:rib2r3\")]}{.status.certificate}{\"\\n\"}{end}'").out.split('\n');
    const issued = csr.map((b64) => (b64 ? run(`echo ${b64} | base64 -d`).out : ''));
    const pem = run('sim ssh node-1 -- cat /var/lib/kubelet/pki/kubelet-client-current.pem').out;
    expect(issued.some((c) => c !== '' && pem.startsWith(c))).toBe(true);
    expect(pem).toContain('-----BEGIN EC PRIVATE KEY-----\n');
    expect(run('sim ssh node-1 -- openssl x509 -in /var/lib/kubelet/pki/kubelet-client-current.pem -noout -subject -issuer').out).toBe('subject=O = system:nodes, CN = system:node:node-1\nissuer=CN = kubernetes\n');
    // After csrcleaner removed the request, the file keeps the certificate it was issued.
    run('sim advance 65m');
    expect(run('sim ssh node-1 -- cat /var/lib/kubelet/pki/kubelet-client-current.pem').out).toBe(pem);
    // One nothing read before its request went is signed again as csrsigning did, at the Node's registration.
    expect(run('sim ssh node-2 -- openssl x509 -in /var/lib/kubelet/pki/kubelet-client-current.pem -noout -subject -issuer -startdate').out).toBe('subject=O = system:nodes, CN = system:node:node-2\nissuer=CN = kubernetes\nnotBefore=Sep  1 08:55:02 2025 GMT\n');
  });
});
