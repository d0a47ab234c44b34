/**
 * client-go's request logging under kubectl's `-v=6` and up (rest/request.go, round_trippers.go),
 * for the requests this kubectl sends through the simulation. Recorded from kubectl v1.35.2
 * against `reconcile serve` (request-log.test.ts cites the runs):
 *   -v=6  `round_trippers.go:632] "Response" verb="GET" url="…" status="200 OK" milliseconds=N`
 *   -v=7  a `"Request"` line with the headers sent, then `"Response" status=… milliseconds=…`
 *   -v=8  adds `"Request Body"`/`"Response Body"` (bodies cut at 1024 characters) and the
 *         response headers
 *   -v=9  the request as a `curl` command line, bodies cut at 10240; -v=10 and up whole bodies
 * The URL is the request line the real kubectl sends (query keys sorted, as url.Values.Encode
 * sorts them). A request takes no simulated time, so `milliseconds=` is the clock's difference: 0.
 * The response headers are serve's (a Node HTTPS server: Connection and Keep-Alive, no Audit-Id),
 * and so are the bodies: kubectl get's Table is printers/server-table.ts's.
 */
import { kubeUserAgent } from '../k8s/version';
import type { ApiResponse, ClientCredentials } from '../engine/index';
import { EPOCH_MS } from '../k8s/time';
import { httpDate, statusText } from '../k8s/http-text';
import { fieldSelectorText, infoOf, METHOD, queryEscape, requestPath, requestQuery, selectorText } from './request-url';
import { toTable } from './printers/server-table';
import { goQuote, type Klog } from './klog';
import type { Request } from './client';
import type { RequestDigest } from '../k8s/flowcontrol';

/** RequestInfo's verb: a collection's DELETE is deletecollection, exec and attach upgrade a GET. */
function requestInfoVerb(req: Request): string {
  if (req.subresource === 'exec' || req.subresource === 'attach') return 'get';
  if (req.verb === 'delete' && !req.name) return 'deletecollection';
  return req.verb;
}

/** What APF reads of a resource request: for `namespaces/<name>` the namespace is the name. */
function resourceTarget(req: Request, verb: string): NonNullable<RequestDigest['resource']> {
  const info = infoOf(req.resource, req.group);
  const namespace = req.resource === 'namespaces' ? req.name : req.namespace;
  return { verb, apiGroup: req.group ?? info?.group ?? '', resource: req.resource, ...(req.subresource ? { subresource: req.subresource } : {}), ...(namespace ? { namespace } : {}) };
}

/** The simulated kubectl's own release (src/k8s/version.ts), as `kubectl version` reports it. */
const USER_AGENT = kubeUserAgent('kubectl');
const DISCOVERY_ACCEPT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
const DISCOVERY_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';


const PATCH_TYPE: Readonly<Record<string, string>> = { strategic: 'application/strategic-merge-patch+json', merge: 'application/merge-patch+json', json: 'application/json-patch+json' };

/** Keys sorted with JSON.stringify's replacer: an unstructured object, as encoding/json writes a map. */
function sortedJson(v: unknown): string {
  return JSON.stringify(v, (_k, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value));
}

/** client-go's truncateBody. */
function truncate(body: string, level: number): string {
  if (level >= 10) return body;
  const max = level >= 9 ? 10240 : 1024;
  return body.length <= max ? body : `${body.slice(0, max)} [truncated ${body.length - max} chars]`;
}


interface Exchange {
  method: string;
  url: string;
  /** Where client-go logs the bodies (the caller of rest.Request.Do). */
  at: string;
  accept: string;
  contentType?: string;
  /** The body sent, as written on the wire ('' for none). */
  requestBody: string;
  status: number;
  responseType: string;
  responseBody: string;
  ms: number;
  /** A watch: its response is a stream, whose body client-go never logs. */
  stream?: true;
  /** What APF classifies the request by. */
  apf: Omit<RequestDigest, 'user'>;
}

export interface RequestLogOptions {
  /** `host:port` of the server the context names. */
  server: string;
  credentials: ClientCredentials;
  /** The command's words (`['create', 'deployment']`). */
  words: readonly string[];
  /** kubectl get printing a table asks the server for one. */
  table: boolean;
  /** The APF headers kube-apiserver answers a request with (Simulation.apfResponseHeaders). */
  apf?: (target: Omit<RequestDigest, 'user'>) => [string, string][];
}

/** One invocation's request logger: the Client calls it after each request when -v is 6 or more. */
export class RequestLog {
  private dialed = false;
  /** The resourceVersion of the last list, where kubectl get -w starts its watch. */
  private listedAt = '';

  constructor(
    private readonly klog: Klog,
    private readonly opts: RequestLogOptions,
    private readonly now: () => number,
  ) {}

