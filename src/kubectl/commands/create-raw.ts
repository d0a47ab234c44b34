/**
 * `kubectl create --raw PATH -f FILE`: create.go's ValidateArgs for --raw (in its order), then
 * rawhttp.RawPost — the file's bytes POSTed to PATH as they are, the answer's body copied to
 * stdout, a failure printed as the StatusError it is. What the Eviction API pages do with curl:
 * POST pods/NAME/eviction answers `201` with a Status (`429 TooManyRequests` while a
 * PodDisruptionBudget refuses); pods/NAME/binding is the scheduler's bind.
 *
 * Approximate: the body must be JSON (the request's Content-Type is application/json; the decoder's
 * complaint names only the first character of one that is not); a resource
 * path takes the create verb only (POST to a named object's URL or a subresource other than
 * eviction and binding is refused as the server refuses a method it has no handler for).
 */
import { apiRoute } from '../../k8s/api-route';
import type { KObject } from '../../k8s/types';
import { objectBody } from '../../k8s/wire-json';
import { CmdError, fatalText, plainError } from '../errors';
import type { Env } from '../env';
import type { Flags } from '../flags';
import type { Request } from '../client';
import { aggregatedResourceInfos, customResourceInfos } from '../discovery';
import { METHOD_NOT_ALLOWED } from '../subresource';

/** The Status a create handler writes for a subresource's success (createHandler sets Code 201). */
const CREATED = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}\n';

/** net/url ParseRequestURI's verdict on a path without scheme: it must be absolute. */
function requestUriError(raw: string): string | undefined {
  return raw.startsWith('/') ? undefined : `parse ${JSON.stringify(raw)}: invalid URI for request`;
}

/**
 * encoding/json's complaint about a body that is not JSON, for its first character. Approximate:
 * a body that starts well and breaks later gets the end-of-input message.
 */
function jsonError(text: string): string {
  const c = text.trimStart()[0];
  if (c === undefined) return 'unexpected end of JSON input';
  return /[{["\-0-9tfn]/.test(c) ? 'unexpected end of JSON input' : `invalid character '${c}' looking for beginning of value`;
}

export function runCreateRaw(env: Env, flags: Flags): number {
  const raw = flags.str('raw');
  const files = flags.list('filename');
  if (flags.bool('edit')) throw plainError('--raw and --edit are mutually exclusive');
  if (files.length !== 1) throw plainError('--raw can only use a single local file or stdin');
  const file = files[0]!;
  if (file.startsWith('http://') || file.startsWith('https://')) throw plainError('--raw cannot read from a url');
  if (flags.bool('recursive')) throw plainError('--raw and --recursive are mutually exclusive');
  if (flags.str('output') !== '') throw plainError('--raw and --output are mutually exclusive');
  const bad = requestUriError(raw);
  if (bad !== undefined) throw plainError(`--raw must be a valid URL path: ${bad}`);
  const text = file === '-' ? (env.stdin ?? '') : env.files.readFile(file);
  if (text === undefined) throw plainError(`open ${file}: no such file or directory`);

  const route = apiRoute('POST', raw, [...customResourceInfos(), ...aggregatedResourceInfos()]);
  if (route.type === 'method-not-allowed') throw new CmdError(fatalText(env.client.refusedBeforeRouting('POST', raw) ?? METHOD_NOT_ALLOWED));
  if (route.type !== 'resource') {
    throw new CmdError(fatalText(env.client.refusedBeforeRouting('POST', raw) ?? { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' }));
  }
  const sub = route.subresource;
  if ((route.name !== undefined && sub === undefined) || (sub !== undefined && sub !== 'eviction' && sub !== 'binding')) throw new CmdError(fatalText(METHOD_NOT_ALLOWED));
  let body: KObject;
  try {
    body = JSON.parse(text) as KObject;
  } catch {
    const kind = sub === 'eviction' ? 'Eviction' : sub === 'binding' ? 'Binding' : route.info.kind;
    throw new CmdError(fatalText({ code: 400, reason: 'BadRequest', message: `the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${jsonError(text)}` }));
  }
  const req: Request = { verb: 'create', resource: route.info.resource, body };
  if (route.info.namespaced && route.namespace !== undefined) req.namespace = route.namespace;
  if (route.name !== undefined) req.name = route.name;
  if (sub !== undefined) req.subresource = sub;
  const res = env.client.raw(req);
  if (!res.ok) throw new CmdError(fatalText(res.error));
  env.out.out(sub !== undefined ? CREATED : objectBody(res.object!));
  return 0;
}
