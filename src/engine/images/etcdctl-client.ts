/**
 * etcdctl's client side (etcdctl/ctlv3/command/global.go, client/v3): global flags, TLS, which
 * member an endpoint reaches, the retry interceptor's warning when a call cannot complete before
 * the 5 s command timeout, and zap's log lines. A Run also keeps the command's own clock: the
 * simulated time its calls take, so log stamps and `took` agree. The commands are etcdctl.ts.
 */
import { isoMillis } from './clock';
import type { Io } from './tool-types';
import type { EtcdClientView } from './types';

export const VERSION = '3.6.8';
/** etcdctl's --command-timeout default. */
export const COMMAND_TIMEOUT_MS = 5000;
/** The files kubeadm mounts into the etcd Pod at /etc/kubernetes/pki/etcd. */
const PKI = new Set(['ca.crt', 'ca.key', 'server.crt', 'server.key', 'peer.crt', 'peer.key', 'healthcheck-client.crt', 'healthcheck-client.key'].map((f) => `/etc/kubernetes/pki/etcd/${f}`));

const VALUE_FLAGS = new Set(['endpoints', 'cacert', 'cert', 'key', 'write-out', 'command-timeout', 'dial-timeout', 'keepalive-time', 'keepalive-timeout', 'user', 'password', 'consistency', 'limit', 'order', 'sort-by', 'rev', 'discovery-srv', 'discovery-srv-name']);
const BOOL_FLAGS = new Set(['cluster', 'prefix', 'keys-only', 'count-only', 'print-value-only', 'hex', 'debug', 'insecure-skip-tls-verify', 'insecure-transport', 'insecure-discovery', 'from-key', 'help']);

export interface Parsed {
  words: string[];
  flags: Map<string, string>;
}

export type Outcome = { status: number; ms: number };

export function parse(argv: string[]): Parsed | string {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-w') {
      flags.set('write-out', argv[++i] ?? '');
      continue;
    }
    if (a.startsWith('-w=')) {
      flags.set('write-out', a.slice(3));
      continue;
    }
    if (a === '-h') {
      flags.set('help', 'true');
      continue;
    }
    if (!a.startsWith('--')) {
      if (a.startsWith('-') && a.length > 1) return `unknown shorthand flag: '${a[1]}' in ${a}`;
      words.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (VALUE_FLAGS.has(name)) {
      const v = eq < 0 ? argv[++i] : a.slice(eq + 1);
      if (v === undefined) return `flag needs an argument: --${name}`;
      flags.set(name, v);
    } else if (BOOL_FLAGS.has(name)) flags.set(name, eq < 0 ? 'true' : a.slice(eq + 1));
    else return `unknown flag: --${name}`;
  }
  return { words, flags };
}

/** The client's TLS settings, from the flags kubeadm's docs pass. */
interface Tls {
  cacert?: string;
  cert?: string;
  key?: string;
  skipVerify: boolean;
}

export class Run {
  private t: number;
  private readonly t0: number;
  /** Microseconds below the current millisecond of the last log line, so stamps only go up. */
  private micro = 0;
  private microAt = -1;
  constructor(
    private readonly io: Io,
    private readonly cluster: EtcdClientView | undefined,
    private readonly p: Parsed,
    clock: number,
  ) {
    this.t = clock;
    this.t0 = clock;
  }

  flag(name: string): string | undefined {
    return this.p.flags.get(name);
  }

  bool(name: string): boolean {
    const v = this.flag(name);
    return v !== undefined && v !== 'false';
  }

  out(text: string): void {
    this.io.out(text);
  }

  err(text: string): void {
    this.io.err(text);
  }

  /** The cluster; only called once `connect` found a member, which needs one. */
  view(): EtcdClientView {
    return this.cluster!;
  }

  now(): number {
    return this.t;
  }

  setNow(t: number): void {
    this.t = t;
  }

  advance(ms: number): void {
    this.t += ms;
  }

