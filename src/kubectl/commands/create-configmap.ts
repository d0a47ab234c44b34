/**
 * `kubectl create configmap NAME` (create_configmap.go): keys from files (a file, `key=path`, or
 * a directory's files), then literals, then env files; `--append-hash` names it after its
 * content. Files here are text, so every value lands in `data` (upstream puts a file that is
 * not valid UTF-8 in `binaryData`).
 */
import type { KObject } from '../../k8s/types';
import { setOwn } from '../../k8s/own';
import { isConfigMapKey } from '../../k8s/string-validation';
import { plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import { GENERATOR_WRITE_FLAGS } from './common';
import { addEnvFiles, addFiles, addLiterals, contentHash, type AddKey } from './data-sources';

export const CONFIGMAP_FLAGS: FlagDef[] = [
  { name: 'from-file', kind: 'strings', values: 'files' },
  { name: 'from-literal', kind: 'stringArray' },
  { name: 'from-env-file', kind: 'strings', values: 'files' },
  { name: 'append-hash', kind: 'bool' },
  ...GENERATOR_WRITE_FLAGS,
];

export function buildConfigMap(env: Env, flags: Flags, name: string, namespace: string | undefined): KObject {
  const [files, literals, envFiles] = [flags.list('from-file'), flags.list('from-literal'), flags.list('from-env-file')];
  if (envFiles.length && (files.length || literals.length)) throw plainError('from-env-file cannot be combined with from-file or from-literal');
  const data: Record<string, string> = {};
  // validateNewConfigMap: IsConfigMapKey's messages joined by ",", then no key twice.
  const add: AddKey = (key, value) => {
    const errs = isConfigMapKey(key);
    if (errs.length) throw plainError(`"${key}" is not a valid key name for a ConfigMap: ${errs.join(',')}`);
    if (Object.hasOwn(data, key)) throw plainError(`cannot add key "${key}", another key by that name already exists in Data for ConfigMap "${name}"`);
    setOwn(data, key, value);
  };
  addFiles(env.files, files, add);
  addLiterals(literals, add);
  addEnvFiles(env.files, envFiles, add, 'config');
  const named = flags.bool('append-hash') ? `${name}-${contentHash({ kind: 'ConfigMap', name, data })}` : name;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: named, namespace }, data };
}
