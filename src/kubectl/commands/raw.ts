/**
 * `kubectl get --raw <path>`: one GET, its body printed as the server sent it. The path is read
 * as `reconcile serve` reads a real kubectl's (src/k8s/api-route.ts); a resource path is served
 * by raw-resource.ts's request, any other (discovery, /version, health, OpenAPI) by the engine's
 * own kube-apiserver.
 */
import type { ApiResponse, StatusError } from '../../engine/index';
import { apiRoute, type ResourceRoute } from '../../k8s/api-route';
import { pageOf } from '../../k8s/paging';
import type { ResourceInfo } from '../../k8s/resources';
import { scaleOf } from '../../k8s/scale';
import type { KObject } from '../../k8s/types';
import { listBody, objectBody } from '../../k8s/wire-json';
import { CmdError, fatalText, plainError } from '../errors';
import type { Env } from '../env';
import { byKey, type Request } from '../client';
import { aggregatedResourceInfos, customResourceInfos } from '../discovery';
import { planRaw, type RawView } from './raw-resource';
import { METHOD_NOT_ALLOWED } from '../subresource';

/** client-go's maxUnstructuredResponseTextBytes: how much of a body an error quotes. */
const MAX_UNSTRUCTURED_BYTES = 2048;

/** The longest prefix of `s` whose UTF-8 encoding fits in `n` bytes. */
function firstBytes(s: string, n: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes > n) break;
    end += ch.length;
  }
  return s.slice(0, end);
}

/** net/http's client follows at most ten redirects. */
const MAX_REDIRECTS = 10;

/**
 * rest.Request.transformResponse for a non-2xx answer that is no Status (a Pod's own page
 * through pods/proxy): a body the client cannot decode (text/html, text/plain) is quoted if it
 * is text; a JSON one that is no failed Status says "unknown"; then errors.NewGenericServerResponse.
 */
export function unstructuredError(code: number, method: string, body: string, contentType: string | undefined): StatusError {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const decodable = contentType === undefined || media === 'application/json' || media === 'application/yaml' || media === 'application/vnd.kubernetes.protobuf';
  if (decodable && (media === 'application/json' || contentType === undefined)) {
    // Result.Error: a body that decodes as a failed Status is that Status.
    try {
      const s = JSON.parse(body) as { kind?: unknown; status?: unknown; code?: unknown; reason?: unknown; message?: unknown };
      if (s && s.kind === 'Status' && s.status === 'Failure') return { code: typeof s.code === 'number' ? s.code : code, reason: (typeof s.reason === 'string' ? s.reason : '') as never, message: typeof s.message === 'string' ? s.message : '' };
    } catch {
      // Not a Status: the generic error below.
    }
  }
  const text = contentType === undefined || media.startsWith('text/');
  const serverMessage = text ? firstBytes(body, MAX_UNSTRUCTURED_BYTES).trim() : 'unknown';
  let reason: StatusError['reason'] = '';
  let message = `the server responded with the status code ${code} but did not return more information`;
  switch (code) {
    case 409:
      reason = method === 'POST' ? 'AlreadyExists' : 'Conflict';
      message = 'the server reported a conflict';
      break;
    case 404:
      reason = 'NotFound';
      message = 'the server could not find the requested resource';
      break;
    case 400:
      reason = 'BadRequest';
      message = 'the server rejected our request for an unknown reason';
      break;
    case 401:
      reason = 'Unauthorized';
      message = 'the server has asked for the client to provide credentials';
      break;
    case 403:
      reason = 'Forbidden';
      message = serverMessage;
      break;
    case 406:
      reason = 'NotAcceptable';
      message = serverMessage === '' || serverMessage === 'unknown' ? 'the server was unable to respond with a content type that the client supports' : serverMessage;
      break;
    case 415:
      reason = 'UnsupportedMediaType';
      message = serverMessage;
      break;
    case 405:
      reason = 'MethodNotAllowed';
      message = 'the server does not allow this method on the requested resource';
      break;
    case 422:
      reason = 'Invalid';
      message = 'the server rejected our request due to an error in our request';
      break;
    case 503:
      reason = 'ServiceUnavailable';
      message = 'the server is currently unable to handle the request';
      break;
    case 504:
      reason = 'Timeout';
      message = 'the server was unable to return a response in the time allotted, but may still be processing the request';
      break;
    case 429:
      reason = 'TooManyRequests';
      message = 'the server has received too many requests and has asked us to try again later';
      break;
    default:
      if (code >= 500) {
        reason = 'InternalError';
        message = `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`;
      }
  }
  return { code, reason, message, details: { causes: [{ type: 'UnexpectedServerResponse', field: '', message: serverMessage }] } };
}

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
  // Discovery lists what the cluster serves now: established CRDs, Available aggregated groups.
  const served = [...customResourceInfos(), ...aggregatedResourceInfos()];
  const route = apiRoute('GET', path, served);
  switch (route.type) {
    case 'resource':
      return runResource(env, route, served);
    case 'method-not-allowed':
      throw new CmdError(fatalText(env.client.refusedBeforeRouting('GET', path) ?? METHOD_NOT_ALLOWED));
    case 'non-resource':
      return runNonResource(env, route.path);
    case 'discovery-root':
    case 'discovery-group':
    case 'discovery-version':
      return runNonResource(env, path);
    case 'not-found': {
      // A path naming nothing served is 404 to a client allowed to ask for what it names.
      const refused = env.client.refusedBeforeRouting('GET', path);
      if (refused) throw new CmdError(fatalText(refused));
      return runNonResource(env, path);
    }
  }
}

