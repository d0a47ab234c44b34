/**
 * registry.k8s.io/echoserver's answer: the request it received, as its nginx + Lua page renders it.
 *
 * - 1.10 (nginx 1.13.3, ngx_lua 10008): kubernetes/kubernetes test/images/echoserver/nginx.conf's
 *   lua-resty-template (read at 729007a8): two blank lines, `Hostname:` (the Pod's), `Pod
 *   Information:` (`-no pod information available-` unless POD_NAME is in the environment), `Server
 *   values:`, `Request Information:` (client_address = nginx's $remote_addr, the source address
 *   the packet arrived with), `Request Headers:` (lowercased names, sorted, each value
 *   HTML-escaped by `{{…}}`, a single value followed by the template's two spaces) and `Request
 *   Body:`; ngx.say adds the last newline. Served as text/plain. Transcripts of 1.10 (minikube's
 *   hello-minikube, `server_version=nginx: 1.13.3 - lua: 10008`) show the same lines; their
 *   trailing spaces cannot be seen there.
 * - 1.4 (nginx 1.10.0, ngx_lua 10001): `CLIENT VALUES:` … `HEADERS RECEIVED:` … `BODY:`, `query=nil`
 *   without a query string, and no newline after the body, as its transcripts show it.
 * request_uri is `$scheme://$host:$server_port$request_uri`: the Host header's name with the port
 * the container listens on (8080), not the one the client dialled.
 */

export interface EchoRequest {
  method: string;
  /** The request target as sent (path and query). */
  path: string;
  headers: readonly (readonly [string, string])[];
  body?: string;
  /** $remote_addr. */
  clientIP: string;
  /** The port the server accepted it on. */
  serverPort: number;
  /** The Pod's hostname. */
  hostname: string;
  /** The container's environment (POD_NAME, NODE_NAME … if the Pod sets them). */
  env: (name: string) => string | undefined;
  /** The address the connection was accepted on: $host when the request names none. */
  serverAddr: string;
}

export type EchoLayout = '1.4' | '1.10';

/** ngx.req.get_headers(): lowercased names, repeated ones gathered, sorted as table.sort does (bytewise). */
function headerTable(headers: EchoRequest['headers']): [string, string[]][] {
  const m = new Map<string, string[]>();
  for (const [k, v] of headers) {
    const key = k.toLowerCase();
    m.set(key, [...(m.get(key) ?? []), v]);
  }
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** lua-resty-template's `{{…}}` escape (test/images/echoserver/template.lua: `/` is left alone). */
function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** nginx's $host: the Host header's name, lowercased, without its port. */
function hostVar(r: EchoRequest): string {
  const h = r.headers.find(([k]) => k.toLowerCase() === 'host')?.[1];
  if (h === undefined || h === '') return r.serverAddr;
  return (h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.split(':')[0]!).toLowerCase();
}

export function echoserverBody(layout: EchoLayout, r: EchoRequest): string {
  const q = r.path.indexOf('?');
  const query = q < 0 ? undefined : r.path.slice(q + 1);
  const uri = `http://${hostVar(r)}:${r.serverPort}${r.path}`;
  const headers = headerTable(r.headers);
  if (layout === '1.4') {
    let s = `CLIENT VALUES:\nclient_address=${r.clientIP}\ncommand=${r.method}\nreal path=${r.path}\nquery=${query ?? 'nil'}\nrequest_version=1.1\nrequest_uri=${uri}\n\n`;
    s += 'SERVER VALUES:\nserver_version=nginx: 1.10.0 - lua: 10001\n\nHEADERS RECEIVED:\n';
    for (const [k, vs] of headers) s += `${k}=${vs.join(', ')}\n`;
    return `${s}BODY:\n${r.body ?? '-no body in request-'}`;
  }
  const pod = r.env('POD_NAME');
  let s = `\n\nHostname: ${escape(r.hostname)}\n\nPod Information:\n`;
  s += pod
    ? `\tnode name:\t${escape(r.env('NODE_NAME') ?? 'N/A')}\n\tpod name:\t${escape(pod)}\n\tpod namespace:\t${escape(r.env('POD_NAMESPACE') ?? 'N/A')}\n\tpod IP:\t${escape(r.env('POD_IP') ?? 'N/A')}\n`
    : '\t-no pod information available-\n';
  s += '\nServer values:\n\tserver_version=nginx: 1.13.3 - lua: 10008\n\nRequest Information:\n';
  s += `\tclient_address=${escape(r.clientIP)}\n\tmethod=${escape(r.method)}\n\treal path=${escape(r.path)}\n\tquery=${escape(query ?? '')}\n\trequest_version=1.1\n\trequest_scheme=http\n\trequest_uri=${escape(uri)}\n\nRequest Headers:\n`;
  for (const [k, vs] of headers) {
    if (vs.length > 1) for (const v of vs) s += `\t${escape(k)}=${escape(v)}\n`;
    else s += `\t${escape(k)}=${escape(vs[0]!)}  \n`;
  }
  s += `\nRequest Body:\n${r.body !== undefined && r.body !== '' ? escape(r.body) : '\t-no body in request-'}\n`;
  return `${s}\n`;
}
