import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';
import { wrapString } from '../printers/wordwrap';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
});

describe('explain', () => {
  it('prints the kind header, its description and each field with its type', () => {
    const r = kubectl(sim, 'explain deployment');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nDESCRIPTION:\n    Deployment enables declarative updates for Pods and ReplicaSets.\n    \nFIELDS:\n  apiVersion\t<string>\n')).toBe(true);
    expect(r.stdout).toContain('\n  metadata\t<ObjectMeta>\n    Standard object\'s metadata. More info:\n    https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata\n\n');
    expect(r.stdout).toContain('\n  spec\t<DeploymentSpec>\n');
    expect(kubectl(sim, 'explain pods').stdout.startsWith('KIND:       Pod\nVERSION:    v1\n\n')).toBe(true);
  });

  it('follows a field path through structs and lists, marking required fields', () => {
    const r = kubectl(sim, 'explain deploy.spec.template.spec.containers');
    expect(r.stdout).toContain('FIELD: containers <[]Container>\n\n\nDESCRIPTION:\n');
    expect(r.stdout).toContain('\n  name\t<string> -required-\n');
    expect(r.stdout).toContain('\n  ports\t<[]ContainerPort>\n');
    expect(kubectl(sim, 'explain deployments.apps.spec').stdout).toContain('FIELD: spec <DeploymentSpec>\n');
  });

  it('lists nested fields without descriptions with --recursive', () => {
    const r = kubectl(sim, 'explain svc.spec --recursive');
    expect(r.stdout).toContain('\n  ports\t<[]ServicePort>\n    appProtocol\t<string>\n    name\t<string>\n    nodePort\t<integer>\n    port\t<integer> -required-\n    protocol\t<string>\n    targetPort\t<IntOrString>\n');
    expect(r.stdout).not.toContain('<no description>');
  });

  it('reads the schema from kube-apiserver\'s OpenAPI v3 endpoint', () => {
    const before = sim.lastTraceSeq;
    kubectl(sim, 'explain cm');
    expect(sim.traceSince(before).filter((t) => t.kind === 'request').map((t) => t.summary)).toEqual(['GET /openapi/v3/api/v1']);
  });

  it('reports kubectl\'s errors', () => {
    expect(kubectl(sim, 'explain')).toMatchObject({ stderr: 'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n', code: 1 });
    expect(kubectl(sim, 'explain pods svc').stderr).toBe('error: We accept only this format: explain RESOURCE\n');
    expect(kubectl(sim, 'explain foo').stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
    expect(kubectl(sim, 'explain pods.spec.nope').stderr).toBe('error: field "nope" does not exist\n');
    expect(kubectl(sim, 'explain pods --max-depth=2').stderr).toBe('error: --max-depth requires --recursive\n');
  });
});

describe('wrapString (go-wordwrap)', () => {
  it('breaks at spaces within the limit and keeps long words whole', () => {
    expect(wrapString('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
    expect(wrapString('x https://example.com/a/very/long/url y', 10)).toBe('x\nhttps://example.com/a/very/long/url\ny');
    expect(wrapString('one\ntwo three', 5)).toBe('one\ntwo\nthree');
  });
});
