/**
 * The CKA's control-plane troubleshooting moves, typed as a learner types them: static Pod
 * manifests moved, restored and broken on the control-plane node (`sim ssh`, or `kubectl debug
 * node` + `chroot /host`), and what kubectl on the laptop then sees.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

const M = '/etc/kubernetes/manifests';

function transcript(lines: string[]): string {
  const s = new Session({ seed: 4 });
  const run = sessionRunner(s);
  return lines.map((l) => {
    const r = run(l);
    return `$ ${l}\n${r.out}${r.err}[${r.code}]\n`;
  }).join('');
}

describe('static Pod manifests from the terminal', () => {
  it('scheduler manifest moved away: its mirror Pod goes, a new Pod stays Pending; moved back, it is scheduled', () => {
    const s = new Session({ seed: 2 });
    const run = sessionRunner(s);
    expect(run(`sim ssh control-plane -- mv ${M}/kube-scheduler.yaml /tmp/`).code).toBe(0);
    expect(run('kubectl get pods -n kube-system kube-scheduler-control-plane')).toMatchObject({ err: 'Error from server (NotFound): pods "kube-scheduler-control-plane" not found\n', code: 1 });
    run('kubectl run web --image=nginx:1.27');
    run('sim advance 30s');
    expect(run('kubectl get pod web -o jsonpath={.status.phase}').out).toBe('Pending');
    expect(run("kubectl get pod web -o jsonpath='{.spec.nodeName}'").out).toBe('');
    expect(run(`sim ssh control-plane -- mv /tmp/kube-scheduler.yaml ${M}/`).code).toBe(0);
    // The new scheduler waits for its predecessor's lease to expire before it leads.
    run('sim advance 10s');
    expect(run("kubectl get pod web -o jsonpath='{.spec.nodeName}'").out).toBe('');
    run('sim advance 30s');
    expect(run('kubectl get pod web -o jsonpath={.status.phase}').out).toBe('Running');
    // Put back within the minute before container GC, the same UID finds its exited container
    // in the runtime: the kubelet starts the new one at restartCount 1 (startContainer).
    expect(run('kubectl get pods -n kube-system kube-scheduler-control-plane --no-headers').out).toMatch(/^kube-scheduler-control-plane +1\/1 +Running +1 \(71s ago\) +/);
  });

  it("kube-apiserver's manifest broken through chroot /host: kubectl loses the server until it is fixed", () => {
    const s = new Session({ seed: 2 });
    const run = sessionRunner(s);
    const created = run('kubectl debug node/control-plane --image=busybox:1.36 -- sleep 3600');
    const pod = /node-debugger-control-plane-\w{5}/.exec(created.out)![0];
    run('sim advance 10s');
    expect(run(`kubectl exec ${pod} -- chroot /host sed -i 's/- --secure-port=6443/- --secure-port=6443\\n    - --no-such-flag/' ${M}/kube-apiserver.yaml`).code).toBe(0);
    run('sim advance 5s');
    const refused = run('kubectl get nodes');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/The connection to the server 10\.0\.0\.10:6443 was refused - did you specify the right host or port\?\n$/);
    const logs = run("sim ssh control-plane -- 'crictl logs $(crictl ps -a -q --latest --name kube-apiserver)'");
    expect(logs.out).toBe('Error: unknown flag: --no-such-flag\n');
    expect(run("sim ssh control-plane -- 'crictl ps -a --name kube-apiserver'").out).toMatch(/ Exited +kube-apiserver +0 /);
    expect(run(`sim ssh control-plane -- sed -i '/--no-such-flag/d' ${M}/kube-apiserver.yaml`).code).toBe(0);
    run('sim advance 20s');
    expect(run('kubectl get nodes').code).toBe(0);
  });

  it("a learner's static Pod on a worker: kubectl delete pod only re-creates its mirror; exec and describe reach the static Pod", () => {
    const s = new Session({ seed: 4 });
    const run = sessionRunner(s);
    const manifest = 'apiVersion: v1\\nkind: Pod\\nmetadata:\\n  name: static-web\\nspec:\\n  containers:\\n  - name: web\\n    image: nginx:1.27\\n';
    expect(run(`sim ssh node-1 -- 'printf "${manifest}" > ${M}/static-web.yaml'`).code).toBe(0);
    run('sim advance 20s');
    const id = run("kubectl get pod static-web-node-1 -o jsonpath='{.status.containerStatuses[0].containerID}'").out;
    expect(id).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(run('kubectl delete pod static-web-node-1').out).toBe('pod "static-web-node-1" deleted from default namespace\n');
    run('sim advance 3s');
    expect(run('kubectl get pod static-web-node-1 --no-headers').out).toMatch(/^static-web-node-1 +1\/1 +Running +0 +3s\n$/);
    expect(run("kubectl get pod static-web-node-1 -o jsonpath='{.status.containerStatuses[0].containerID}'").out).toBe(id);
    expect(run('kubectl exec static-web-node-1 -- hostname')).toMatchObject({ out: 'static-web-node-1\n', code: 0 });
    // DescribePod looks events up by the config.mirror UID: the static Pod's, which outlives the mirror.
    expect(run('kubectl describe pod static-web-node-1').out).toMatch(/Normal +Started +\d+s +kubelet +spec\.containers\{web\}: Started container web\n$/);
  });

  it('is deterministic: the same seed and lines give the same transcript', () => {
    const lines = [
      `sim ssh control-plane -- mv ${M}/kube-controller-manager.yaml /root/`,
      'sim advance 5s',
      'kubectl get pods -n kube-system',
      `sim ssh control-plane -- 'echo "apiVersion: v1" > ${M}/broken.yaml; echo "kind: Pod" >> ${M}/broken.yaml'`,
      'sim advance 25s',
      "sim ssh control-plane -- 'journalctl -u kubelet | grep -e file.go -e \"source=\\\"file\\\"\"'",
      'sim ssh control-plane -- systemctl status kubelet',
    ];
    const a = transcript(lines);
    expect(a).toBe(transcript(lines));
    expect(a).toContain('"Could not process manifest file" err="invalid pod: [metadata.name: Required value: name or generateName is required]" path="/etc/kubernetes/manifests/broken.yaml"');
  });
});
