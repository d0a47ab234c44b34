import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { kubectl } from '../testing';
import { fatalText } from '../errors';
import { unstructuredError } from './raw';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, 'run web --image=nginx:1.27 --port=80');
  sim.advance(20_000);
});

describe("kubectl get --raw on a Pod's Connect subresources", () => {
  it('refuses a stream asked without an upgrade, after RBAC and the Pod and container checks', () => {
    for (const sub of ['attach', 'exec', 'portforward']) {
      expect(kubectl(sim, `get --raw /api/v1/namespaces/default/pods/web/${sub}`)).toMatchObject({ code: 1, stdout: '', stderr: 'Error from server (BadRequest): Upgrade request required\n' });
    }
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/nosuch/attach').stderr).toBe('Error from server (NotFound): pods "nosuch" not found\n');
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/exec?container=side').stderr).toBe('Error from server (BadRequest): container side is not valid for pod web\n');
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/attach --as=jane').stderr).toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot get resource "pods/attach" in API group "" in the namespace "default"\n');
  });

  it("prints the Pod's page through its proxy, byte for byte, following the redirect of a bare …/proxy", () => {
    const page = kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/proxy/');
    expect(page).toMatchObject({ code: 0, stderr: '' });
    expect(page.stdout).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>[^]*<\/html>\n$/);
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/proxy').stdout).toBe(page.stdout);
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/http:web:80/proxy/index.html?x=1').stdout).toBe(page.stdout);
  });

  it("reports a non-2xx page as client-go's generic error, and the proxy transport's 503 as it is", () => {
    const ip = sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/proxy/missing')).toMatchObject({ code: 1, stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n' });
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web:8080/proxy/').stderr).toBe(`Error from server (ServiceUnavailable): error trying to reach service: dial tcp ${ip}:8080: connect: connection refused\n`);
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/proxy/ --as=jane').stderr).toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot get resource "pods/proxy" in API group "" in the namespace "default"\n');
  });
});

describe('unstructuredError (rest.Request.transformResponse on a body that is no Status)', () => {
  it('quotes a text body where the code asks for it, says unknown for JSON, and reads a failed Status as itself', () => {
    expect(fatalText(unstructuredError(500, 'GET', 'boom\n', 'text/plain; charset=utf-8'))).toBe('Error from server (InternalError): an error on the server ("boom") has prevented the request from succeeding\n');
    expect(fatalText(unstructuredError(500, 'GET', '{"error":"db down"}', 'application/json'))).toBe('Error from server (InternalError): an error on the server ("unknown") has prevented the request from succeeding\n');
    expect(fatalText(unstructuredError(503, 'GET', '{"status":"unavailable"}\n', 'application/json'))).toBe('Error from server (ServiceUnavailable): the server is currently unable to handle the request\n');
    expect(fatalText(unstructuredError(418, 'GET', 'teapot', 'text/plain'))).toBe('Error from server: the server responded with the status code 418 but did not return more information\n');
    expect(fatalText(unstructuredError(403, 'GET', '<h1>no</h1>\n', 'text/html'))).toBe('Error from server (Forbidden): <h1>no</h1>\n');
    expect(fatalText(unstructuredError(503, 'GET', '{"kind":"Status","apiVersion":"v1","status":"Failure","message":"nope","reason":"ServiceUnavailable","code":503}', 'application/json'))).toBe('Error from server (ServiceUnavailable): nope\n');
  });
});

describe('kubectl get --raw on a subresource path', () => {
  it('reads pods/<name>/status and /ephemeralcontainers as the Pod, and /log as the log text', () => {
    const pod = kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web');
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/status').stdout).toBe(pod.stdout);
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/ephemeralcontainers').stdout).toBe(pod.stdout);
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/log').stdout).toBe(kubectl(sim, 'logs web').stdout);
    expect(kubectl(sim, 'get --raw /apis/apps/v1/namespaces/default/deployments/nosuch/status').stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/configmaps/x/status').stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
  });
});
