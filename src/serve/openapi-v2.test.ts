/**
 * `/openapi/v2` through reconcile serve: the real kubectl's `explain --output=plaintext-openapiv2`
 * (client-go's OpenAPISchema(), which asks for gnostic protobuf) and the JSON document.
 */
import { request } from 'node:https';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl } from './served.testing';
import { servedSession } from './served-session.testing';

let kubectl: KubectlBinary;
const setup = servedSession('openapi-v2');

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('OpenAPI v2 through reconcile serve', () => {
  it('answers kubectl explain --output=plaintext-openapiv2 from the protobuf document', async () => {
    const r = await runKubectl(kubectl, setup.served, setup.home, ['explain', 'deployment.spec.strategy', '--output=plaintext-openapiv2']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('KIND:     Deployment\nVERSION:  apps/v1\n\nRESOURCE: strategy <Object>\n');
    expect(r.stdout).toContain('   rollingUpdate\t<Object>\n     Rolling update config params.');
    const ports = await runKubectl(kubectl, setup.served, setup.home, ['explain', 'svc.spec.ports', '--output=plaintext-openapiv2']);
    expect(ports.stdout).toMatch(/targetPort\t<string>/);
  });

  it('serves JSON to other clients, with each kind tagged by its group, version and kind', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(`${setup.served.url}/openapi/v2`, { ca: setup.served.caCert, headers: { Authorization: `Bearer ${setup.served.credentials.tokens['kubernetes-admin']}`, Accept: 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    const doc = JSON.parse(body) as { swagger: string; definitions: Record<string, { 'x-kubernetes-group-version-kind'?: unknown; properties?: Record<string, { $ref?: string }> }> };
    expect(doc.swagger).toBe('2.0');
    const deployment = doc.definitions['io.k8s.api.apps.v1.Deployment']!;
    expect(deployment['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    expect(deployment.properties!['spec']!.$ref).toMatch(/^#\/definitions\//);
  });
});
