/**
 * `kubectl create token` against the real engine: the token, `-o` printing the TokenRequest as
 * kubectl 1.35 prints it from `reconcile serve` (src/serve/token.test.ts compares them), and
 * create_token.go's client-side errors ahead of the server's, wrapped in `failed to create token`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe('kubectl create token', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    base.advance(60_000);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('prints the token and a newline (the terminal is a TTY)', () => {
    const r = kubectl(fresh(), 'create token default');
    expect(r.code).toBe(0);
    expect(r.all).toMatch(/^eyJ[\w+/]+\.eyJ[\w+/]+\.[\w+/]+\n$/);
  });

  it('-o yaml and -o json print the TokenRequest (JSON in the Go struct order), -o name its kind and group', () => {
    const sim = fresh();
    const yaml = kubectl(sim, 'create token default -o yaml --duration=2h').all;
    // Issued at the simulated now (which depends on how long boot took); it expires 2 h later.
    const issued = /creationTimestamp: "([^"]+)"/.exec(yaml)?.[1] ?? '';
    const expires = new Date(Date.parse(issued) + 2 * 3600_000).toISOString().replace('.000Z', 'Z');
    expect(issued).toMatch(/^2025-09-01T09:0\d:\d\dZ$/);
    expect(yaml.replace(/token: \S+/, 'token: T').replace(issued, 'ISSUED').replace(expires, 'EXPIRES')).toBe(
      [
        'apiVersion: authentication.k8s.io/v1',
        'kind: TokenRequest',
        'metadata:',
        '  creationTimestamp: "ISSUED"',
        '  name: default',
        '  namespace: default',
        'spec:',
        '  audiences:',
        '  - https://kubernetes.default.svc.cluster.local',
        '  boundObjectRef: null',
        '  expirationSeconds: 7200',
        'status:',
        '  expirationTimestamp: "EXPIRES"',
        '  token: T',
        '',
      ].join('\n'),
    );
    const json = kubectl(sim, 'create token default -o json --audience=a --audience=b').all;
    const hourLater = new Date(Date.parse(issued) + 3600_000).toISOString().replace('.000Z', 'Z');
    expect(json.replace(/"token": "[^"]+"/, '"token": "T"').replace(issued, 'ISSUED').replace(hourLater, 'EXPIRES')).toBe(
      `{
    "kind": "TokenRequest",
    "apiVersion": "authentication.k8s.io/v1",
    "metadata": {
        "name": "default",
        "namespace": "default",
        "creationTimestamp": "ISSUED"
    },
    "spec": {
        "audiences": [
            "a",
            "b"
        ],
        "expirationSeconds": 3600,
        "boundObjectRef": null
    },
    "status": {
        "token": "T",
        "expirationTimestamp": "EXPIRES"
    }
}
`,
    );
    expect(kubectl(sim, 'create token default -o name').all).toBe('tokenrequest.authentication.k8s.io/default\n');
    expect(kubectl(sim, 'create token default -o jsonpath={.spec.expirationSeconds}').all).toBe('3600');
  });

  it("fails as kubectl does: its own checks first, the server's errors after `failed to create token:`", () => {
    const sim = fresh();
    const cases: [string, string][] = [
      ['create token', "error: exactly one NAME is required, got 0\nSee 'kubectl create token -h' for help and examples\n"],
      ['create token a b', "error: exactly one NAME is required, got 2\nSee 'kubectl create token -h' for help and examples\n"],
      ['create token default --duration=1500ms', 'error: --duration cannot be expressed in units less than seconds\n'],
      ['create token default --duration=-1h', 'error: --duration must be greater than or equal to 0\n'],
      ['create token default --audience=', 'error: --audience must not be an empty string\n'],
      ['create token default --bound-object-name=x', 'error: --bound-object-name can only be set if --bound-object-kind is provided\n'],
      ['create token default --bound-object-kind=ConfigMap --bound-object-name=x', 'error: supported --bound-object-kind values are Node, Pod, Secret\n'],
      ['create token default --bound-object-kind=Pod', 'error: --bound-object-name is required if --bound-object-kind is provided\n'],
      ['create token nope', 'error: failed to create token: serviceaccounts "nope" not found\n'],
      ['create token default -n kube-public --bound-object-kind=Secret --bound-object-name=s', 'error: failed to create token: secrets "s" not found\n'],
      ['create token default --duration=5m', 'error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes\n'],
      [
        'create token default --as=jane',
        'error: failed to create token: serviceaccounts "default" is forbidden: User "jane" cannot create resource "serviceaccounts/token" in API group "" in the namespace "default"\n',
      ],
    ];
    for (const [line, text] of cases) {
      const r = kubectl(sim, line);
      expect([line, r.code, r.all]).toEqual([line, 1, text]);
    }
  });
});
