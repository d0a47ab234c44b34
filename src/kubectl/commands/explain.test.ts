import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { loadApiDocs } from '../explain/load';
import { kubectl } from '../testing';
import { wrapString } from '../printers/wordwrap';

let sim: Simulation;

beforeAll(async () => {
  await loadApiDocs();
  sim = new Simulation({ seed: 1 });
});

const CONVENTIONS = 'https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md';

describe('explain', () => {
  it('prints the kind with upstream\'s description and each field with its own', () => {
    const r = kubectl(sim, 'explain pod');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(
      'KIND:       Pod\nVERSION:    v1\n\nDESCRIPTION:\n' +
        '    Pod is a collection of containers that can run on a host. This resource is\n' +
        '    created by clients and scheduled onto hosts.\n    \nFIELDS:\n' +
        '  apiVersion\t<string>\n' +
        '    APIVersion defines the versioned schema of this representation of an object.\n',
    )).toBe(true);
    expect(r.stdout).toContain(`\n  spec\t<PodSpec>\n    Specification of the desired behavior of the pod. More info:\n    ${CONVENTIONS}#spec-and-status\n\n`);
    expect(r.stdout).not.toContain('<no description>');
    expect(kubectl(sim, 'explain deployments.apps').stdout.startsWith('GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nDESCRIPTION:\n    Deployment enables declarative updates for Pods and ReplicaSets.\n    \nFIELDS:\n')).toBe(true);
  });

  it('follows a field path to a leaf: the FIELD line, then its description wrapped at 76 columns', () => {
    expect(kubectl(sim, 'explain pod.spec.containers.image').stdout).toBe(
      'KIND:       Pod\nVERSION:    v1\n\nFIELD: image <string>\n\n\nDESCRIPTION:\n' +
        '    Container image name. More info:\n' +
        '    https://kubernetes.io/docs/concepts/containers/images This field is optional\n' +
        '    to allow higher level config management to default or override container\n' +
        '    images in workload controllers like Deployments and StatefulSets.\n' +
        '    \n\n',
    );
  });

  it('prints a field\'s description and then its type\'s, and the required fields of a list\'s items', () => {
    const r = kubectl(sim, 'explain deploy.spec.template.spec.containers');
    expect(r.stdout).toContain(
      'FIELD: containers <[]Container>\n\n\nDESCRIPTION:\n' +
        '    List of containers belonging to the pod. Containers cannot currently be\n' +
        '    added or removed. There must be at least one container in a Pod. Cannot be\n' +
        '    updated.\n    A single application container that you want to run within a pod.\n    \nFIELDS:\n',
    );
    expect(r.stdout).toContain('\n  name\t<string> -required-\n    Name of the container specified as a DNS_LABEL. Each container in a pod must\n');
    const surge = kubectl(sim, 'explain deploy.spec.strategy.rollingUpdate.maxSurge').stdout;
    expect(surge).toContain('time during the update is at most 130% of desired pods.\n    IntOrString is a type that can hold an int32 or a string.  When used in JSON\n');
  });

  it('lists enum values: all of them under FIELD, four on a field\'s line, with the "Possible enum values" paragraph', () => {
    const r = kubectl(sim, 'explain pod.spec.containers.imagePullPolicy');
    expect(r.stdout).toContain('FIELD: imagePullPolicy <string>\nENUM:\n    Always\n    IfNotPresent\n    Never\n\nDESCRIPTION:\n');
    expect(r.stdout).toContain('    \n    Possible enum values:\n     - `"Always"` means that kubelet always attempts to pull the latest image.\n    Container will fail If the pull fails.\n');
    expect(kubectl(sim, 'explain pod.spec.containers').stdout).toContain('\n  imagePullPolicy\t<string>\n  enum: Always, IfNotPresent, Never\n    Image pull policy.');
    expect(kubectl(sim, 'explain pod.spec.volumes.hostPath').stdout).toContain('\n  type\t<string>\n  enum: "", BlockDevice, CharDevice, Directory, ....\n');
  });

  it('prints only names, types, markers and enums, nested, with --recursive (or -R)', () => {
    const r = kubectl(sim, 'explain deployment.spec.strategy --recursive');
    expect(r.stdout).toBe(
      'GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: strategy <DeploymentStrategy>\n\n\nDESCRIPTION:\n' +
        '    The deployment strategy to use to replace existing pods with new ones.\n' +
        '    DeploymentStrategy describes how to replace existing pods with new ones.\n    \nFIELDS:\n' +
        '  rollingUpdate\t<RollingUpdateDeployment>\n    maxSurge\t<IntOrString>\n    maxUnavailable\t<IntOrString>\n' +
        '  type\t<string>\n  enum: Recreate, RollingUpdate\n\n',
    );
    expect(kubectl(sim, 'explain deployment.spec.strategy -R').stdout).toBe(r.stdout);
    expect(kubectl(sim, 'explain svc.spec.ports --recursive').stdout).toContain('\n  port\t<integer> -required-\n  protocol\t<string>\n  enum: SCTP, TCP, UDP\n  targetPort\t<IntOrString>\n');
  });

  it('explains the kinds served this session: a CronJob\'s policy, a binding\'s required roleRef', () => {
    expect(kubectl(sim, 'explain cronjob.spec.concurrencyPolicy').stdout).toContain('GROUP:      batch\nKIND:       CronJob\nVERSION:    v1\n\nFIELD: concurrencyPolicy <string>\nENUM:\n    Allow\n    Forbid\n    Replace\n\nDESCRIPTION:\n    Specifies how to treat concurrent executions of a Job. Valid values are:\n');
    expect(kubectl(sim, 'explain clusterrolebinding').stdout).toContain('\n  roleRef\t<RoleRef> -required-\n    RoleRef can only reference a ClusterRole in the global namespace. If the\n');
    expect(kubectl(sim, 'explain priorityclass').stdout).toContain('DESCRIPTION:\n    PriorityClass defines mapping from a priority class name to the priority\n    integer value. The value can be any valid integer.\n');
  });

  it('reads the schema from kube-apiserver\'s OpenAPI v3 endpoint, of --api-version\'s group version if given', () => {
    let before = sim.lastTraceSeq;
    kubectl(sim, 'explain cm');
    expect(sim.traceSince(before).filter((t) => t.kind === 'request').map((t) => t.summary)).toEqual(['GET /openapi/v3/api/v1']);
    before = sim.lastTraceSeq;
    expect(kubectl(sim, 'explain deploy.spec.paused --api-version=apps/v1').stdout).toContain('FIELD: paused <boolean>\n');
    expect(sim.traceSince(before).filter((t) => t.kind === 'request').map((t) => t.summary)).toEqual(['GET /openapi/v3/apis/apps/v1']);
  });

  it('reports kubectl\'s errors, the header first when the kind was found', () => {
    expect(kubectl(sim, 'explain')).toMatchObject({ stderr: 'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n', code: 1 });
    expect(kubectl(sim, 'explain pods svc').stderr).toBe('error: We accept only this format: explain RESOURCE\n');
    expect(kubectl(sim, 'explain foo')).toMatchObject({ stdout: '', stderr: 'the server doesn\'t have a resource type "foo"\n', code: 1 });
    expect(kubectl(sim, 'explain pods.spec.nope')).toMatchObject({ stdout: 'KIND:       Pod\nVERSION:    v1\n\n', stderr: 'error: field "nope" does not exist\n', code: 1 });
    expect(kubectl(sim, 'explain pods.spec.containers.image.deeper').stderr).toBe('error: field "deeper" does not exist\n');
    expect(kubectl(sim, 'explain deploy --api-version=v1').stderr).toBe('error: GVR (/v1, Resource=deployments) not found in OpenAPI schema\n');
    expect(kubectl(sim, 'explain deploy --api-version=foo/v1').stderr).toBe('error: couldn\'t find resource for "foo/v1, Resource=deployments"\n');
    expect(kubectl(sim, 'explain deploy.apps --api-version=apps/v1').stderr).toBe('error: field "apps" does not exist\n');
    expect(kubectl(sim, 'explain pods --max-depth=2').stderr).toBe('error: unknown flag: --max-depth\nSee \'kubectl explain --help\' for usage.\n');
  });
});

describe('wrapString (go-wordwrap)', () => {
  it('breaks at spaces within the limit and keeps long words whole', () => {
    expect(wrapString('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
    expect(wrapString('x https://example.com/a/very/long/url y', 10)).toBe('x\nhttps://example.com/a/very/long/url\ny');
    expect(wrapString('one\ntwo three', 5)).toBe('one\ntwo\nthree');
  });
});
