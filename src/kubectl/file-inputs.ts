/**
 * kubectl's FilenameOptions: the objects a command reads from `-f` files or from the build of
 * a `-k` kustomization directory, never both (its validate()).
 */
import type { Env } from './env';
import type { FlagDef, Flags } from './flags';
import { CmdError, plainError } from './errors';
import { loadManifests, type LoadResult } from './manifest';
import { loadKustomizeBuild } from './kustomize/index';
import { readUrl } from './url-visitor';
import { requestTimeout } from './env';
import { schemaDownloadFailure, unrecognizable } from './discovery-failure';

export const KUSTOMIZE_FLAG: FlagDef = { name: 'kustomize', short: 'k', kind: 'string', values: 'files' };

/** Whether `-f` or `-k` names the objects; both at once is FilenameOptions.validate()'s error. */
export function usesFiles(flags: Flags): boolean {
  const files = flags.list('filename').length > 0;
  const dir = flags.str('kustomize') !== '';
  if (files && dir) throw plainError('only one of -f or -k can be specified');
  if (dir && flags.bool('recursive')) throw plainError("the -k flag can't be used with -f or -R");
  return files || dir;
}

/** The objects of `-f` (files, directories, stdin) or of the `-k` directory's build. */
export function loadInputs(env: Env, flags: Flags, validate = true): LoadResult {
  usesFiles(flags);
  const dir = flags.str('kustomize');
  return dir !== '' ? loadKustomizeBuild(env, dir, validate) : loadManifests(env.files, env.stdin, flags.list('filename'), validate, (url) => readUrl(env.sim, url));
}

/**
 * The validating commands (apply, create, replace with validation on) fetch the OpenAPI schema
 * before their first object; a server that cannot be reached ends the command there.
 */
export function failIfSchemaUnreachable(env: Env, flags: Flags, loaded: LoadResult): void {
  const first = loaded.docs[0];
  if (!first || loaded.errors.length > 0) return;
  const down = env.client.dialError();
  if (down) throw plainError(schemaDownloadFailure(first.source, env.client.serverBase, requestTimeout(flags), down));
}

/**
 * The builder maps what -f/-k read to resources through discovery: a cold cache that cannot be
 * filled ends the command naming the first file (`unable to recognize "web.yaml": Get …`).
 * get and describe print it without `error: `, diff exits 2 (recorded from kubectl v1.35.2).
 */
export function failIfUnrecognizable(env: Env, flags: Flags, loaded: LoadResult, how: { bare?: boolean; exitCode?: number } = {}): void {
  const first = loaded.docs[0];
  if (!first) return;
  const down = env.client.discover();
  if (down) throw new CmdError(`${how.bare ? '' : 'error: '}${unrecognizable(first.source, env.client.serverBase, requestTimeout(flags), down)}\n`, how.exitCode ?? 1);
}
