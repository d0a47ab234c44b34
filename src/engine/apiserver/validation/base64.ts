/**
 * Base64 checks for Secret and ConfigMap data: Go's decode error positions (shared with kubectl's
 * go-template base64decode, so they live in k8s/base64) and decoded sizes.
 */
export { base64Error } from '../../../k8s/base64';

/** Decoded byte length of valid base64 (for Secret/ConfigMap size limits). */
export function base64DecodedLength(s: string): number {
  const clean = s.replace(/[\r\n]/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - pad;
}
