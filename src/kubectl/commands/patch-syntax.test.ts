/**
 * A patch that does not parse: YAML text fails in kubectl (yaml.ToJSON, o.Patch quoted), JSON-looking
 * text goes through and fails where it is first read — kube-apiserver, or kubectl under
 * --dry-run=client. Each line was recorded from kubectl 1.35 (examples/parity-2.sh).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe('kubectl patch with a body that does not parse', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl create deployment web --image=nginx:1.27').code).toBe(0);
  });
  const cases: [string, string][] = [
    [`kubectl patch deployment web -p 'x: "y'`, 'error: unable to parse "x: \\"y": yaml: found unexpected end of stream\n'],
    [`kubectl patch deployment web -p 'spec: ['`, 'error: unable to parse "spec: [": yaml: line 1: did not find expected node content\n'],
    [`kubectl patch deployment web -p '{"spec": ['`, 'Error from server (BadRequest): unexpected end of JSON input\n'],
    [`kubectl patch deployment web --type=merge -p '{"spec": }'`, "Error from server (BadRequest): error decoding patch: invalid character '}' looking for beginning of value\n"],
    [`kubectl patch deployment web --type=json -p '{"spec" }'`, "Error from server (BadRequest): error decoding patch: invalid character '}' after object key\n"],
    [`kubectl patch deployment web -p '{"spec": [' --dry-run=client`, 'error: invalid JSON document\n'],
    [`kubectl patch deployment web --type=merge -p '{"spec": }' --dry-run=client`, 'error: Invalid JSON Patch\n'],
    [`kubectl patch deployment web --type=json -p '{"spec": }' --dry-run=client`, "error: invalid character '}' looking for beginning of value\n"],
  ];
  it.each(cases)('%s', (line, said) => {
    const res = kubectl(sim, line);
    expect(res.all).toBe(said);
    expect(res.code).toBe(1);
  });

  it('JSON that YAML would also read is not read as YAML: `{"spec": }` is no null spec', () => {
    expect(kubectl(sim, `kubectl patch deployment web --type=merge -p '{"spec": }'`).all).not.toContain('is invalid');
  });
});