function runResource(env: Env, route: ResourceRoute, served: readonly ResourceInfo[]): number {
  let plan = planRaw(route);
  if (plan.kind === 'status') throw new CmdError(fatalText(plan.error));
  if (plan.kind === 'stream') throw plainError(`"kubectl get --raw" of ${plan.what} is not modelled by this simulator: the terminal cannot hold a response open to stream it; use "${plan.instead}" instead`);
  let res: ApiResponse = env.client.raw(plan.req);
  // A proxy redirects `…/proxy` to `…/proxy/`; net/http follows a GET's redirect.
  for (let hops = 0; res.ok && res.proxied?.location !== undefined && res.code >= 300 && res.code < 400 && hops < MAX_REDIRECTS; hops++) {
    const next = apiRoute('GET', res.proxied.location, served);
    const again = next.type === 'resource' ? planRaw(next) : undefined;
    if (again?.kind !== 'request') break;
    plan = again;
    res = env.client.raw(plan.req);
  }
  if (!res.ok) throw new CmdError(fatalText(res.error));
  if (res.proxied) {
    // The app's answer: a 2xx body is copied out as it came (rawhttp's io.Copy), any other is an error.
    if (res.code >= 200 && res.code < 300) {
      env.out.out(res.text ?? '');
      return 0;
    }
    throw new CmdError(fatalText(unstructuredError(res.code, 'GET', res.text ?? '', res.proxied.contentType)));
  }
  env.out.out(body(plan.view, plan.req, route, res));
  return 0;
}

function body(view: RawView, req: Request, route: ResourceRoute, res: Extract<ApiResponse, { ok: true }>): string {
  switch (view) {
    case 'as-sent':
      // pods/<name>/log: the container's log as the kubelet served it.
      return res.text ?? '';
    case 'object':
      return objectBody(res.object!);
    case 'scale':
      return objectBody(scaleOf(res.object!) as unknown as KObject);
    case 'list': {
      const filtered = req.labelSelector !== undefined || req.fieldSelector !== undefined;
      // The page's store keeps every revision it serves: no continue token is ever compacted here.
      const paged = pageOf([...(res.items ?? [])].sort(byKey), route.query, Number(res.resourceVersion), 0, filtered);
      if ('code' in paged) throw new CmdError(fatalText(paged));
      return listBody(route.info, paged.items, paged.metadata);
    }
  }
}

function runNonResource(env: Env, path: string): number {
  const res = env.client.rawPath(path);
  if (!res.ok) throw new CmdError(fatalText(res.error));
  if (res.code === 200) {
    env.out.out(res.body);
    return 0;
  }
  if (res.code === 404) throw new CmdError('Error from server (NotFound): the server could not find the requested resource\n');
  throw new CmdError(`Error from server (InternalError): an error on the server (${goQuote(res.body.trim())}) has prevented the request from succeeding\n`);
}
