import { describe, expect, it } from 'vitest';
import { clientPatchSyntaxError, serverPatchSyntaxError } from './patch-body';

describe('a PATCH body that is not JSON', () => {
  it('kube-apiserver: strategicPatchObject bare, the merge and JSON patchers prefixed', () => {
    expect(serverPatchSyntaxError('strategic', '{"a": [')).toBe('unexpected end of JSON input');
    expect(serverPatchSyntaxError('merge', '{"a": }')).toBe("error decoding patch: invalid character '}' looking for beginning of value");
    expect(serverPatchSyntaxError('json', '{"a" }')).toBe("error decoding patch: invalid character '}' after object key");
    expect(serverPatchSyntaxError('strategic', '{"a": 1}')).toBeUndefined();
  });

  it('kubectl --dry-run=client: ErrBadJSONDoc, ErrBadJSONPatch, or json.Unmarshal', () => {
    expect(clientPatchSyntaxError('strategic', '{"a": [')).toBe('invalid JSON document');
    expect(clientPatchSyntaxError('merge', '{"a": [')).toBe('Invalid JSON Patch');
    expect(clientPatchSyntaxError('json', '{"a": }')).toBe("invalid character '}' looking for beginning of value");
    expect(clientPatchSyntaxError('json', '[]')).toBeUndefined();
  });
});
