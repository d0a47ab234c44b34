/**
 * `kubectl kustomize [DIR]`: builds the kustomization in DIR (the working directory when none
 * is given) and prints it, or writes it to `-o FILE` (kubectl/pkg/cmd/kustomize over
 * sigs.k8s.io/kustomize v5: ../kustomize/).
 */
import type { Env } from '../env';
import { plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { toYaml } from '../../k8s/printers/yaml';
import { KustomizeError, kustomizeFailure, kustomizeObjects } from '../kustomize/index';
import { writeOutput } from '../kustomize/output';

export const KUSTOMIZE_FLAGS: FlagDef[] = [
  { name: 'output', short: 'o', kind: 'string', values: 'files' },
  { name: 'load-restrictor', kind: 'string', values: ['LoadRestrictionsNone', 'LoadRestrictionsRootOnly'] },
  // kustomize's plugin and Helm flags (kubectl kustomize --help): known, but what they enable is not modelled.
  { name: 'enable-helm', kind: 'bool' },
  { name: 'enable-alpha-plugins', kind: 'bool' },
  { name: 'as-current-user', kind: 'bool' },
  { name: 'env', short: 'e', kind: 'strings' },
  { name: 'helm-api-versions', kind: 'strings' },
  { name: 'helm-command', kind: 'string' },
  { name: 'helm-debug', kind: 'bool' },
  { name: 'helm-kube-version', kind: 'string' },
  { name: 'mount', kind: 'strings' },
  { name: 'network', kind: 'bool' },
  { name: 'network-name', kind: 'string' },
];

export function runKustomize(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, KUSTOMIZE_FLAGS, 'kubectl kustomize');
  if (flags.args.length > 1) throw plainError('specify one path to kustomization.yaml');
  for (const f of ['enable-helm', 'enable-alpha-plugins']) if (flags.bool(f)) throw plainError(`--${f} is not available in this simulator: it runs no Helm and no kustomize plugins`);
  const restrictor = flags.str('load-restrictor', 'LoadRestrictionsRootOnly');
  if (restrictor !== 'LoadRestrictionsRootOnly' && restrictor !== 'LoadRestrictionsNone') {
    throw plainError(`illegal flag value --load-restrictor ${restrictor}; legal values: [LoadRestrictionsRootOnly LoadRestrictionsNone]`);
  }
  const output = flags.str('output');
  try {
    const objects = kustomizeObjects(env, flags.args[0] ?? '.', restrictor === 'LoadRestrictionsRootOnly');
    if (output === '') env.out.out(objects.map((o) => toYaml(o)).join('---\n'));
    else if (env.workstation) writeOutput(env.workstation, output, objects);
    else throw plainError(`open ${output}: read-only file system`);
  } catch (e) {
    if (e instanceof KustomizeError) throw kustomizeFailure(e);
    throw e;
  }
  return 0;
}
