import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageDefinition, resolveImage } from './catalog';
import { CATALOG } from './catalog-data';

describe('resolveImage: images in the catalog', () => {
  it('normalises the reference and reports containerd-sized images', () => {
    const n = resolveImage('nginx:1.27');
    expect(n).toMatchObject({ ref: 'docker.io/library/nginx:1.27', exists: true, sizeBytes: 72_404_038, unpackedSizeBytes: 192_385_289 });
    expect(n.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(resolveImage('nginx:1.27-alpine').sizeBytes).toBe(20_984_244);
    expect(resolveImage('registry.k8s.io/pause:3.10')).toMatchObject({ exists: true, sizeBytes: 320_368 });
    const api = resolveImage('registry.example.com/go-api:v1.0.0');
    expect(api.exists).toBe(true);
    expect(api.sizeBytes).toBeGreaterThan(55e6);
    expect(api.sizeBytes).toBeLessThan(65e6);
  });

  it('gives every reference a stable digest; aliases of one build share it', () => {
    expect(resolveImage('nginx:1.27').digest).toBe(resolveImage('docker.io/library/nginx:1.27').digest);
    expect(resolveImage('nginx').digest).toBe(resolveImage('nginx:1.29').digest);
    expect(resolveImage('nginx:1.27').digest).not.toBe(resolveImage('nginx:1.25').digest);
    expect(resolveImage('nginx:1.27-doesnotexist').digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('accepts unlisted but real-looking tags of a known repository and behaves like it', () => {
    const t = resolveImage('nginx:1.26.2');
    expect(t.exists).toBe(true);
    expect(Math.abs(t.sizeBytes - 72_404_038)).toBeLessThan(72_404_038 * 0.06);
    expect(imageDefinition(t.ref).tag.version).toBe('1.26.2');
    expect(resolveImage('busybox:1.35.0').exists).toBe(true);
  });

  it('resolves a digest pin of a listed tag to that tag', () => {
    const d = resolveImage('nginx:1.16.1').digest;
    const pinned = resolveImage(`nginx@${d}`);
    expect(pinned).toMatchObject({ ref: `docker.io/library/nginx@${d}`, exists: true, digest: d, sizeBytes: 51_010_418 });
  });

  it('lists every catalog entry as resolvable under each of its tags', () => {
    for (const image of CATALOG) {
      for (const [tag, info] of Object.entries(image.tags)) {
        const r = resolveImage(`${image.repository}:${tag}`);
        expect(r.exists, `${image.repository}:${tag}`).toBe(!info.missing);
      }
    }
  });
});

describe('resolveImage: missing and broken references', () => {
  it('a missing tag of an existing repository is NotFound with containerd text', () => {
    expect(resolveImage('nginx:1.27-doesnotexist')).toMatchObject({
      exists: false,
      pullError:
        'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.27-doesnotexist": failed to resolve reference "docker.io/library/nginx:1.27-doesnotexist": docker.io/library/nginx:1.27-doesnotexist: not found',
    });
    expect(resolveImage('registry.example.com/go-api:v9.9.9').pullError).toBe(
      'rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/go-api:v9.9.9": failed to resolve reference "registry.example.com/go-api:v9.9.9": registry.example.com/go-api:v9.9.9: not found',
    );
  });

  it('a Docker Hub repository that does not exist is "pull access denied"', () => {
    for (const image of ['x', 'nginz', 'ngnix', 'busybox777', 'wrong-nginx']) {
      const r = resolveImage(image);
      expect(r.exists, image).toBe(false);
      expect(r.pullError).toBe(
        `rpc error: code = Unknown desc = failed to pull and unpack image "${r.ref}": failed to resolve reference "${r.ref}": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`,
      );
    }
  });

  it('treats near-misses of known repositories on other registries as not found', () => {
    expect(resolveImage('registry.example.com/go-apii:v1.0.0').exists).toBe(false);
    expect(resolveImage('polinux/stres').pullError).toContain('pull access denied');
    expect(resolveImage('registry.k8s.io/not-a-real-image:1.0').pullError).toContain(': not found');
  });

  it('a repository whose name says it does not exist does not (the Pod failure policy page)', () => {
    expect(resolveImage('non-existing-repo/non-existing-image:example').pullError).toBe(
      'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/non-existing-repo/non-existing-image:example": failed to resolve reference "docker.io/non-existing-repo/non-existing-image:example": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    );
    expect(resolveImage('ghcr.io/acme/nonexistent:1').pullError).toContain(': not found');
    expect(resolveImage('ghcr.io/acme/existing:1').exists).toBe(true);
  });

  it('a registry host that does not resolve fails in DNS', () => {
    expect(resolveImage('regsitry.k8s.io/pause:3.10').pullError).toBe(
      'rpc error: code = Unknown desc = failed to pull and unpack image "regsitry.k8s.io/pause:3.10": failed to resolve reference "regsitry.k8s.io/pause:3.10": failed to do request: Head "https://regsitry.k8s.io/v2/pause/manifests/3.10": dial tcp: lookup regsitry.k8s.io: no such host',
    );
    expect(resolveImage('registry.corp.internal/team/app:1').pullError).toMatch(/dial tcp: lookup registry\.corp\.internal: no such host$/);
    expect(resolveImage('localhost:5000/app').pullError).toMatch(/dial tcp 127\.0\.0\.1:5000: connect: connection refused$/);
  });

  it('reports an unparsable name for InvalidImageName instead of pulling', () => {
    const r = resolveImage('Nginx');
    expect(r.exists).toBe(false);
    expect(r.pullError).toBeUndefined();
    expect(r.invalidReason).toBe(`couldn't parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase`);
  });
});

describe('resolveImage: unknown images', () => {
  it('pulls unknown images on real-looking registries with a size derived from the name', () => {
    const a = resolveImage('myteam/shop-api:2.3');
    const b = resolveImage('ghcr.io/acme/billing:v7');
    expect(a.exists && b.exists).toBe(true);
    expect(a.sizeBytes).toBe(resolveImage('docker.io/myteam/shop-api:2.3').sizeBytes);
    expect(a.sizeBytes).not.toBe(b.sizeBytes);
    expect(a.sizeBytes).toBeGreaterThan(8 * 1024 * 1024);
  });

  it('knows the official images that exist and models them by kind', () => {
    expect(resolveImage('postgres:16').exists).toBe(true);
    expect(resolveImage('python:3.12-slim').exists).toBe(true);
    expect(resolveImage('alpine:3.20').exists).toBe(true);
    expect(imageDefinition('docker.io/library/ubuntu:24.04').image.cmd).toEqual(['bash']);
  });
});

describe('resolveImage: robustness', () => {
  it('never throws and is deterministic for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        expect(resolveImage(s)).toEqual(resolveImage(s));
      }),
      { numRuns: 500, seed: 7 },
    );
  });
});
