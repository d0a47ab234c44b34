/**
 * k8s.io/cluster-bootstrap/token/jws: the detached JWS the bootstrap signer puts in cluster-info,
 * which `kubeadm join --token` checks to trust the kubeconfig it read anonymously. go-jose signs
 * with HS256 under the token's secret, the token id as `kid` in the protected header (a map,
 * so its keys are sorted); the payload segment is cut out of the compact form (`header..sig`).
 */
import { base64RawUrlEncodeBytes } from '../../../k8s/base64';
import { utf8Bytes } from '../../../k8s/utf8';
import { hmacSha256 } from '../../../k8s/sha256';

const segment = (text: string): string => base64RawUrlEncodeBytes(utf8Bytes(text));

/** ComputeDetachedSignature(content, tokenID, tokenSecret). */
export function computeDetachedSignature(content: string, tokenId: string, tokenSecret: string): string {
  const header = segment(JSON.stringify({ alg: 'HS256', kid: tokenId }));
  const signingInput = `${header}.${segment(content)}`;
  return `${header}..${base64RawUrlEncodeBytes(hmacSha256(utf8Bytes(tokenSecret), utf8Bytes(signingInput)))}`;
}
