/**
 * What kubectl does with a kustomization directory: `kubectl kustomize DIR` prints the build,
 * and `-k DIR` hands the same YAML to the resource builder in place of `-f`'s files
 * (FilenameOptions.kustomize → resource.Builder's KustomizeVisitor).
 */
import { toYaml } from '../../k8s/printers/yaml';
import type { Env } from '../env';
import { CmdError } from '../errors';
import { loadText, type LoadResult } from '../manifest';
import { WORKSTATION_HOME } from '../../engine/index';
import { kustomizeBuild } from './build';
import { KustomizeError, type JsonMap } from './kustomization';

export { KustomizeError } from './kustomization';

/** kubectl's CheckErr: `error: ` and the message, a newline added unless it ends with one. */
export function kustomizeFailure(e: KustomizeError): CmdError {
  return new CmdError(`error: ${e.text}${e.text.endsWith('\n') ? '' : '\n'}`);
}

/** The built objects, in kustomize's output order; the build's warnings go to stderr as they come. */
export function kustomizeObjects(env: Env, dir: string, restrict = true): JsonMap[] {
  return kustomizeBuild({ files: env.files, cwd: env.workstation?.cwd ?? WORKSTATION_HOME, warn: (line) => env.out.err(`${line}\n`), restrict, now: env.sim.now }, dir);
}

/** The build's YAML as kustomize writes it: each object, `---` between them. */
export function kustomizeYaml(env: Env, dir: string, restrict = true): string {
  return kustomizeObjects(env, dir, restrict)
    .map((o) => toYaml(o))
    .join('---\n');
}

/** `-k DIR`: the built objects as the builder reads a stream named after the directory. */
export function loadKustomizeBuild(env: Env, dir: string, validate = true): LoadResult {
  let text: string;
  try {
    text = kustomizeYaml(env, dir);
  } catch (e) {
    if (e instanceof KustomizeError) throw kustomizeFailure(e);
    throw e;
  }
  return loadText(text, dir, validate);
}