  /**
   * A cold discovery cache's two GETs (aggregated discovery), sent before the first resource
   * request; `body(legacy)` is what the server answers (k8s/discovery's aggregatedDiscovery).
   */
  discovery(body: (legacy: boolean) => string): void {
    for (const [path, at] of [['/api', 'discovery_client.go:255'], ['/apis', 'discovery_client.go:318']] as const) {
      const responseBody = this.klog.enabled(8) ? body(path === '/api') : '';
      this.exchange({ method: 'GET', url: `https://${this.opts.server}${path}?timeout=32s`, at, accept: DISCOVERY_ACCEPT, requestBody: '', status: 200, responseType: DISCOVERY_TYPE, responseBody, ms: 0, apf: { nonResource: { verb: 'get', path } } });
    }
  }

  /** kubectl get -w's WATCH from the list's resourceVersion (recorded: `?resourceVersion=393&watch=true`). */
  watch(req: Request, status: number): void {
    const q: [string, string][] = [];
    if (req.fieldSelector?.length) q.push(['fieldSelector', fieldSelectorText(req, this.opts.words)]);
    if (req.labelSelector?.length) q.push(['labelSelector', selectorText(req.labelSelector)]);
    if (this.listedAt) q.push(['resourceVersion', this.listedAt]);
    q.push(['watch', 'true']);
    const url = `https://${this.opts.server}${requestPath(req)}?${q.map(([k, v]) => `${k}=${queryEscape(v)}`).join('&')}`;
    this.exchange({ method: 'GET', url, at: 'helper.go:170', accept: this.opts.table ? TABLE_ACCEPT : 'application/json', requestBody: '', status, responseType: 'application/json', responseBody: '', ms: 0, stream: true, apf: { resource: resourceTarget(req, 'watch') } });
  }

  /** A non-resource GET (`get --raw /version`). */
  raw(path: string, status: number, body: string, ms: number): void {
    // kubectl version asks through the discovery client, which adds its timeout (recorded: `/version?timeout=32s`).
    const query = this.opts.words[0] === 'version' ? '?timeout=32s' : '';
    this.exchange({ method: 'GET', url: `https://${this.opts.server}${path}${query}`, at: 'request.go:1403', accept: 'application/json, */*', requestBody: '', status, responseType: 'application/json', responseBody: body, ms, apf: { nonResource: { verb: 'get', path: path.split('?')[0] ?? path } } });
  }

  resource(req: Request, res: ApiResponse, ms: number): void {
    let status: number;
    if (res.ok) status = res.code;
    else if ('network' in res.error) return;
    else status = res.error.code;
    if (res.ok && req.verb === 'list') this.listedAt = res.resourceVersion;
    // exec and attach upgrade a GET to a WebSocket (recorded: `verb="GET" …/exec?command=ls…` `status="101 Switching Protocols"`).
    const method = req.subresource === 'exec' || req.subresource === 'attach' ? 'GET' : (METHOD[req.verb] ?? 'GET');
    const table = this.opts.table && (req.verb === 'get' || req.verb === 'list') && !req.subresource;
    const at = this.caller(req);
    // The typed client of `kubectl create <kind>` speaks protobuf (recorded: these two headers and a hex dump of the body).
    const typed = at === 'type.go:213';
    const contentType = typed ? PROTOBUF : this.contentType(req);
    this.exchange({
      method,
      url: `https://${this.opts.server}${requestPath(req)}${requestQuery(req, this.opts.words)}`,
      at,
      accept: table ? TABLE_ACCEPT : typed ? `${PROTOBUF},application/json` : 'application/json',
      ...(contentType ? { contentType } : {}),
      requestBody: this.requestBody(req),
      status,
      responseType: 'application/json',
      responseBody: this.klog.enabled(8) ? responseBody(req, res, table ? this.now() : undefined) : '',
      ms,
      apf: { resource: resourceTarget(req, requestInfoVerb(req)) },
    });
  }

  private contentType(req: Request): string | undefined {
    // kubectl label and annotate send a JSON merge patch (recorded: `Content-Type: application/merge-patch+json`).
    const merge = this.opts.words[0] === 'label' || this.opts.words[0] === 'annotate';
    if (req.verb === 'patch') return req.apply ? 'application/apply-patch+yaml' : PATCH_TYPE[req.patchType ?? (merge ? 'merge' : 'strategic')];
    return req.verb === 'create' || req.verb === 'update' || req.verb === 'delete' ? 'application/json' : undefined;
  }

  /** resource.Helper's call sites (kubectl's generic paths), or the typed client's for `create <kind>`. */
  private caller(req: Request): string {
    switch (req.verb) {
      case 'get':
        return 'helper.go:105';
      case 'list':
        return 'helper.go:113';
      case 'create':
        return this.opts.words[0] === 'create' && this.opts.words.length > 1 ? 'type.go:213' : 'helper.go:246';
      case 'delete':
        return 'helper.go:202';
      case 'patch':
        return 'helper.go:269';
      case 'update':
        return 'helper.go:319';
      default:
        return 'request.go:1403';
    }
  }

