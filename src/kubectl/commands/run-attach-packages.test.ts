import { describe, expect, it } from 'vitest';
import { Session } from '../session';

// The package managers themselves are tested in src/engine/images/packages.test.ts; here, the
// brief's scenario through the page's terminal (a TTY).

describe('the learner\'s attached shell', () => {
  it('kubectl run -it alpine: apk add curl, then curl a Service, with a terminal\'s output', () => {
    const s = new Session({ seed: 2, interactive: true });
    const text = (line: string): string => s.run(line).output.map((c) => c.text).join('');
    text('kubectl create deployment web --image=nginx:1.27');
    text('kubectl expose deployment web --port 80');
    s.sim.advance(30_000);
    expect(s.run('kubectl run -it --rm t --image=alpine -- sh')).toMatchObject({ attached: { pod: 't', prompt: '/ # ' } });
    expect(text('curl -s web')).toBe('sh: curl: not found\n');
    expect(text('apk add curl')).toMatch(/^fetch https:\/\/dl-cdn\.alpinelinux\.org\/alpine\/v3\.22\/main\/x86_64\/APKINDEX\.tar\.gz\n[\s\S]*\(9\/9\) Installing curl /);
    expect(text('curl -s web')).toContain('<title>Welcome to nginx!</title>');
  });
});
