import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, 'create deployment web --image=nginx:1.27 --replicas=2 --port=80');
  kubectl(sim, 'expose deployment web --port=80');
  sim.advance(30_000);
});

const raw = (path: string): ReturnType<typeof kubectl> => kubectl(sim, `get --raw '${path}'`);

describe('kubectl get --raw in the page reads a path as reconcile serve does', () => {
  it("reads a Namespace's status, a cluster-scoped object's status and a workload's Scale", () => {
    expect(JSON.parse(raw('/api/v1/namespaces/default/status').stdout)).toMatchObject({ kind: 'Namespace', metadata: { name: 'default' }, status: { phase: 'Active' } });
    expect(JSON.parse(raw('/api/v1/nodes/node-1/status').stdout)).toMatchObject({ kind: 'Node', metadata: { name: 'node-1' } });
    const scale = raw('/apis/apps/v1/namespaces/default/deployments/web/scale').stdout;
    expect(scale).toMatch(/^\{"kind":"Scale","apiVersion":"autoscaling\/v1","metadata":\{"name":"web","namespace":"default","uid":"[^"]+","resourceVersion":"\d+","creationTimestamp":"[^"]+"\},"spec":\{"replicas":2\},"status":\{"replicas":2,"selector":"app=web"\}\}\n$/);
    expect(raw('/apis/apps/v1/namespaces/default/deployments/web/scale/').stdout).toBe(scale);
  });

  it("answers 405 for a subresource that is not read, and 404 for one that is not there", () => {
    const notAllowed = 'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n';
    expect(raw('/api/v1/namespaces/default/finalize')).toMatchObject({ code: 1, stderr: notAllowed });
    expect(raw('/api/v1/namespaces/default/serviceaccounts/default/token').stderr).toBe(notAllowed);
    expect(raw('/apis/apps/v1/namespaces/default/daemonsets/web/scale').stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
  });

  it('authorizes a path no route serves as the --as user, once the impersonation is allowed', () => {
    const notFound = 'Error from server (NotFound): the server could not find the requested resource\n';
    expect(raw('/apis/example.com/v1/widgets').stderr).toBe(notFound);
    expect(kubectl(sim, 'get --raw /apis/example.com/v1/widgets --as=jane').stderr).toBe(
      'Error from server (Forbidden): widgets.example.com is forbidden: User "jane" cannot list resource "widgets" in API group "example.com" at the cluster scope\n',
    );
    expect(kubectl(sim, 'get --raw /apis/example.com/v1/widgets --as=jane --as-group=system:masters').stderr).toBe(notFound);
    // jane may not impersonate: the impersonation filter's 403 comes first.
    expect(kubectl(sim, 'get --raw /apis/example.com/v1/widgets --context=jane --as=bob').stderr).toBe(
      'Error from server (Forbidden): users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope\n',
    );
  });

  it('filters and pages a list by its query', () => {
    const all = JSON.parse(raw('/api/v1/pods').stdout) as { items: unknown[] };
    const web = JSON.parse(raw('/api/v1/namespaces/default/pods?labelSelector=app%3Dweb').stdout) as { items: { metadata: { name: string } }[] };
    expect(web.items).toHaveLength(2);
    expect(all.items.length).toBeGreaterThan(2);
    const first = JSON.parse(raw('/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=1').stdout) as { items: { metadata: { name: string } }[]; metadata: { continue: string; remainingItemCount?: number } };
    expect(first.items.map((p) => p.metadata.name)).toEqual([web.items[0]!.metadata.name]);
    // A selector filters the list: no remainingItemCount.
    expect(first.metadata.remainingItemCount).toBeUndefined();
    const next = JSON.parse(raw(`/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=1&continue=${first.metadata.continue}`).stdout) as typeof first;
    expect(next.items.map((p) => p.metadata.name)).toEqual([web.items[1]!.metadata.name]);
    expect(next.metadata.continue).toBeUndefined();
    expect(raw('/api/v1/pods?limit=1').stdout).toMatch(/"remainingItemCount":\d+/);
    expect(raw('/api/v1/pods?fieldSelector=spec.nodeName%3Dnode-1&limit=1').stdout).not.toContain('remainingItemCount');
    expect(raw('/api/v1/pods?labelSelector=app+in+(').stderr).toMatch(/^Error from server \(BadRequest\): /);
    expect(raw('/api/v1/pods?limit=1&continue=%25%25').stderr).toBe('Error from server (BadRequest): continue key is not valid: illegal base64 data at input byte 0\n');
  });

  it('serves a version served by conversion at that version', () => {
    expect(JSON.parse(raw('/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers').stdout)).toMatchObject({ kind: 'HorizontalPodAutoscalerList', apiVersion: 'autoscaling/v1' });
  });

  it("reaches a Service's app through its proxy", () => {
    expect(raw('/api/v1/namespaces/default/services/web:80/proxy/').stdout).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    expect(raw('/api/v1/namespaces/default/services/web:81/proxy/').stderr).toBe('Error from server (ServiceUnavailable): no service port 81 found for service "web"\n');
  });

  it('refuses to stream a watch or a followed log, naming the command that shows the same', () => {
    expect(raw('/api/v1/namespaces/default/pods?watch=true')).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'error: "kubectl get --raw" of a watch is not modelled by this simulator: the terminal cannot hold a response open to stream it; use "kubectl get pods -n default --watch" instead\n',
    });
    expect(raw('/apis/apps/v1/watch/deployments').stderr).toContain('use "kubectl get deployments.v1.apps -A --watch" instead');
    // ?watch on an object is a plain get, as RequestInfoFactory reads it.
    expect(JSON.parse(raw('/apis/apps/v1/namespaces/default/deployments/web?watch=true').stdout)).toMatchObject({ kind: 'Deployment' });
    const pod = (JSON.parse(raw('/api/v1/namespaces/default/pods').stdout) as { items: { metadata: { name: string } }[] }).items[0]!.metadata.name;
    expect(raw(`/api/v1/namespaces/default/pods/${pod}/log?follow=true`).stderr).toContain(`use "kubectl logs -f ${pod} -n default" instead`);
    expect(raw(`/api/v1/namespaces/default/pods/${pod}/log?tailLines=1`).stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
  });
});