  private requestBody(req: Request): string {
    if (!this.klog.enabled(8)) return '';
    if (req.verb === 'patch') return sortedJson(req.patchType === 'json' ? req.patchOps : req.body);
    if (req.verb === 'create' || req.verb === 'update') return `${sortedJson(req.body)}\n`;
    if (req.verb === 'delete') {
      const opts: Record<string, unknown> = {};
      if (req.dryRun) opts.dryRun = ['All'];
      if (req.gracePeriodSeconds !== undefined) opts.gracePeriodSeconds = req.gracePeriodSeconds;
      opts.propagationPolicy = req.propagationPolicy ?? 'Background';
      return `${JSON.stringify(opts)}\n`;
    }
    return '';
  }

  private exchange(x: Exchange): void {
    const k = this.klog;
    const level = k.level;
    const status = `${x.status} ${statusText(x.status)}`.trimEnd();
    if (level < 7) {
      k.info(6, 'round_trippers.go:632', 'Response', [['verb', x.method], ['url', x.url], ['status', status], ['milliseconds', x.ms]]);
      return;
    }
    if (level >= 8) k.info(8, x.at, 'Request Body', [['body', truncate(x.requestBody, level)]]);
    // The curl line's order is a Go map's; this is the one recorded (Accept, Content-Type, User-Agent, Authorization).
    const sent: [string, string][] = [['Accept', x.accept]];
    if (x.contentType) sent.push(['Content-Type', x.contentType]);
    sent.push(['User-Agent', USER_AGENT]);
    if (typeof this.opts.credentials === 'object' && 'token' in this.opts.credentials) sent.push(['Authorization', 'Bearer <masked>']);
    if (level >= 9) {
      const curl = `curl -v -X${x.method}  ${sent.map(([h, v]) => `-H ${goQuote(`${h}: ${v}`)}`).join(' ')} '${x.url}'\n`;
      k.info(9, 'round_trippers.go:527', 'Request', [['curlCommand', curl]]);
      if (!this.dialed) k.info(9, 'round_trippers.go:562', 'HTTP Trace: Dial succeed', [['network', 'tcp'], ['address', this.opts.server]]);
    } else {
      const headers = [...sent].sort(([a], [b]) => (a < b ? -1 : 1)).map(([h, v]) => `${h}: ${v}\n`).join('');
      k.info(7, 'round_trippers.go:527', 'Request', [['verb', x.method], ['url', x.url], ['headers', headers]]);
    }
    const apf = level >= 8 && this.opts.apf ? this.opts.apf(x.apf) : [];
    const got = `Cache-Control: no-cache, private\nConnection: keep-alive\nContent-Type: ${x.responseType}\nDate: ${httpDate(EPOCH_MS + this.now())}\nKeep-Alive: timeout=5\n${apf.map(([h, v]) => `${h}: ${v}\n`).join('')}`;
    if (level >= 9) {
      const timing: [string, number][] = this.dialed ? [['getConnectionMilliseconds', 0], ['serverProcessingMilliseconds', x.ms]] : [['dnsLookupMilliseconds', 0], ['dialMilliseconds', 0], ['tlsHandshakeMilliseconds', 0], ['serverProcessingMilliseconds', x.ms]];
      k.info(9, 'round_trippers.go:632', 'Response', [['verb', x.method], ['url', x.url], ['status', status], ['headers', got], ['milliseconds', x.ms], ...timing]);
    } else if (level >= 8) {
      k.info(8, 'round_trippers.go:632', 'Response', [['status', status], ['headers', got], ['milliseconds', x.ms]]);
    } else {
      k.info(7, 'round_trippers.go:632', 'Response', [['status', status], ['milliseconds', x.ms]]);
    }
    this.dialed = true;
    if (level >= 8 && !x.stream) k.info(8, x.at, 'Response Body', [['body', truncate(x.responseBody, level)]]);
  }
}

/**
 * What the simulated server answered, as JSON: the object, a List of the items, or the Status of a
 * failure; a Table (serve's, at `tableAt`'s time) when kubectl get asked for one.
 */
function responseBody(req: Request, res: ApiResponse, tableAt: number | undefined): string {
  if (!res.ok) {
    const e = res.error;
    if ('network' in e) return '';
    return JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: e.message, reason: e.reason, ...(e.details ? { details: e.details } : {}), code: e.code });
  }
  if (res.text !== undefined) return res.text;
  const info = infoOf(req.resource, req.group);
  if (tableAt !== undefined && info) {
    const objs = req.verb === 'list' ? (res.items ?? []) : res.object ? [res.object] : [];
    const rv = req.verb === 'list' ? res.resourceVersion : (res.object?.metadata.resourceVersion ?? '');
    return JSON.stringify(toTable(info, objs, tableAt, rv, { noHeaders: false, includeObject: 'Metadata' }));
  }
  if (req.verb === 'list') {
    const apiVersion = info?.group ? `${info.group}/${req.version ?? info.version}` : (req.version ?? info?.version ?? 'v1');
    return JSON.stringify({ kind: `${info?.kind ?? ''}List`, apiVersion, metadata: { resourceVersion: res.resourceVersion }, items: res.items ?? [] });
  }
  return res.object ? JSON.stringify(res.object) : '';
}
