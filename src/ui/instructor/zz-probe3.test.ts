import { it } from 'vitest';
import { LabHarness } from './instructor.testing';
import { CLAIM_AND_POD } from './presets-data';
it('csi', () => {
  const lab = new LabHarness('basic');
  lab.out('sim fail csi');
  lab.out('kubectl apply -f -', CLAIM_AND_POD);
  lab.out('kubectl run plain --image=nginx:1.27');
  lab.out('sim advance 1m');
  console.log(lab.out('kubectl get events'));
  console.log(lab.out('kubectl describe pvc data'));
  console.log(lab.out('kubectl describe pod db'));
});
it('etcd writes', () => {
  const lab = new LabHarness('basic');
  lab.out('sim fail etcd');
  for (const c of ['kubectl create configmap write-test --from-literal=k=v', 'kubectl label node node-1 probe=1 --overwrite', 'kubectl create namespace quorum-test', 'kubectl get leases -n kube-node-lease -o custom-columns=NAME:.metadata.name,RENEWED:.spec.renewTime', 'kubectl describe node node-1', 'sim status']) console.log(c, '\n', lab.out(c));
  lab.out('sim recover etcd');
  lab.out('sim advance 10s');
  for (const c of ['kubectl create configmap write-test --from-literal=k=v', 'kubectl create configmap write-test --from-literal=k=v', 'kubectl label node node-1 probe=1 --overwrite', 'kubectl label node node-1 probe=1 --overwrite']) console.log(c, '\n', lab.out(c));
});
