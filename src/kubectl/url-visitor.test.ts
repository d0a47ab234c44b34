/**
 * `kubectl apply -f https://k8s.io/examples/…` as the docs write it, and the laptop's curl on
 * the same model of the internet (engine/images/internet.ts). The unknown-host line was recorded
 * with the real kubectl here (v1.32, no network; this machine's nameserver in place of the
 * laptop's 127.0.0.53); the 404 line is cli-runtime visitor.go's readHttpWithRetries format.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';
import { DOCS_EXAMPLES } from '../k8s/docs-examples';

beforeAll(() => loadKubectlChunks());

const DEPLOYMENT = DOCS_EXAMPLES['application/deployment.yaml']!.text;

describe('kubectl -f URL', () => {
  it('follows k8s.io’s redirect to kubernetes.io/examples and creates what the manifest holds', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('kubectl apply -f https://k8s.io/examples/application/deployment.yaml')).toEqual({ out: 'deployment.apps/nginx-deployment created\n', err: '', code: 0 });
    expect(run("kubectl get deployment nginx-deployment -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}'").out).toBe('2 nginx:1.14.2');
    // The URL is the source kubectl names: last-applied comes from the fetched bytes.
    expect(run('kubectl create -f https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/application/php-apache.yaml').out).toBe('deployment.apps/php-apache created\nservice/php-apache created\n');
    expect(run('kubectl create -f https://kubernetes.io/examples/application/deployment.yaml').err).toBe('Error from server (AlreadyExists): error when creating "https://kubernetes.io/examples/application/deployment.yaml": deployments.apps "nginx-deployment" already exists\n');
  });

  it('a path the docs do not have is the server’s 404, named by the URL as typed', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('kubectl apply -f https://k8s.io/examples/application/nosuch.yaml')).toEqual({
      out: '',
      err: 'error: unable to read URL "https://k8s.io/examples/application/nosuch.yaml", server reported 404 Not Found, status code=404\n',
      code: 1,
    });
    expect(run('kubectl delete -f https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/nope.yaml').err).toBe(
      'error: unable to read URL "https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/nope.yaml", server reported 404 Not Found, status code=404\n',
    );
  });

  it('an unknown host is Go’s DNS failure through the laptop’s resolver, with no `error: ` prefix', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('kubectl apply -f https://nosuch.invalid/x.yaml')).toEqual({ out: '', err: 'Unable to connect to the server: dial tcp: lookup nosuch.invalid on 127.0.0.53:53: no such host\n', code: 1 });
    // Only the http:// and https:// prefixes make a URL; anything else is a path.
    expect(run('kubectl apply -f ftp://k8s.io/x.yaml').err).toBe('error: the path "ftp://k8s.io/x.yaml" does not exist\n');
  });
});

describe('the laptop’s curl on the docs’ URLs', () => {
  it('shows k8s.io’s 301 without -L and the manifest’s bytes with it; -O saves it under its name', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const head = run('curl -sI https://k8s.io/examples/application/deployment.yaml').out;
    expect(head).toMatch(/^HTTP\/2 301 \r\nlocation: https:\/\/kubernetes\.io\/examples\/application\/deployment\.yaml\r\n/);
    expect(run('curl -s https://k8s.io/examples/application/deployment.yaml').out).toContain('<title>301 Moved Permanently</title>');
    expect(run('curl -sL https://k8s.io/examples/application/deployment.yaml').out).toBe(DEPLOYMENT);
    expect(run('curl -sLO https://k8s.io/examples/application/deployment.yaml').code).toBe(0);
    expect(run('cat deployment.yaml').out).toBe(DEPLOYMENT);
    expect(run('curl -sSf https://kubernetes.io/examples/nope.yaml')).toMatchObject({ err: 'curl: (22) The requested URL returned error: 404\n', code: 22 });
    expect(run('curl -sS https://nosuch.invalid/x.yaml')).toMatchObject({ err: 'curl: (6) Could not resolve host: nosuch.invalid\n', code: 6 });
  });

  it('piped into kubectl apply -f -, it creates the same objects', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('curl -sL https://k8s.io/examples/application/deployment.yaml | kubectl apply -f -').out).toBe('deployment.apps/nginx-deployment created\n');
  });
});

describe('inside a Pod, on the same internet', () => {
  it('BusyBox wget follows k8s.io’s redirect, saying each connection, and saves under the name typed', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    expect(run('kubectl wait --for=condition=Ready pod/bb --timeout=1m').code).toBe(0);
    const got = run('kubectl exec bb -- wget https://k8s.io/examples/application/deployment.yaml');
    expect(got.code).toBe(0);
    expect(got.err).toMatch(/^Connecting to k8s\.io \(34\.107\.204\.206:443\)\nwget: note: TLS certificate validation not implemented\nConnecting to kubernetes\.io \(147\.75\.40\.148:443\)\nwget: note: TLS certificate validation not implemented\nsaving to 'deployment\.yaml'\n/);
    expect(run('kubectl exec bb -- cat deployment.yaml').out).toBe(DEPLOYMENT);
    expect(run('kubectl exec bb -- wget -O - http://example.com/').err).toMatch(/\nwriting to stdout\n- {20}100% \|\*{32}\| {3}\d{3} {2}0:00:00 ETA\nwritten to stdout\n$/);
    expect(run('kubectl exec bb -- wget -q https://k8s.io/examples/nope.yaml')).toMatchObject({ err: expect.stringContaining('wget: server returned error: HTTP/1.1 404 Not Found\n'), code: 1 });
  });
});
