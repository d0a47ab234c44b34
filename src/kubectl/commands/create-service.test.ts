/**
 * `kubectl create service clusterip|nodeport|loadbalancer|externalname` against the real engine.
 * The expected client-side output (dry-run objects, errors, usage) is what kubectl v1.35.2 prints
 * for the same lines; create_service.go is unchanged since, so v1.36 prints the same.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Service } from '../../k8s/types';
import { loadKubectlHelp } from '../help/load';
import { kubectl } from '../testing';

let base: Simulation;
beforeAll(async () => {
  await loadKubectlHelp();
  base = new Simulation({ seed: 1 });
  base.advance(30_000);
});
const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());
const service = (sim: Simulation, name: string): Service | undefined => (sim.objects('services') as Service[]).find((s) => s.metadata.name === name);

const yamlOf = (spec: string, name = 'web'): string => `apiVersion: v1
kind: Service
metadata:
  labels:
    app: ${name}
  name: ${name}
spec:
${spec}  selector:
    app: ${name}
`;

describe('kubectl create service: the objects', () => {
  it('clusterip: ports named PORT-TARGETPORT, TCP, a numeric target port as a number', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create service clusterip web --tcp=80:8080')).toMatchObject({ stdout: 'service/web created\n', stderr: '', code: 0 });
    const svc = service(sim, 'web')!;
    expect(svc.metadata.labels).toEqual({ app: 'web' });
    expect(svc.spec.selector).toEqual({ app: 'web' });
    expect(svc.spec.type).toBe('ClusterIP');
    expect(svc.spec.ports).toEqual([{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }]);
    expect(svc.spec.clusterIP).toMatch(/^10\.\d+\.\d+\.\d+$/);
  });

  it('--dry-run=client -o yaml prints the object as kubectl does, status included, and stores nothing', () => {
    const sim = fresh();
    const r = kubectl(sim, 'create service clusterip web --tcp=80:8080 --tcp=443 --dry-run=client -o yaml');
    expect(r).toMatchObject({ stderr: '', code: 0 });
    expect(r.stdout).toBe(
      `${yamlOf(`  ports:
  - name: 80-8080
    port: 80
    protocol: TCP
    targetPort: 8080
  - name: "443"
    port: 443
    protocol: TCP
    targetPort: 443
`)}  type: ClusterIP
status:
  loadBalancer: {}
`,
    );
    expect(service(sim, 'web')).toBeUndefined();
    expect(kubectl(sim, 'create svc clusterip web --tcp=80 --dry-run=client').stdout).toBe('service/web created (dry run)\n');
  });

  it('-o json keeps the typed Service\'s Go field order, for a dry run and for the server\'s object', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create service nodeport web --tcp=80:http --node-port=30080 --dry-run=client -o json').stdout).toBe(`{
    "kind": "Service",
    "apiVersion": "v1",
    "metadata": {
        "name": "web",
        "labels": {
            "app": "web"
        }
    },
    "spec": {
        "ports": [
            {
                "name": "80-http",
                "protocol": "TCP",
                "port": 80,
                "targetPort": "http",
                "nodePort": 30080
            }
        ],
        "selector": {
            "app": "web"
        },
        "type": "NodePort"
    },
    "status": {
        "loadBalancer": {}
    }
}
`);
    const created = JSON.parse(kubectl(sim, 'create service loadbalancer lb --tcp=80 -o json').stdout) as Record<string, Record<string, unknown>>;
    expect(Object.keys(created)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(Object.keys(created['metadata']!).slice(0, 3)).toEqual(['name', 'namespace', 'uid']);
    expect(Object.keys(created['spec']!).slice(0, 5)).toEqual(['ports', 'selector', 'clusterIP', 'clusterIPs', 'type']);
    expect(created['status']).toEqual({ loadBalancer: {} });
  });

  it('nodeport: --node-port on every port, a named target port kept as a name', () => {
    const sim = fresh();
    // One --node-port for two ports: the server refuses the second (the reason is the engine's).
    expect(kubectl(sim, 'create service nodeport web --tcp=80:http,8443:8080 --node-port=30080').stderr).toMatch(
      /^error: failed to create NodePort service: Service "web" is invalid: spec\.ports\[1\]\.nodePort: /,
    );
    expect(kubectl(sim, 'create service nodeport web --tcp=80:http --node-port=30080').stdout).toBe('service/web created\n');
    expect(service(sim, 'web')!.spec).toMatchObject({ type: 'NodePort', ports: [{ name: '80-http', protocol: 'TCP', port: 80, targetPort: 'http', nodePort: 30080 }] });
  });

  it('loadbalancer', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create service loadbalancer lb --tcp=5678:8080').stdout).toBe('service/lb created\n');
    expect(service(sim, 'lb')!.spec).toMatchObject({ type: 'LoadBalancer', selector: { app: 'lb' }, ports: [{ name: '5678-8080', port: 5678, targetPort: 8080 }] });
  });

  it('externalname: the name is required, any --tcp ports are kept', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create service externalname ext --external-name bar.com --dry-run=client -o yaml').stdout).toBe(
      `${yamlOf('  externalName: bar.com\n', 'ext')}  type: ExternalName\nstatus:\n  loadBalancer: {}\n`,
    );
    expect(kubectl(sim, 'create service externalname ext --external-name=bar.com --tcp=80').stdout).toBe('service/ext created\n');
    expect(service(sim, 'ext')!.spec).toMatchObject({ type: 'ExternalName', externalName: 'bar.com', ports: [{ name: '80', port: 80 }] });
  });

  it('clusterip --clusterip=None: a headless Service, ports optional', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create service clusterip hl --clusterip=None --dry-run=client -o yaml').stdout).toBe(
      `${yamlOf('  clusterIP: None\n', 'hl')}  type: ClusterIP\nstatus:\n  loadBalancer: {}\n`,
    );
    expect(kubectl(sim, 'create service clusterip hl --clusterip=None').stdout).toBe('service/hl created\n');
    expect(service(sim, 'hl')!.spec).toMatchObject({ clusterIP: 'None', type: 'ClusterIP' });
    expect(service(sim, 'hl')!.spec.ports).toBeUndefined();
  });

  it('writes the namespace into the object only when -n gives it; ignores --save-config, as upstream does', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create service clusterip web --tcp=80 -n kube-public --dry-run=client -o jsonpath={.metadata.namespace}').stdout).toBe('kube-public');
    expect(kubectl(sim, 'create service clusterip web --tcp=80 -n kube-public --save-config').code).toBe(0);
    expect(service(sim, 'web')!.metadata).toMatchObject({ namespace: 'kube-public' });
    expect(service(sim, 'web')!.metadata.annotations).toBeUndefined();
  });
});

describe('kubectl create service: errors', () => {
  const err = (line: string): string => {
    const r = kubectl(base, line);
    expect(r.code, line).toBe(1);
    expect(r.stdout, line).toBe('');
    return r.stderr;
  };

  it('rejects a bad --tcp word with strconv\'s or the port validation\'s message', () => {
    expect(err('create service clusterip web')).toBe('error: at least one tcp port specifier must be provided\n');
    expect(err('create service clusterip web --tcp=')).toBe('error: at least one tcp port specifier must be provided\n');
    expect(err('create service clusterip web --tcp=65536')).toBe('error: strconv.ParseUint: parsing "65536": value out of range\n');
    expect(err('create service clusterip web --tcp=abc')).toBe('error: strconv.ParseUint: parsing "abc": invalid syntax\n');
    expect(err('create service clusterip web --tcp=80,')).toBe('error: strconv.ParseUint: parsing "": invalid syntax\n');
    expect(err('create service clusterip web --tcp=80:-abc')).toBe('error: must not begin or end with a hyphen\n');
    expect(err('create service clusterip web --tcp=80:0')).toBe('error: must be between 1 and 65535, inclusive\n');
    expect(err('create service clusterip web --tcp=80:A_B')).toBe(
      'error: must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-),must contain at least one letter (a-z)\n',
    );
    expect(err('create service clusterip web --tcp=80:verylongportname123')).toBe('error: must be no more than 15 characters\n');
  });

  it('needs exactly one NAME, and --external-name first', () => {
    expect(err('create service clusterip --tcp=80')).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create service clusterip -h' for help and examples\n");
    expect(err('create svc nodeport a b --tcp=80')).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create service nodeport -h' for help and examples\n");
    expect(err('create service externalname')).toBe('error: required flag(s) "external-name" not set\n');
    expect(err('create service externalname web --external-name=@oi:test')).toBe('error: invalid service external name @oi:test\n');
  });

  it('has each flag on its own subcommand only', () => {
    expect(err('create service nodeport web --clusterip=None')).toBe("error: unknown flag: --clusterip\nSee 'kubectl create service nodeport --help' for usage.\n");
    expect(err('create service clusterip web --tcp=80 --node-port=30080')).toBe("error: unknown flag: --node-port\nSee 'kubectl create service clusterip --help' for usage.\n");
    expect(err('create service nodeport web --tcp=80 --node-port=abc')).toBe(
      'error: invalid argument "abc" for "--node-port" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee \'kubectl create service nodeport --help\' for usage.\n',
    );
  });

  it('wraps the server\'s refusal as failed to create <Type> service', () => {
    const sim = fresh();
    kubectl(sim, 'create service clusterip web --tcp=80');
    expect(kubectl(sim, 'create service clusterip web --tcp=80').stderr).toBe('error: failed to create ClusterIP service: services "web" already exists\n');
    expect(kubectl(sim, 'create service nodeport np --tcp=80 --node-port=99999').stderr).toMatch(/^error: failed to create NodePort service: Service "np" is invalid: spec\.ports\[0\]\.nodePort: /);
  });

  it('prints the parent usage alone, and an unknown type is an unknown command', () => {
    const usage = kubectl(base, 'create service --help').stdout;
    expect(usage).toMatch(/^Create a service using a specified subcommand\.\n\nAliases:\nservice, svc\n\nAvailable Commands:\n {2}clusterip {6}Create a ClusterIP service\n/);
    expect(kubectl(base, 'create service')).toMatchObject({ stdout: '', stderr: usage, code: 1 });
    expect(kubectl(base, 'create svc')).toMatchObject({ stdout: '', stderr: usage, code: 1 });
    expect(err('create service bogus x')).toBe('error: unknown command "bogus x"\nSee \'kubectl create service -h\' for help and examples\n');
    expect(err('create service --tcp=80 bogus')).toBe("error: unknown flag: --tcp\nSee 'kubectl create service --help' for usage.\n");
  });

  it('prints each subcommand\'s help, and create --help lists service', () => {
    const help = kubectl(base, 'create service clusterip --help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Create a ClusterIP service with the specified name\.\n\nExamples:\n/);
    expect(help.stdout).toContain('\nUsage:\n  kubectl create service clusterip NAME [--tcp=<port>:<targetPort>] [--dry-run=server|client|none] [options]\n');
    expect(kubectl(base, 'create svc clusterip -h').stdout).toBe(help.stdout);
    expect(kubectl(base, 'create service externalname --help').stdout).toContain('\n    --external-name=\'\':\n\tExternal name of service\n');
    expect(kubectl(base, 'create --help').stdout).toContain('\n  service               Create a service using a specified subcommand\n');
  });
});
