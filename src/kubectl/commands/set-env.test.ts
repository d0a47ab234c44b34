import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Deployment, EnvVar } from '../../k8s/types';
import { kubectl } from '../testing';

function setup(): Simulation {
  const sim = new Simulation({ seed: 1 });
  kubectl(sim, 'create deployment web --image=nginx:1.27');
  kubectl(sim, 'create configmap app-config --from-literal=log-level=debug --from-literal=MODE=fast');
  kubectl(sim, 'create secret generic creds --from-literal=password=s3cret');
  return sim;
}
const envOf = (sim: Simulation): EnvVar[] | undefined => (sim.objects('deployments').find((o) => o.metadata.name === 'web') as Deployment).spec.template.spec!.containers[0]!.env;

describe('kubectl set env', () => {
  it('adds, replaces in place and removes variables; an unchanged template is skipped silently', () => {
    const sim = setup();
    expect(kubectl(sim, 'set env deployment/web STORAGE_DIR=/local GREETING=hello').stdout).toBe('deployment.apps/web env updated\n');
    expect(kubectl(sim, 'set env deployment/web STORAGE_DIR=/data').stdout).toBe('deployment.apps/web env updated\n');
    expect(envOf(sim)).toEqual([{ name: 'STORAGE_DIR', value: '/data' }, { name: 'GREETING', value: 'hello' }]);
    expect(kubectl(sim, 'set env deployment/web STORAGE_DIR=/data')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(kubectl(sim, 'set env deployment/web GREETING-').stdout).toBe('deployment.apps/web env updated\n');
    expect(envOf(sim)).toEqual([{ name: 'STORAGE_DIR', value: '/data' }]);
  });

  it('imports a ConfigMap or Secret as valueFrom references, lists them and resolves them', () => {
    const sim = setup();
    const cm = kubectl(sim, 'set env deployment/web --from=configmap/app-config --prefix=APP_');
    expect(cm.stderr).toBe('Warning: key log-level transferred to LOG_LEVEL\n');
    expect(kubectl(sim, 'set env deployment/web --from=secret/creds --keys=password').stdout).toBe('deployment.apps/web env updated\n');
    expect(kubectl(sim, 'set env deployment/web --list').stdout).toBe(
      '# Deployment web, container nginx\n# APP_MODE from configmap app-config, key MODE\n# APP_LOG_LEVEL from configmap app-config, key log-level\n# PASSWORD from secret creds, key password\n',
    );
    expect(kubectl(sim, 'set env deployment/web --list --resolve').stdout).toBe('# Deployment web, container nginx\nAPP_MODE=fast\nAPP_LOG_LEVEL=debug\nPASSWORD=s3cret\n');
    // The kubelet reads the same references when the new Pods start.
    sim.advance(30_000);
    expect(kubectl(sim, 'exec deploy/web -- env').stdout).toMatch(/^PASSWORD=s3cret$/m);
  });

  it('refuses as upstream', () => {
    const sim = setup();
    kubectl(sim, 'set env deployment/web STORAGE_DIR=/local');
    expect(kubectl(sim, 'set env deployment/web STORAGE_DIR=/other --overwrite=false').stderr).toBe("error: deployments/web 'STORAGE_DIR' already has a value (/local), and --overwrite is false\n");
    expect(kubectl(sim, 'set env deployment/web 1BAD=x').stderr).toMatch(/^error: "1BAD" is not a valid key name: a valid environment variable name must consist of/);
    expect(kubectl(sim, 'set env deployment/web FOO=1 FOO-').stderr).toBe('error: can not both modify and remove the same environment variable in the same command\n');
    expect(kubectl(sim, 'set env FOO=1 deployment/web').stderr).toBe('error: all resources must be specified before environment changes: FOO=1 deployment/web\n');
    expect(kubectl(sim, 'set env X=1').stderr).toBe('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n');
    expect(kubectl(sim, 'set env deployment/web --keys=a').stderr).toBe('error: when specifying --keys, a configmap or secret must be provided with --from\n');
    expect(kubectl(sim, 'set env deployment/web --list -o yaml').stderr).toBe('error: --list and --output may not be specified together\n');
    expect(kubectl(sim, 'set env deployment/web --from=service/kubernetes').stderr).toBe('error: unsupported resource specified in --from\n');
    expect(kubectl(sim, 'set env deployment/web -c nope X=1')).toMatchObject({ code: 0, stdout: '', stderr: 'Warning: Deployment/web does not have any containers matching "nope"\n' });
  });
});
