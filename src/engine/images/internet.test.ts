import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ALL_DOCS_EXAMPLES as DOCS_EXAMPLES } from '../../k8s/docs-examples';
import { imageDefinition, resolveImage } from './catalog';
import { publicReply } from './internet';
import { METRICS_SERVER_COMPONENTS } from '../../k8s/metrics-server-release';

/** Every `image:` a manifest's Pod templates name. */
function images(text: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'image' && typeof x === 'string') out.push(x);
        else walk(x);
      }
    }
  };
  for (const d of parseAllDocuments(text)) walk(d.toJS());
  return out;
}

describe('the docs’ example URLs', () => {
  it('k8s.io sends every path to kubernetes.io; both hosts of the manifests serve the same bytes', () => {
    expect(publicReply('k8s.io', '/examples/pods/simple-pod.yaml')).toMatchObject({ status: 301, location: 'https://kubernetes.io/examples/pods/simple-pod.yaml' });
    for (const [path, { text }] of Object.entries(DOCS_EXAMPLES)) {
      expect(publicReply('kubernetes.io', `/examples/${path}`)).toMatchObject({ status: 200, body: text });
      expect(publicReply('raw.githubusercontent.com', `/kubernetes/website/main/content/en/examples/${path}`)).toMatchObject({ status: 200, body: text });
    }
    expect(publicReply('kubernetes.io', '/examples/nope.yaml')?.status).toBe(404);
    expect(publicReply('raw.githubusercontent.com', '/kubernetes/website/main/README.md')).toMatchObject({ status: 404, body: '404: Not Found' });
    // The site's other pages are its one page, as before.
    expect(publicReply('kubernetes.io', '/')?.status).toBe(200);
    expect(publicReply('nosuch.invalid', '/')).toBeUndefined();
  });

  it('every image the manifests pull is in the catalog with its own model, not a generic stand-in', () => {
    for (const { text } of Object.values(DOCS_EXAMPLES)) {
      for (const image of images(text)) {
        // The Pod failure policy page's image that no registry has (its pull fails on purpose).
        if (image === 'non-existing-repo/non-existing-image:example') {
          expect(resolveImage(image).pullError).toContain('pull access denied, repository does not exist');
          continue;
        }
        const info = resolveImage(image);
        expect(info.exists, image).toBe(true);
        expect(imageDefinition(info.ref).image.about, image).not.toMatch(/^Not in the catalog/);
      }
    }
  });
});

describe('metrics-server’s release download', () => {
  const base = '/kubernetes-sigs/metrics-server/releases';
  it('latest → the v0.8.0 download → the asset host, which serves components.yaml', () => {
    const latest = publicReply('github.com', `${base}/latest/download/components.yaml`);
    expect(latest).toMatchObject({ status: 302, location: `https://github.com${base}/download/v0.8.0/components.yaml` });
    const v080 = publicReply('github.com', `${base}/download/v0.8.0/components.yaml`);
    expect(v080?.status).toBe(302);
    const asset = new URL(v080!.location!);
    expect(asset.host).toBe('release-assets.githubusercontent.com');
    expect(publicReply(asset.host, asset.pathname)).toMatchObject({ status: 200, body: METRICS_SERVER_COMPONENTS, contentType: 'application/octet-stream' });
    expect(publicReply('github.com', `${base}/download/v9.9.9/components.yaml`)?.status).toBe(404);
  });

  it('is upstream’s manifest without --kubelet-insecure-tls, pulling an image the catalog models', () => {
    expect(METRICS_SERVER_COMPONENTS).not.toContain('--kubelet-insecure-tls');
    expect(parseAllDocuments(METRICS_SERVER_COMPONENTS).map((d) => (d.toJS() as { kind: string }).kind)).toEqual(
      ['ServiceAccount', 'ClusterRole', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding', 'ClusterRoleBinding', 'Service', 'Deployment', 'APIService'],
    );
    for (const image of images(METRICS_SERVER_COMPONENTS)) {
      expect(resolveImage(image).exists, image).toBe(true);
      expect(imageDefinition(resolveImage(image).ref).image.about, image).not.toMatch(/^Not in the catalog/);
    }
  });
});
