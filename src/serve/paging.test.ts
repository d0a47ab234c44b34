/**
 * `limit`/`continue` through reconcile serve: pages that add up to the whole list, kubectl's
 * `--chunk-size` printing what one unpaged list prints, and the 410 Expired of a continue token
 * older than the served history.
 */
import { request } from 'node:https';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { encodeContinue, INCONSISTENT_CONTINUE } from '../k8s/paging';
import { runKubectl } from './served.testing';
import { servedSession } from './served-session.testing';

let kubectl: KubectlBinary;
const setup = servedSession('paging');

interface ListBody {
  metadata: { resourceVersion: string; continue?: string; remainingItemCount?: number };
  items: { metadata: { namespace: string; name: string } }[];
}

function get(path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${setup.served.url}${path}`, { ca: setup.served.caCert, headers: { Authorization: `Bearer ${setup.served.credentials.tokens['kubernetes-admin']}` } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('list paging through reconcile serve', () => {
  it('pages a list with limit and continue, one resourceVersion for every page', async () => {
    const whole = (await get('/api/v1/pods')).body as ListBody;
    const names = whole.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    expect(names.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let token = '';
    let pages = 0;
    for (;;) {
      const r = await get(`/api/v1/pods?limit=3${token ? `&continue=${encodeURIComponent(token)}` : ''}`);
      expect(r.status).toBe(200);
      const page = r.body as ListBody;
      pages++;
      seen.push(...page.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`));
      expect(page.metadata.resourceVersion).toBe(whole.metadata.resourceVersion);
      if (!page.metadata.continue) break;
      expect(page.items).toHaveLength(3);
      expect(page.metadata.remainingItemCount).toBe(names.length - seen.length);
      token = page.metadata.continue;
    }
    expect(seen).toEqual(names);
    expect(pages).toBe(Math.ceil(names.length / 3));
    // A selector filters the list: no remainingItemCount.
    const filtered = (await get('/api/v1/pods?limit=1&labelSelector=k8s-app%3Dkube-dns')).body as ListBody;
    expect(filtered.metadata.continue).toBeDefined();
    expect(filtered.metadata.remainingItemCount).toBeUndefined();
  });

  it('prints the same table with --chunk-size as without', async () => {
    const whole = await runKubectl(kubectl, setup.served, setup.home, ['get', 'pods', '-A']);
    const chunked = await runKubectl(kubectl, setup.served, setup.home, ['get', 'pods', '-A', '--chunk-size=2']);
    expect(chunked.stderr).toBe('');
    expect(chunked.stdout).toBe(whole.stdout);
  });

  it('answers an expired continue token 410 Expired, and a garbled one 400', async () => {
    const expired = await get(`/api/v1/pods?limit=2&continue=${encodeURIComponent(encodeContinue(1, 'kube-system/a'))}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired', message: INCONSISTENT_CONTINUE });
    const garbled = await get('/api/v1/pods?limit=2&continue=bm90LWpzb24');
    expect(garbled.status).toBe(400);
  });
});
