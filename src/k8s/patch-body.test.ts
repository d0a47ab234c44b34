import { describe, expect, it } from 'vitest';
import { parseGoJson } from './go-json';
import { clientPatchSyntaxError, serverPatchSyntaxError, type PatchBodyType } from './patch-body';

/** The words for `body` as encoding/json reads it first (undefined: valid JSON). */
function words(say: (t: PatchBodyType, syntax: string) => string, type: PatchBodyType, body: string): string | undefined {
  const read = parseGoJson(body);
  return read.ok ? undefined : say(type, read.error);
}
const server = (type: PatchBodyType, body: string) => words(serverPatchSyntaxError, type, body);
const client = (type: PatchBodyType, body: string) => words(clientPatchSyntaxError, type, body);

describe('a PATCH body that is not JSON', () => {
  it('kube-apiserver: strategicPatchObject bare, the merge and JSON patchers prefixed', () => {
    expect(server('strategic', '{"a": [')).toBe('unexpected end of JSON input');
    expect(server('merge', '{"a": }')).toBe("error decoding patch: invalid character '}' looking for beginning of value");
    expect(server('json', '{"a" }')).toBe("error decoding patch: invalid character '}' after object key");
    expect(server('strategic', '{"a": 1}')).toBeUndefined();
  });

  it('kubectl --dry-run=client: ErrBadJSONDoc, ErrBadJSONPatch, or json.Unmarshal', () => {
    expect(client('strategic', '{"a": [')).toBe('invalid JSON document');
    expect(client('merge', '{"a": [')).toBe('Invalid JSON Patch');
    expect(client('json', '{"a": }')).toBe("invalid character '}' looking for beginning of value");
    expect(client('json', '[]')).toBeUndefined();
  });
});
