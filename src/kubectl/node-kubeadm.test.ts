/**
 * `kubeadm` in the node's shell, through the real Session: version, certs check-expiration against
 * the node's certificates and the simulated clock, and bootstrap tokens written through
 * kube-apiserver. Texts from kubernetes/kubernetes cmd/kubeadm (cmd/version.go, cmd/certs.go's
 * certTextPrinter, cmd/token.go, util/errors) and kubeadm v1.36.1 transcripts of the same commands.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

const CP = 'sim ssh control-plane -- ';

describe('kubeadm version', () => {
  it('prints version.Info as %#v, -o short, json and yaml', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    // A v1.36.1 kubeadm prints (recorded on linux/arm64; this one is linux/amd64 like the cluster):
    expect(run(`${CP}kubeadm version`).out).toBe(
      'kubeadm version: &version.Info{Major:"1", Minor:"36", EmulationMajor:"", EmulationMinor:"", MinCompatibilityMajor:"", MinCompatibilityMinor:"", GitVersion:"v1.36.1", GitCommit:"756939600b9a7180fc2df6550a4585b638875e67", GitTreeState:"clean", BuildDate:"2026-05-12T09:53:52Z", GoVersion:"go1.26.2", Compiler:"gc", Platform:"linux/amd64"}\n',
    );
    expect(run(`${CP}kubeadm version -o short`).out).toBe('v1.36.1\n');
    // The blank emulation fields are omitempty, as kubectl version --client -o json shows them.
    expect(JSON.parse(run(`${CP}kubeadm version -o json`).out)).toEqual({ clientVersion: { major: '1', minor: '36', gitVersion: 'v1.36.1', gitCommit: '756939600b9a7180fc2df6550a4585b638875e67', gitTreeState: 'clean', buildDate: '2026-05-12T09:53:52Z', goVersion: 'go1.26.2', compiler: 'gc', platform: 'linux/amd64' } });
    expect(run(`${CP}kubeadm version -o yaml`).out).toBe('clientVersion:\n  buildDate: "2026-05-12T09:53:52Z"\n  compiler: gc\n  gitCommit: 756939600b9a7180fc2df6550a4585b638875e67\n  gitTreeState: clean\n  gitVersion: v1.36.1\n  goVersion: go1.26.2\n  major: "1"\n  minor: "36"\n  platform: linux/amd64\n\n');
    expect(run(`${CP}kubeadm version -o wide`)).toEqual({ out: '', err: 'invalid output format: wide\nTo see the stack trace of this error execute with --v=5 or higher\n', code: 1 });
  });

  it("fails an unknown command as cobra does, with its suggestions", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run(`${CP}kubeadm vesion`)).toEqual({ out: '', err: 'unknown command "vesion" for "kubeadm"\n\nDid you mean this?\n\tversion\n\nTo see the stack trace of this error execute with --v=5 or higher\n', code: 1 });
    expect(run(`${CP}kubeadm frobnicate`).err).toBe('unknown command "frobnicate" for "kubeadm"\nTo see the stack trace of this error execute with --v=5 or higher\n');
    expect(run(`${CP}kubeadm token frob`).err).toBe('invalid subcommand "frob"\nSee \'kubeadm token -h\' for help and examples\nTo see the stack trace of this error execute with --v=5 or higher\n');
  });
});

describe('kubeadm certs check-expiration', () => {
  it("lists kubeadm's certificates and CAs from the node's files, as the v1.36 transcript's table", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const r = run(`${CP}kubeadm certs check-expiration`);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        '[check-expiration] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...',
        "[check-expiration] Use 'kubeadm init phase upload-config kubeadm --config your-config-file' to re-upload it.",
        '',
        'CERTIFICATE                EXPIRES                  RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED',
        'admin.conf                 Sep 01, 2026 09:00 UTC   364d            ca                      no      ',
        'apiserver                  Sep 01, 2026 09:00 UTC   364d            ca                      no      ',
        'apiserver-etcd-client      Sep 01, 2026 09:00 UTC   364d            etcd-ca                 no      ',
        'apiserver-kubelet-client   Sep 01, 2026 09:00 UTC   364d            ca                      no      ',
        'controller-manager.conf    Sep 01, 2026 09:00 UTC   364d            ca                      no      ',
        'etcd-healthcheck-client    Sep 01, 2026 09:00 UTC   364d            etcd-ca                 no      ',
        'etcd-peer                  Sep 01, 2026 09:00 UTC   364d            etcd-ca                 no      ',
        'etcd-server                Sep 01, 2026 09:00 UTC   364d            etcd-ca                 no      ',
        'front-proxy-client         Sep 01, 2026 09:00 UTC   364d            front-proxy-ca          no      ',
        'scheduler.conf             Sep 01, 2026 09:00 UTC   364d            ca                      no      ',
        'super-admin.conf           Sep 01, 2026 09:00 UTC   364d            ca                      no      ',
        '',
        'CERTIFICATE AUTHORITY   EXPIRES                  RESIDUAL TIME   EXTERNALLY MANAGED',
        'ca                      Aug 30, 2035 09:00 UTC   9y              no      ',
        'etcd-ca                 Aug 30, 2035 09:00 UTC   9y              no      ',
        'front-proxy-ca          Aug 30, 2035 09:00 UTC   9y              no      ',
        '',
      ].join('\n'),
    );
    // The dates are the certificates' own notAfter.
    expect(run(`${CP}openssl x509 -in /etc/kubernetes/pki/etcd/peer.crt -noout -enddate`).out).toBe('notAfter=Sep  1 09:00:00 2026 GMT\n');
  });

  it('finds nothing of it on a worker, and falls back to the defaults without kube-apiserver', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const worker = run('sim ssh node-1 -- kubeadm certs check-expiration').out;
    expect(worker.startsWith('CERTIFICATE                          EXPIRES   RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED\n!MISSING! admin.conf                                                                   \n')).toBe(true);
    // The worker has the cluster CA without its key: externally managed, as kubeadm judges a CA.
    expect(worker).toContain('\nca                         Aug 30, 2035 09:00 UTC   9y              yes     \n!MISSING! etcd-ca                                                   \n');
    run('sim fail kube-apiserver');
    expect(run(`${CP}kubeadm certs check-expiration`).out).toContain("re-upload it.\n[check-expiration] Error reading configuration from the Cluster. Falling back to default configuration\n\nCERTIFICATE ");
  });
});

describe("openssl's part of the CA-hash recipe", () => {
  it('prints a public key, converts it to DER and digests it as OpenSSL 3.0.19 does (recorded)', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run(`${CP}openssl x509 -pubkey -noout -in /etc/kubernetes/pki/ca.crt`).out).toMatch(/^-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA[\s\S]*-----END PUBLIC KEY-----\n$/);
    expect(run(`${CP}'openssl x509 -pubkey -noout -in /etc/kubernetes/pki/ca.crt | openssl rsa -pubin -outform der > /dev/null'`)).toEqual({ out: '', err: 'writing RSA key\n', code: 0 });
    expect(run('echo garbage | openssl rsa -pubin -outform der')).toEqual({ out: '', err: 'Could not read public key from <stdin>\n', code: 1 });
    expect(run('echo hello | openssl dgst -sha256').out).toBe('SHA2-256(stdin)= 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03\n');
    expect(run('echo hello | openssl dgst').out).toBe('SHA256(stdin)= 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03\n');
    expect(run('echo hello | openssl dgst -sha256 -r').out).toBe('5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03 *stdin\n');
    expect(run('openssl dgst -sha256 /nonexist').code).toBe(1);
  });
});

describe('kubeadm token', () => {
  it("creates a bootstrap token Secret through kube-apiserver, lists and deletes it; the join command pins the CA's key", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const join = run(`${CP}kubeadm token create --print-join-command`);
    expect(join.code).toBe(0);
    const m = /^kubeadm join 10\.0\.0\.10:6443 --token ([a-z0-9]{6})\.([a-z0-9]{16}) --discovery-token-ca-cert-hash (sha256:[0-9a-f]{64}) \n$/.exec(join.out);
    expect(m).not.toBeNull();
    const [, id, secret, hash] = m!;
    // pubkeypin.Hash: sha256 of the CA certificate's SubjectPublicKeyInfo, here computed by node:crypto from the node's ca.crt.
    const ca = new X509Certificate(run(`${CP}cat /etc/kubernetes/pki/ca.crt`).out);
    expect(hash).toBe(`sha256:${createHash('sha256').update(ca.publicKey.export({ type: 'spki', format: 'der' })).digest('hex')}`);
    // …and by the recipe kubeadm's documentation gives, with the node's openssl.
    expect(run(`${CP}'openssl x509 -pubkey -in /etc/kubernetes/pki/ca.crt | openssl rsa -pubin -outform der 2>/dev/null | openssl dgst -sha256 -hex'`).out).toBe(`SHA2-256(stdin)= ${hash!.slice('sha256:'.length)}\n`);
    // The Secret kubectl sees: type bootstrap.kubernetes.io/token, six keys (no description).
    expect(run(`kubectl -n kube-system get secret bootstrap-token-${id}`).out).toBe(`NAME                     TYPE                            DATA   AGE\nbootstrap-token-${id}   bootstrap.kubernetes.io/token   6      0s\n`);
    expect(run(`kubectl -n kube-system get secret bootstrap-token-${id} -o go-template='{{range $k, $v := .data}}{{$k}}={{$v | base64decode}}{{"\\n"}}{{end}}'`).out).toBe(
      `auth-extra-groups=system:bootstrappers:kubeadm:default-node-token\nexpiration=2025-09-02T09:00:08Z\ntoken-id=${id}\ntoken-secret=${secret}\nusage-bootstrap-authentication=true\nusage-bootstrap-signing=true\n`,
    );
    expect(run(`${CP}kubeadm token create abcdef.0123456789abcdef --ttl 2h --description for-node-4`).out).toBe('abcdef.0123456789abcdef\n');
    const list = run(`${CP}kubeadm token list`).out.split('\n');
    expect(list[0]).toBe('TOKEN                     TTL         EXPIRES                USAGES                   DESCRIPTION                                                EXTRA GROUPS');
    expect(list).toContain("rib2r3.rjji7udoqjzsjg8o   23h         2025-09-02T09:00:00Z   authentication,signing   The default bootstrap token generated by 'kubeadm init'.   system:bootstrappers:kubeadm:default-node-token");
    expect(list).toContain('abcdef.0123456789abcdef   1h          2025-09-01T11:00:08Z   authentication,signing   for-node-4                                                 system:bootstrappers:kubeadm:default-node-token');
    expect(run(`${CP}kubeadm token delete abcdef.0123456789abcdef ${id}`).out).toBe(`bootstrap token "abcdef" deleted\nbootstrap token "${id}" deleted\n`);
    expect(run(`${CP}kubeadm token delete abcdef`).err).toBe('failed to delete bootstrap token "abcdef": secrets "bootstrap-token-abcdef" not found\nTo see the stack trace of this error execute with --v=5 or higher\n');
    expect(run(`${CP}kubeadm token create nope`).err).toBe('the bootstrap token "nope" was not of the form "^([a-z0-9]{6})\\\\.([a-z0-9]{16})$"\nTo see the stack trace of this error execute with --v=5 or higher\n');
  });

  it("lets the token cleaner remove a token once its TTL ran out", () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    run(`${CP}kubeadm token create abcdef.0123456789abcdef --ttl 10m`);
    expect(run(`${CP}kubeadm token list`).out).toContain('\nabcdef.0123456789abcdef   9m  ');
    run('sim advance 11m');
    expect(run('kubectl -n kube-system get secrets').out).not.toContain('bootstrap-token-abcdef');
  });

  it('has no admin kubeconfig on a worker', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    for (const sub of ['list', 'create', 'delete abcdef']) {
      expect(run(`sim ssh node-1 -- kubeadm token ${sub}`)).toEqual({ out: '', err: 'failed to load admin kubeconfig: open /root/.kube/config: no such file or directory\nTo see the stack trace of this error execute with --v=5 or higher\n', code: 1 });
    }
    // kubeadm opens the node's disk as it is: admin.conf moved away, --kubeconfig finds it.
    run(`${CP}mv /etc/kubernetes/admin.conf /root/admin.conf`);
    expect(run(`${CP}kubeadm token list`).err).toBe('failed to load admin kubeconfig: open /root/.kube/config: no such file or directory\nTo see the stack trace of this error execute with --v=5 or higher\n');
    expect(run(`${CP}kubeadm token list --kubeconfig /root/admin.conf`).out).toContain('rib2r3.rjji7udoqjzsjg8o   23h ');
  });
});
