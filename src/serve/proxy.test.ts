/**
 * pods/proxy through reconcile serve with the real kubectl: `kubectl get --raw …/pods/<pod>/proxy/…`
 * reaches the Pod's app through the simulated kube-apiserver and prints its answer; every line is
 * compared with our port (the browser's kubectl) running it on a cluster of the same seed.
 */
import { request } from 'node:https';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../k8s/types';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { controlSim, runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

let kubectl: KubectlBinary;
const setup = servedSession('proxy', { session: { seed: 1 } });

const control = (body: string): Promise<number> => controlSim(setup.served, body);

/** One GET as a plain HTTPS client sends it: status, Content-Type and body. */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${setup.served.url}${path}`, { ca: setup.served.caCert, headers: { Authorization: `Bearer ${setup.served.credentials.tokens['kubernetes-admin']}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('pods/proxy through reconcile serve', () => {
  it("prints the Pod's answer as the browser's kubectl does, and its errors as kubectl prints them", async () => {
    const session = setup.session;
    const run = async (line: string): Promise<{ stdout: string; stderr: string; code: number }> => {
      const port = runPort(session, line);
      const real = await runKubectl(kubectl, setup.served, setup.home, line.split(' ').slice(1));
      expect({ line, ...real }).toEqual({ line, ...port });
      return real;
    };
    await run('kubectl run web --image=nginx:1.27 --port=80');
    runPort(session, 'sim advance 20s');
    expect(await control('advance 20s')).toBe(200);
    const page = await run('kubectl get --raw /api/v1/namespaces/default/pods/web/proxy/');
    expect(page.stdout).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    // kube-apiserver redirects `…/proxy` to `…/proxy/`, and kubectl follows.
    expect((await run('kubectl get --raw /api/v1/namespaces/default/pods/web/proxy')).stdout).toBe(page.stdout);
    expect((await run('kubectl get --raw /api/v1/namespaces/default/pods/web/proxy/missing')).stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    const ip = session.sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    expect((await run('kubectl get --raw /api/v1/namespaces/default/pods/web:8080/proxy/')).stderr).toBe(`Error from server (ServiceUnavailable): error trying to reach service: dial tcp ${ip}:8080: connect: connection refused\n`);
    await run('kubectl get --raw /api/v1/namespaces/default/pods/nosuch/proxy/');
  });

  it("passes the app's status and Content-Type through to any HTTP client", async () => {
    const missing = await get('/api/v1/namespaces/default/pods/web/proxy/missing?x=1');
    expect(missing).toMatchObject({ status: 404, type: 'text/html' });
    expect(missing.body).toContain('<title>404 Not Found</title>');
    const bare = await get('/api/v1/namespaces/default/pods/web/proxy?x=1');
    expect(bare.status).toBe(301);
  });
});
