/**
 * Where a kubeconfig's cluster leads, as client-go's transport finds out: the server URL read as
 * clientcmd reads it, the TLS configuration built (root CAs, insecure mode), the dial from the
 * workstation (Simulation.dialFromWorkstation) and the handshake with kube-apiserver's serving
 * certificate. A failure is the error every request of the command then fails with, printed by
 * errors.ts standardErrorMessage. Recorded with kubectl v1.35.2 against a TLS server on
 * 127.0.0.1 (cluster-dial.test.ts cites the transcripts); a timeout's text is k8s-fidelity.md's.
 * The klog `E… memcache.go:265] "Unhandled Error"` lines a failed discovery logs first are
 * discovery-failure.ts's.
 * Approximate: a dial that times out costs no simulated time (client-go's dialer waits 30 s);
 * `proxy-url` is kept and shown but not dialled.
 */
import type { ApiDial, NetworkError } from '../engine/index';
import { parsePemCertificates } from '../k8s/x509';
import { plainError } from './errors';

/** The merged cluster a command dials: the file's entry (or clientcmd's defaults) under the global flags. */
export interface DialTarget {
  server: string;
  tlsServerName: string;
  insecure: boolean;
  /** The root CAs' bytes (certificate-authority-data, or the certificate-authority file's), if any. */
  caBytes?: string;
}

export interface DialWorld {
  dialFromWorkstation(host: string, port: number): ApiDial;
  /** The cluster CA's PEM. */
  caPem: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** x509.HostnameError's text for kube-apiserver's certificate (its SANs: DNS names, then IPs). */
function hostnameError(names: readonly string[], host: string): string {
  const ips = names.filter((n) => IPV4.test(n));
  const dns = names.filter((n) => !IPV4.test(n));
  if (IPV4.test(host)) return ips.length ? `x509: certificate is valid for ${ips.join(', ')}, not ${host}` : `x509: cannot validate certificate for ${host} because it doesn't contain any IP SANs`;
  return `x509: certificate is valid for ${dns.join(', ')}, not ${host}`;
}

/**
 * client-go's rootCertPool: bytes that hold no certificate fail before any request. The cluster's
 * CA counts as one (its PEM is shaped, not a parseable DER, in this simulation).
 */
export function checkRootCertificates(caBytes: string, caPem: string): void {
  if (caBytes.includes(caPem.trim()) || parsePemCertificates(caBytes).length > 0) return;
  throw plainError('unable to load root certificates: unable to parse bytes as PEM block');
}

/** url.Parse of a server as clientcmd's DefaultServerURL takes it: without a scheme, http. */
function parseServer(server: string): { scheme: string; host: string; hostname: string; port: number } {
  const schemed = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(server);
  const m = /^(\[[^\]]*\]|[^/:?#[\]]*)(?::(\d*))?(?:[/?#].*)?$/.exec(schemed ? server.slice(schemed[0].length) : server);
  if (!m) throw plainError(`host must be a URL or a host:port pair: ${JSON.stringify(server)}`);
  const scheme = (schemed?.[1] ?? 'http').toLowerCase();
  const hostname = m[1]!;
  const port = m[2] ? Number(m[2]) : scheme === 'https' ? 443 : 80;
  return { scheme, host: m[2] !== undefined ? `${hostname}:${m[2]}` : hostname, hostname: hostname.replace(/^\[|\]$/g, ''), port };
}

/** Undefined when the command reaches kube-apiserver; else the error each of its requests meets. */
export function dialCluster(t: DialTarget, world: DialWorld): NetworkError | undefined {
  const u = parseServer(t.server);
  const fail = (message: string): NetworkError => ({ network: true, server: u.host, message });
  if (u.scheme !== 'http' && u.scheme !== 'https') return fail(`unsupported protocol scheme ${JSON.stringify(u.scheme)}`);
  const ip = u.hostname === 'localhost' ? '127.0.0.1' : u.hostname;
  // Nothing listens on the learner's own machine.
  if (ip.startsWith('127.') || ip === '::1') return fail(`dial tcp ${ip.includes(':') ? `[${ip}]` : ip}:${u.port}: connect: connection refused`);
  // Not recorded here (this sandbox resolves no names): net.DNSError's form, with a laptop's stub resolver.
  if (!IPV4.test(ip)) return fail(`dial tcp: lookup ${ip} on 127.0.0.53:53: no such host`);
  const dial = world.dialFromWorkstation(ip, u.port);
  if (dial.kind === 'refused') return fail(`dial tcp ${ip}:${u.port}: connect: connection refused`);
  if (dial.kind === 'timeout') return fail(`dial tcp ${ip}:${u.port}: i/o timeout`);
  if (u.scheme === 'http') throw plainError(`an http:// server is not available in this simulator: kube-apiserver at ${u.host} serves https only`);
  if (t.insecure) return undefined;
  // No CA: the system's roots, which never hold a kubeadm cluster's CA.
  if (t.caBytes === undefined || !t.caBytes.includes(world.caPem.trim())) return fail('tls: failed to verify certificate: x509: certificate signed by unknown authority');
  const name = (t.tlsServerName || ip).toLowerCase();
  if (!dial.certNames.includes(name)) return fail(`tls: failed to verify certificate: ${hostnameError(dial.certNames, name)}`);
  return undefined;
}
