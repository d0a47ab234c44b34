import { describe, expect, it } from 'vitest';
import { Simulation } from '../engine/index';
import { kubectl } from './testing';

const CM = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: b\n' };
const DEPRECATED = 'Flag --record has been deprecated, --record will be removed in the future\n';
const cause = (sim: Simulation, ref: string): string => kubectl(sim, String.raw`get ${ref} -o jsonpath='{.metadata.annotations.kubernetes\.io/change-cause}'`).stdout;

function rolledOut(): Simulation {
  const sim = new Simulation({ seed: 7 });
  kubectl(sim, 'create deployment web --image=nginx:1.25');
  kubectl(sim, 'rollout status deploy/web');
  return sim;
}

/**
 * `--record` (cli-runtime record_flags.go): hidden and deprecated, still honoured. The texts were
 * checked against kubectl v1.32 on this machine (`kubectl set image -f d.yaml nginx=nginx:1.26
 * --record --local -o yaml` writes `kubectl set image nginx=nginx:1.26 --filename=d.yaml
 * --record=true --local=true --output=yaml`).
 */
describe('kubectl --record', () => {
  it('writes the command as parseCommandArguments prints it — words, then each flag as --NAME=VALUE in the order typed — and rollout history shows it', () => {
    const sim = rolledOut();
    const r = kubectl(sim, 'set image deployment/web nginx=nginx:1.26 --record -n default');
    expect(r.stderr).toBe(DEPRECATED);
    expect(r.stdout).toBe('deployment.apps/web image updated\n');
    kubectl(sim, 'rollout status deploy/web');
    expect(cause(sim, 'deploy/web')).toBe('kubectl set image deployment/web nginx=nginx:1.26 --record=true --namespace=default');
    expect(kubectl(sim, 'rollout history deploy/web').stdout).toBe(
      'deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         kubectl set image deployment/web nginx=nginx:1.26 --record=true --namespace=default\n\n',
    );
  });

  it('records nothing without the flag or with --record=false, though the notice still prints', () => {
    const sim = rolledOut();
    expect(kubectl(sim, 'set image deploy/web nginx=nginx:1.26').stderr).toBe('');
    expect(kubectl(sim, 'set image deploy/web nginx=nginx:1.27 --record=false').stderr).toBe(DEPRECATED);
    expect(cause(sim, 'deploy/web')).toBe('');
  });

  it('scale records with a second merge PATCH; the Deployment controller copies the cause onto the current ReplicaSet, overwriting the revision that made it', () => {
    const sim = rolledOut();
    kubectl(sim, 'set image deploy/web nginx=nginx:1.26 --record');
    kubectl(sim, 'rollout status deploy/web');
    const r = kubectl(sim, 'scale deploy/web --replicas=2 --record');
    expect(r.stdout).toBe('deployment.apps/web scaled\n');
    sim.advance(2_000);
    expect(kubectl(sim, 'rollout history deploy/web').stdout).toContain('2         kubectl scale deploy/web --replicas=2 --record=true\n');
  });

  it('patch, label and annotate record into the object they change', () => {
    const sim = rolledOut();
    expect(kubectl(sim, `patch deploy web -p '{"spec":{"minReadySeconds":1}}' --record`).stdout).toBe('deployment.apps/web patched\n');
    expect(cause(sim, 'deploy/web')).toBe(`kubectl patch deploy web --patch={"spec":{"minReadySeconds":1}} --record=true`);
    kubectl(sim, 'label deploy/web tier=frontend --record');
    expect(cause(sim, 'deploy/web')).toBe('kubectl label deploy/web tier=frontend --record=true');
    expect(kubectl(sim, 'annotate deploy/web note=x --record').stdout).toBe('deployment.apps/web annotated\n');
    expect(cause(sim, 'deploy/web')).toBe('kubectl annotate deploy/web note=x --record=true');
  });

  it('run, expose, autoscale and create -f put it into the object they create, a client dry run included', () => {
    const sim = rolledOut();
    const pod = kubectl(sim, 'run p --image=nginx --record --dry-run=client -o yaml').stdout;
    expect(pod).toContain('    kubernetes.io/change-cause: kubectl run p --image=nginx --record=true --dry-run=client\n      --output=yaml\n');
    kubectl(sim, 'expose deploy web --port=80 --record');
    expect(cause(sim, 'svc/web')).toBe('kubectl expose deploy web --port=80 --record=true');
    const hpa = kubectl(sim, 'autoscale deploy web --max=3 --cpu-percent=50 --record --dry-run=client -o yaml');
    // pflag prints one notice per deprecated flag, in the order typed.
    expect(hpa.stderr).toBe(
      "Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).\n" + DEPRECATED,
    );
    expect(hpa.stdout).toContain('kubernetes.io/change-cause: kubectl autoscale deploy web --max=3 --cpu-percent=50\n      --record=true --dry-run=client --output=yaml\n');
    kubectl(sim, 'create -f cm.yaml --record --save-config', { files: CM });
    expect(cause(sim, 'cm/cm')).toBe('kubectl create --filename=cm.yaml --record=true --save-config=true');
    // create.go annotates last-applied first, then records: the cause is not in the saved configuration.
    expect(kubectl(sim, String.raw`get cm cm -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'`).stdout).not.toContain('change-cause');
  });

  it('apply records before it works out the last-applied configuration, so the cause is in both', () => {
    const sim = new Simulation({ seed: 7 });
    expect(kubectl(sim, 'apply -f cm.yaml --record', { files: CM }).stdout).toBe('configmap/cm created\n');
    expect(cause(sim, 'cm/cm')).toBe('kubectl apply --filename=cm.yaml --record=true');
    expect(kubectl(sim, String.raw`get cm cm -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'`).stdout).toContain('"kubernetes.io/change-cause":"kubectl apply --filename=cm.yaml --record=true"');
  });

  it('is an unknown flag where upstream never registered it (create deployment, set env); complete.test.ts checks it is never offered', () => {
    const sim = rolledOut();
    expect(kubectl(sim, 'create deployment x --image=nginx --record').stderr).toBe("error: unknown flag: --record\nSee 'kubectl create deployment --help' for usage.\n");
    expect(kubectl(sim, 'set env deploy/web A=b --record').stderr).toBe("error: unknown flag: --record\nSee 'kubectl set env --help' for usage.\n");
  });
});
