/** `kubectl get --raw <path>`: a GET on a non-resource path, body printed as the server sent it. */
import { CmdError, fatalText } from '../errors';
import type { Env } from '../env';
import { byKey } from '../client';
import { listBody, objectBody, resourceRequest } from './raw-resource';

/** Go's %q for a string. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

export function runRaw(env: Env, path: string): number {
  const named = resourceRequest(path);
  if (named) {
    const res = env.client.raw(named.req);
    if (!res.ok) throw new CmdError(fatalText(res.error));
    const items = [...(res.items ?? [])].sort(byKey);
    env.out.out(res.object ? objectBody(res.object) : listBody(named.info, items, res.resourceVersion));
    return 0;
  }
  const res = env.sim.rawRequest(path, env.client.user);
  if (!res.ok) throw new CmdError(fatalText(res.error));
  if (res.code === 200) {
    env.out.out(res.body);
    return 0;
  }
  if (res.code === 404) throw new CmdError('Error from server (NotFound): the server could not find the requested resource\n');
  throw new CmdError(`Error from server (InternalError): an error on the server (${goQuote(res.body.trim())}) has prevented the request from succeeding\n`);
}
