/**
 * What kubectl's builder says when a named object or a selector fails, as kubectl 1.35 printed
 * it against `reconcile serve`: a missing namespace behind a NotFound (cli-runtime's Info.Get), a
 * malformed label selector as the server's 400 rewritten by the Selector visitor.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe("kubectl's builder errors", () => {
  it('reports a missing namespace instead of the object, except in default', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl get deployment web -n nons').stderr).toBe('Error from server (NotFound): namespaces "nons" not found\n');
    expect(kubectl(sim, 'kubectl describe pod nope -n nons').stderr).toBe('Error from server (NotFound): namespaces "nons" not found\n');
    expect(kubectl(sim, 'kubectl logs nope -n nons').stderr).toBe('error: error from server (NotFound): namespaces "nons" not found in namespace "nons"\n');
    expect(kubectl(sim, 'kubectl get pod nope').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    kubectl(sim, 'kubectl create namespace real');
    expect(kubectl(sim, 'kubectl get pod nope -n real').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
  });

  it("rewrites a selector the server cannot parse with the resource it was listing", () => {
    const sim = new Simulation({ seed: 1 });
    const parse = "unable to parse requirement: found 'app in (web', expected: identifier";
    expect(kubectl(sim, "kubectl get pods,svc -l 'app in (web'").stderr).toBe(
      `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "app in (web", field selector "": ${parse}\n` +
        `Error from server (BadRequest): Unable to find "/v1, Resource=services" that match label selector "app in (web", field selector "": ${parse}\n`,
    );
    expect(kubectl(sim, "kubectl delete deploy -l 'app in (web'").stderr).toBe(
      `Error from server (BadRequest): Unable to find "apps/v1, Resource=deployments" that match label selector "app in (web", field selector "": ${parse}\n`,
    );
  });

  it('prints run --restart with a wrong value as a usage error', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl run x --image=nginx --restart=Sometimes').stderr).toBe("error: invalid restart policy: Sometimes\nSee 'kubectl run -h' for help and examples\n");
  });

  it('reads run --port as strconv.Atoi does, after the restart policy (kubectl v1.32 printed these)', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl run x --image=nginx --port=abc')).toMatchObject({ stderr: 'error: strconv.Atoi: parsing "abc": invalid syntax\n', code: 1 });
    expect(kubectl(sim, 'kubectl run x --image=nginx --port=99999999999999999999').stderr).toBe('error: strconv.Atoi: parsing "99999999999999999999": value out of range\n');
    expect(kubectl(sim, 'kubectl run x --image=nginx --port=abc --restart=Bad').stderr).toMatch(/^error: invalid restart policy: Bad\n/);
    // A negative port adds none; the server's validation answers one out of range.
    expect(kubectl(sim, 'kubectl run x --image=nginx --port=-5 --dry-run=client -o jsonpath={.spec.containers[0].ports}').stdout).toBe('');
    expect(kubectl(sim, 'kubectl run x --image=nginx --port=70000').stderr).toContain('spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive');
  });
});

describe('kubectl apply -o', () => {
  it('prints several applied objects once, as a v1 List, after all of them succeeded (printObjects)', () => {
    const sim = new Simulation({ seed: 1 });
    const two = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n';
    const out = kubectl(sim, 'kubectl apply -f - -o yaml', { stdin: two }).stdout;
    expect(out).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n {2}data:\n {4}k: v\n {2}kind: ConfigMap\n/);
    expect(out).toMatch(/\nkind: List\nmetadata: \{\}\n$/);
    expect(out).not.toContain('managedFields');
    expect(kubectl(sim, 'kubectl apply -f - -o name', { stdin: two }).stdout).toBe('configmap/a\nconfigmap/b\n');
  });
});