  /** zap's JSON line (etcdctl logs to stderr), at the run's current time. */
  zap(level: 'info' | 'warn', caller: string, msg: string, fields: Record<string, unknown>, logger?: string): void {
    this.micro = this.microAt === this.t ? Math.min(999, this.micro + 41 + ((this.micro * 7) % 89)) : 100 + ((this.t * 7919) % 400);
    this.microAt = this.t;
    const ts = `${isoMillis(this.t).slice(0, -1)}${String(this.micro).padStart(3, '0')}Z`;
    const head: Record<string, unknown> = { level, ts };
    if (logger) head['logger'] = logger;
    this.io.err(`${JSON.stringify({ ...head, caller, msg, ...fields })}\n`);
  }

  endpoints(): string[] {
    return (this.flag('endpoints') ?? '127.0.0.1:2379').split(',').filter(Boolean);
  }

  tls(): Tls {
    const t: Tls = { skipVerify: this.bool('insecure-skip-tls-verify') };
    const ca = this.flag('cacert');
    const cert = this.flag('cert');
    const key = this.flag('key');
    if (ca !== undefined) t.cacert = ca;
    if (cert !== undefined) t.cert = cert;
    if (key !== undefined) t.key = key;
    return t;
  }

  /** The file a TLS flag names that the container does not have (TLSInfo loads the key pair, then the CA). */
  missingFile(): string | undefined {
    const t = this.tls();
    return [t.cert, t.key, t.cacert].find((f) => f !== undefined && !PKI.has(f));
  }

  /** The member an endpoint reaches, or grpc's description of why the connection failed. */
  connect(ep: string): { member: string } | { error: string } {
    const scheme = /^([a-z]+):\/\//.exec(ep)?.[1];
    const hostPort = ep.replace(/^[a-z]+:\/\//, '');
    const member = this.cluster?.memberAt(hostPort);
    if (member === undefined) return { error: `transport: Error while dialing: dial tcp ${hostPort}: connect: connection refused` };
    const t = this.tls();
    const secure = scheme === 'https' || (scheme === undefined && (t.cacert !== undefined || t.cert !== undefined || t.key !== undefined));
    // The server speaks TLS only: a plaintext HTTP/2 preface gets the connection closed.
    if (!secure) return { error: 'error reading server preface: EOF' };
    if (t.cacert === undefined && !t.skipVerify) return { error: 'transport: authentication handshake failed: tls: failed to verify certificate: x509: certificate signed by unknown authority' };
    // --client-cert-auth=true: the server wants a certificate its CA signed.
    if (t.cert === undefined || t.key === undefined) return { error: 'transport: authentication handshake failed: remote error: tls: certificate required' };
    return { member };
  }

  /** The client retried a unary call until the command timeout: its warning (the caller prints the error). */
  timedOut(ep: string, method: string, error: string): void {
    this.t += COMMAND_TIMEOUT_MS;
    const grpc = error === 'context deadline exceeded' ? 'rpc error: code = DeadlineExceeded desc = context deadline exceeded' : `rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = ${JSON.stringify(error)}`;
    this.zap('warn', `v3@v${VERSION}/retry_interceptor.go:65`, 'retrying of unary invoker failed', { target: `etcd-endpoints://0xc0003c2000/${ep.replace(/^[a-z]+:\/\//, '')}`, method, attempt: 0, error: grpc }, 'etcd-client');
  }

  /** A unary call through a client over all the endpoints: the first that connects answers. */
  anyMember(method: string): string | undefined {
    const eps = this.endpoints();
    let firstError = '';
    for (const ep of eps) {
      const c = this.connect(ep);
      if ('member' in c) return c.member;
      firstError ||= c.error;
    }
    this.timedOut(eps[0] ?? '', method, firstError);
    return undefined;
  }

  /** cobrautl.ExitWithError: `Error: …` on stderr. */
  fail(text: string, status = 1): Outcome {
    this.io.err(`Error: ${text}\n`);
    return this.done(status);
  }

  done(status: number): Outcome {
    return { status, ms: this.t - this.t0 };
  }

  writer(): 'simple' | 'table' | 'unsupported' {
    const w = this.flag('write-out') ?? 'simple';
    return w === 'simple' || w === 'table' ? w : 'unsupported';
  }
}
