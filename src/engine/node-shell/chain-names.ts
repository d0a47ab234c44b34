/**
 * kube-proxy's hash-derived chain names. iptables (pkg/proxy/iptables/proxier.go portProtoHash):
 * `KUBE-SVC-` + base32(sha256(servicePortName + protocol))[:16], and `KUBE-SEP-` over the same
 * plus the endpoint; servicePortName is `ns/name:port` (`ns/name` for an unnamed port) and the
 * protocol lower case. nftables (pkg/proxy/nftables/proxier.go hashAndTruncate): base32 of the
 * sha256 of `ns/name/proto/port[__ip/port]`, its first 8 characters, then `-` and the name.
 */
import { sha256Hex } from '../../k8s/sha256';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (Go's base32.StdEncoding) of the bytes `hex` spells, without padding. */
function base32OfHex(hex: string): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (let i = 0; i < hex.length; i += 2) {
    value = (value << 8) | Number.parseInt(hex.slice(i, i + 2), 16);
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function hash(text: string): string {
  return base32OfHex(sha256Hex(text));
}

/** `default/web:http`, or `default/web` for an unnamed port (proxy.ServicePortName.String()). */
export function servicePortName(service: string, portName: string): string {
  return portName ? `${service}:${portName}` : service;
}

export function svcChain(spn: string, protocol: string): string {
  return `KUBE-SVC-${hash(spn + protocol.toLowerCase()).slice(0, 16)}`;
}

export function extChain(spn: string, protocol: string): string {
  return `KUBE-EXT-${hash(spn + protocol.toLowerCase()).slice(0, 16)}`;
}

export function sepChain(spn: string, protocol: string, endpoint: string): string {
  return `KUBE-SEP-${hash(spn + protocol.toLowerCase() + endpoint).slice(0, 16)}`;
}

function hashAndTruncate(name: string): string {
  return `${hash(name).slice(0, 8)}-${name}`;
}

/** `ULMVA6XW-ns1/svc1/tcp/p80` (prefixed `service-` or `external-` by the caller). */
export function nftServiceBase(service: string, protocol: string, portName: string): string {
  const [ns, name] = service.split('/');
  return hashAndTruncate(`${ns}/${name}/${protocol.toLowerCase()}/${portName}`);
}

/** `5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80`. */
export function nftEndpointBase(service: string, protocol: string, portName: string, endpoint: string): string {
  const [ns, name] = service.split('/');
  const colon = endpoint.lastIndexOf(':');
  return hashAndTruncate(`${ns}/${name}/${protocol.toLowerCase()}/${portName}__${endpoint.slice(0, colon)}/${endpoint.slice(colon + 1)}`);
}
