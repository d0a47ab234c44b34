import { describe, expect, it } from 'vitest';
import { familiarName, parseImageReference } from './reference';

const ref = (image: string): string => {
  const r = parseImageReference(image);
  if (!r.ok) throw new Error(r.error);
  return r.value.ref;
};
const error = (image: string): string => {
  const r = parseImageReference(image);
  return r.ok ? 'ok' : r.error;
};

describe('image reference normalisation (distribution/reference)', () => {
  it('defaults registry, library namespace and tag like containerd', () => {
    expect(ref('nginx')).toBe('docker.io/library/nginx:latest');
    expect(ref('nginx:1.27')).toBe('docker.io/library/nginx:1.27');
    expect(ref('bitnami/redis')).toBe('docker.io/bitnami/redis:latest');
    expect(ref('docker.io/nginx')).toBe('docker.io/library/nginx:latest');
    expect(ref('index.docker.io/library/busybox:1.36')).toBe('docker.io/library/busybox:1.36');
  });

  it('keeps other registries, ports and nested paths', () => {
    expect(ref('registry.k8s.io/pause:3.10')).toBe('registry.k8s.io/pause:3.10');
    expect(ref('registry.k8s.io/e2e-test-images/agnhost:2.40')).toBe('registry.k8s.io/e2e-test-images/agnhost:2.40');
    expect(ref('localhost:5000/app')).toBe('localhost:5000/app:latest');
    expect(ref('registry.example.com/go-api:v1.0.0')).toBe('registry.example.com/go-api:v1.0.0');
  });

  it('keeps a digest and adds no default tag to a pinned reference', () => {
    const d = `sha256:${'ab'.repeat(32)}`;
    expect(ref(`nginx@${d}`)).toBe(`docker.io/library/nginx@${d}`);
    expect(ref(`nginx:1.27@${d}`)).toBe(`docker.io/library/nginx:1.27@${d}`);
    const parsed = parseImageReference(`nginx@${d}`);
    expect(parsed.ok ? parsed.value.tag : 'not parsed').toBeUndefined();
  });

  it('rejects what the kubelet rejects, with its error text', () => {
    expect(error('Nginx')).toBe('invalid reference format: repository name (library/Nginx) must be lowercase');
    expect(error('nginx:')).toBe('invalid reference format');
    expect(error('nginx@sha256:abc')).toBe('invalid reference format');
    expect(error(`nginx@sha256:${'a'.repeat(63)}z`)).toBe('invalid reference format');
    expect(error('a'.repeat(64))).toMatch(/cannot specify 64-byte hexadecimal strings$/);
  });

  it('shortens docker.io names the way crictl and kubectl show them', () => {
    expect(familiarName('docker.io/library/nginx')).toBe('nginx');
    expect(familiarName('docker.io/bitnami/redis')).toBe('bitnami/redis');
    expect(familiarName('registry.k8s.io/pause')).toBe('registry.k8s.io/pause');
  });
});
