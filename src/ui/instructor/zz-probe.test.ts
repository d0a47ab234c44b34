import { it } from 'vitest';
import { translate } from '../i18n/catalog';
import { LabHarness } from './instructor.testing';
import { symptoms } from './symptoms';
import { PRESETS } from './presets-data';
import { resolved, topologiesOf } from './presets.testing';

function dump(lab: LabHarness, label: string) {
  const lines = [`===== ${label} now=${lab.cluster.now}`];
  for (const s of symptoms(lab.moment())) lines.push(`[${s.id}] ${s.says.map((x) => translate('en', x.key, x.params)).join(' ')}\n   checks: ${s.checks.join(' | ')}`);
  lines.push(lab.out('kubectl get nodes'));
  lines.push(lab.out('kubectl get pods -A -o wide'));
  lines.push(lab.out('kubectl get deploy,pvc'));
  const lead = [...lab.cluster.components.values()].filter((c) => c.details?.leader !== undefined).map((c) => `${c.id}:${c.running ? 'up' : 'down'}:${c.details?.leader ? 'L' : '-'}`);
  lines.push('leaders: ' + lead.join(' '));
  console.log(lines.join('\n'));
}

const only = process.env.PRESET;
for (const p of PRESETS.filter((p) => !only || p.id === only)) {
  for (const topo of topologiesOf(p)) {
    it(`${p.id} ${topo}`, () => {
      const lab = new LabHarness(topo);
      for (const step of resolved(p, lab, topo)) lab.run(step.line, step.stdin);
      dump(lab, `${p.id} ${topo} +0`);
      lab.out('sim advance 1m');
      dump(lab, `${p.id} ${topo} +1m`);
      lab.out('sim advance 5m');
      dump(lab, `${p.id} ${topo} +6m`);
    }, 120000);
  }
}
