/**
 * Request bodies by Content-Type: JSON (what kubectl's dynamic client sends), YAML, and
 * Kubernetes protobuf (what client-go's typed clients send for built-in kinds, see protobuf.ts).
 */
import { parse as parseYaml } from 'yaml';
import { decodeProtobuf, PROTOBUF_MEDIA } from './protobuf';
import { badRequest, unsupportedMediaType, type HttpError } from './status';

export type Body = Record<string, unknown>;

export type BodyResult = { ok: true; value: Body } | { ok: false; error: HttpError };

export function decodeBody(contentType: string | undefined, raw: Buffer): BodyResult {
  const mediaType = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (mediaType === PROTOBUF_MEDIA) {
    const decoded = decodeProtobuf(raw);
    return decoded.ok ? { ok: true, value: decoded.object as unknown as Body } : { ok: false, error: badRequest(decoded.message) };
  }
  let value: unknown;
  try {
    if (mediaType === 'application/json' || mediaType === '') value = JSON.parse(raw.toString('utf8'));
    else if (mediaType === 'application/yaml') value = parseYaml(raw.toString('utf8'));
    else return { ok: false, error: unsupportedMediaType(mediaType) };
  } catch (e) {
    return { ok: false, error: badRequest(`the body of the request was in an unknown format: ${e instanceof Error ? e.message : String(e)}`) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: badRequest('the body of the request was in an unknown format') };
  return { ok: true, value: value as Body };
}
