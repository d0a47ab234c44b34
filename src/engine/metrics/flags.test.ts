import { describe, expect, it } from 'vitest';
import { kubeletInsecureTls } from './flags';

describe('--kubelet-insecure-tls', () => {
  it('is a pflag bool: bare or =true sets it, the last one wins', () => {
    expect(kubeletInsecureTls(['/metrics-server', '--cert-dir=/tmp'])).toBe(false);
    expect(kubeletInsecureTls(['/metrics-server', '--kubelet-insecure-tls'])).toBe(true);
    expect(kubeletInsecureTls(['--kubelet-insecure-tls=true', '--kubelet-insecure-tls=false'])).toBe(false);
  });
});
