import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { CRONTAB_CRD as CRD, kubectl } from '../testing';
import { Session } from '../session';

const PLAIN = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Cluster
  names: {plural: widgets, kind: Widget}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;

const TAB = `apiVersion: stable.example.com/v1
kind: CronTab
metadata: {name: nightly}
spec: {cronSpec: "0 3 * * *", replicas: 2}
`;

describe('kubectl with custom resources', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    expect(kubectl(base, 'apply -f -', { stdin: CRD }).code).toBe(0);
    expect(kubectl(base, 'apply -f -', { stdin: PLAIN }).code).toBe(0);
    base.advance(200);
    expect(kubectl(base, 'apply -f -', { stdin: TAB }).code).toBe(0);
    base.advance(2000);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('lists the served custom resources in api-resources, with short names and categories', () => {
    const sim = fresh();
    expect(kubectl(sim, 'api-resources --api-group=stable.example.com -o wide').stdout).toBe(
      // print_flags.go joins the verbs with commas, as the real kubectl prints them.
      'NAME       SHORTNAMES   APIVERSION              NAMESPACED   KIND      VERBS                                                        CATEGORIES\n' +
        'crontabs   ct           stable.example.com/v1   true         CronTab   delete,deletecollection,get,list,patch,create,update,watch   all\n',
    );
    expect(kubectl(sim, 'api-resources -o name').stdout).toContain('customresourcedefinitions.apiextensions.k8s.io\n');
    expect(kubectl(sim, 'api-resources -o name').stdout).toContain('widgets.example.com\n');
  });

  it('resolves them by plural, singular, short and qualified name, and prints their printer columns', () => {
    const sim = fresh();
    for (const typed of ['crontabs', 'crontab', 'ct', 'crontabs.stable.example.com', 'crontabs.v1.stable.example.com']) {
      expect(kubectl(sim, `get ${typed}`).stdout).toBe('NAME      SPEC\nnightly   0 3 * * *\n');
    }
    expect(kubectl(sim, 'get ct').stdout).toBe('NAME      SPEC\nnightly   0 3 * * *\n');
    expect(kubectl(sim, 'get ct -o wide').stdout).toBe('NAME      SPEC        REPLICAS\nnightly   0 3 * * *   2\n');
    expect(kubectl(sim, 'get ct nightly -o name').stdout).toBe('crontab.stable.example.com/nightly\n');
    // No declared columns: NAME and AGE, as the server's default.
    expect(kubectl(sim, 'get widgets').stderr).toBe('No resources found\n');
    expect(kubectl(sim, 'apply -f -', { stdin: 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nanything: {goes: here}\n' }).stdout).toBe('widget.example.com/w1 created\n');
    expect(kubectl(sim, 'get widgets').stdout).toBe('NAME   AGE\nw1     0s\n');
    expect(kubectl(sim, 'get widget w1 -o jsonpath={.anything.goes}').stdout).toBe('here');
    expect(kubectl(sim, 'get crd').stdout).toMatch(/^NAME +CREATED AT\ncrontabs\.stable\.example\.com +2025-09-01T09:00:\d\dZ\nwidgets\.example\.com +2025-09-01T09:00:\d\dZ\n$/);
    expect(kubectl(sim, 'get all').stdout).toContain('crontab.stable.example.com/nightly');
  });

  it('explains them from the CRD\'s schema', () => {
    const out = kubectl(fresh(), 'explain crontabs.spec').stdout;
    expect(out).toContain('GROUP:      stable.example.com\nKIND:       CronTab\nVERSION:    v1\n\nFIELD: spec <Object>\n');
    expect(out).toContain('  cronSpec\t<string>\n');
  });

  it('cannot map a kind whose CRD is missing, and says so as kubectl does', () => {
    const sim = new Simulation({ seed: 1 });
    const r = kubectl(sim, 'apply -f -', { stdin: TAB });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: resource mapping not found for name: "nightly" namespace: "" from "STDIN": no matches for kind "CronTab" in version "stable.example.com/v1"\nensure CRDs are installed first\n');
    expect(kubectl(sim, 'get ct').stderr).toBe('error: the server doesn\'t have a resource type "ct"\n');
  });

  it('starts and stops the sample controller with sim directives', () => {
    const s = new Session();
    const out = (line: string): string => s.run(line).output.map((c) => c.text).join('');
    expect(out('sim controller list')).toBe('no optional controller is running (try: sim controller start sample)\n');
    expect(out('sim controller start sample')).toBe('sample-controller started\n');
    expect(out('sim controller start sample')).toBe('sample-controller is already running\n');
    expect(out('sim controller list')).toBe('sample\trunning\n');
    expect(out('sim controller stop sample')).toBe('sample-controller stopped\n');
    expect(out('sim controller start foo')).toBe('error: unknown controller "foo" (known: sample)\n');
    expect(out('sim controller restart sample')).toBe('error: usage: sim controller start|stop <name> (e.g. sample), or sim controller list\n');
  });
});
