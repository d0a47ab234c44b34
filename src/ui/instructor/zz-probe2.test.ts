import { it } from 'vitest';
import { LabHarness } from './instructor.testing';
import type { Node, Pod } from '../../k8s/types';
import { objectsOf } from '../store/cluster';
import { symptoms } from './symptoms';
import { translate } from '../i18n/catalog';

function line(lab: LabHarness): string {
  const nodes = objectsOf<Node>(lab.cluster.objects, 'nodes').map((n) => `${n.metadata.name}:${n.status?.conditions?.find((c) => c.type === 'Ready')?.status}${(n.spec.taints ?? []).filter(t=>t.key.startsWith('node.kubernetes.io')).map((t) => '+' + t.key.split('/')[1] + ':' + t.effect).join('')}`);
  const pods = objectsOf<Pod>(lab.cluster.objects, 'pods').filter((p) => p.metadata.namespace === 'default').map((p) => `${p.metadata.name?.slice(-5)}@${p.spec.nodeName}:${p.status?.conditions?.find((c) => c.type === 'Ready')?.status}${p.metadata.deletionTimestamp ? 'D' : ''}`);
  const lead = [...lab.cluster.components.values()].filter((c) => c.details?.leader !== undefined).map((c) => `${c.id}:${c.running ? '' : 'X'}${c.details?.leader ? 'L' : ''}`);
  const card = symptoms(lab.moment()).map((s) => `  [${s.id}] ${s.says.map((x) => translate('en', x.key, x.params)).join(' ').slice(0, 160)}`);
  return `${Math.round(lab.cluster.now / 1000)} ${nodes.join(' ')} | ${pods.join(' ')} | ${lead.join(' ')}\n${card.join('\n')}`;
}

function run(topo: 'basic' | 'ha', fail: string[], recover: string[], steps = 20) {
  const lab = new LabHarness(topo);
  lab.out('kubectl apply -f go-api.yaml');
  lab.out('kubectl rollout status deployment/go-api --timeout=2m');
  for (const f of fail) lab.out(f);
  console.log(line(lab));
  for (let i = 0; i < steps; i++) { lab.out('sim advance 5s'); console.log(line(lab)); }
  for (const f of recover) lab.out(f);
  console.log('---- recovered');
  for (let i = 0; i < 20; i++) { lab.out('sim advance 5s'); console.log(line(lab)); }
}
it('etcd basic', () => run('basic', ['sim fail etcd'], ['sim recover etcd']), 60000);
it('apiserver basic', () => run('basic', ['sim fail kube-apiserver'], ['sim recover kube-apiserver']), 60000);
it('ha apiserver-1', () => run('ha', ['sim fail kube-apiserver-1'], ['sim recover kube-apiserver-1'], 10), 60000);
