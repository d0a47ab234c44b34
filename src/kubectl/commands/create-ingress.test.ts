/**
 * `kubectl create ingress` against the real engine. The expected client-side output (dry-run
 * objects, errors) is what kubectl v1.35.2 prints for the same lines; create_ingress.go is
 * unchanged in v1.36.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Ingress } from '../../k8s/types';
import { kubectl } from '../testing';

let base: Simulation;
beforeAll(() => {
  base = new Simulation({ seed: 1 });
  base.advance(20_000);
});
const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());
const stored = (sim: Simulation, name: string): Ingress | undefined => (sim.objects('ingresses') as Ingress[]).find((i) => i.metadata.name === name);

const backend = (name: string, port: string) => `      - backend:
          service:
            name: ${name}
            port:
              ${port}
`;

describe('kubectl create ingress: the objects', () => {
  it('creates one rule per host, Exact paths and Prefix for a trailing *, TLS grouped by secret', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create ingress shop --rule=shop.example.com/cart*=cart:8080,tls=shop-tls --rule=shop.example.com/pay=pay:https --class=nginx')).toMatchObject({
      stdout: 'ingress.networking.k8s.io/shop created\n',
      stderr: '',
      code: 0,
    });
    const ing = stored(sim, 'shop')!;
    expect(ing.spec).toEqual({
      ingressClassName: 'nginx',
      tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
      rules: [
        {
          host: 'shop.example.com',
          http: {
            paths: [
              { path: '/cart', pathType: 'Prefix', backend: { service: { name: 'cart', port: { number: 8080 } } } },
              { path: '/pay', pathType: 'Exact', backend: { service: { name: 'pay', port: { name: 'https' } } } },
            ],
          },
        },
      ],
    });
    expect(ing.status).toEqual({ loadBalancer: {} });
    expect(kubectl(sim, 'get ing shop').stdout).toBe(['NAME   CLASS   HOSTS              ADDRESS   PORTS     AGE', 'shop   nginx   shop.example.com             80, 443   0s', ''].join('\n'));
  });

  it('--dry-run=client -o yaml prints the object as kubectl does and stores nothing', () => {
    const sim = fresh();
    const r = kubectl(sim, "create ingress x --rule=/=a:1,tls=s --rule=b.com/=a:1,tls=s --rule=b.com/z=a:1,tls=t --rule=c.com/=a:1,tls --rule='*.d.com/p*=svc:http' --dry-run=client -o yaml");
    expect(r).toMatchObject({ stderr: '', code: 0 });
    const path = (p: string, type = 'Exact') => `        path: ${p}\n        pathType: ${type}\n`;
    expect(r.stdout).toBe(
      `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: x
spec:
  rules:
  - http:
      paths:
${backend('a', 'number: 1')}${path('/')}  - host: b.com
    http:
      paths:
${backend('a', 'number: 1')}${path('/')}${backend('a', 'number: 1')}${path('/z')}  - host: c.com
    http:
      paths:
${backend('a', 'number: 1')}${path('/')}  - host: '*.d.com'
    http:
      paths:
${backend('svc', 'name: http')}${path('/p', 'Prefix')}  tls:
  - hosts:
    - b.com
    secretName: s
  - hosts:
    - c.com
status:
  loadBalancer: {}
`,
    );
    expect(stored(sim, 'x')).toBeUndefined();
    expect(kubectl(sim, 'create ing x --rule=foo.com/a=b:c --dry-run=client').stdout).toBe('ingress.networking.k8s.io/x created (dry run)\n');
  });

  it('-o json keeps the typed Ingress\'s field order, and --save-config writes its JSON as the annotation', () => {
    const r = kubectl(fresh(), 'create ingress simple -n shop --default-backend=d:80 --annotation=z=1 --annotation=a=2 --dry-run=client -o json --save-config');
    expect(r.stdout).toBe(`{
    "kind": "Ingress",
    "apiVersion": "networking.k8s.io/v1",
    "metadata": {
        "name": "simple",
        "namespace": "shop",
        "annotations": {
            "a": "2",
            "kubectl.kubernetes.io/last-applied-configuration": "{\\"kind\\":\\"Ingress\\",\\"apiVersion\\":\\"networking.k8s.io/v1\\",\\"metadata\\":{\\"name\\":\\"simple\\",\\"namespace\\":\\"shop\\",\\"annotations\\":{\\"a\\":\\"2\\",\\"z\\":\\"1\\"}},\\"spec\\":{\\"defaultBackend\\":{\\"service\\":{\\"name\\":\\"d\\",\\"port\\":{\\"number\\":80}}}},\\"status\\":{\\"loadBalancer\\":{}}}\\n",
            "z": "1"
        }
    },
    "spec": {
        "defaultBackend": {
            "service": {
                "name": "d",
                "port": {
                    "number": 80
                }
            }
        }
    },
    "status": {
        "loadBalancer": {}
    }
}
`);
  });
});

describe('kubectl create ingress: errors', () => {
  it('checks the NAME, then Validate\'s rules in order', () => {
    const sim = fresh();
    const err = (line: string) => kubectl(sim, line).stderr;
    expect(err('create ingress')).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create ingress -h' for help and examples\n");
    expect(err('create ingress a b --rule=/=a:1')).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create ingress -h' for help and examples\n");
    expect(err('create ingress x')).toBe(
      'error: not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)\n',
    );
    expect(err('create ingress x --rule=foo')).toBe('error: rule foo is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]\n');
    expect(err('create ingress x --rule=foo.com/bar=svc:80 --annotation=abc')).toBe('error: annotation abc is invalid and should be in format key=[value]\n');
    expect(err('create ingress x --default-backend=a:b:c')).toBe('error: default-backend should be in format servicename:serviceport\n');
    expect(stored(sim, 'x')).toBeUndefined();
  });

  it('wraps the server\'s refusal as failed to create ingress', () => {
    const r = kubectl(fresh(), 'create ingress x --rule=10.0.0.1/=web:0');
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toBe(
      'error: failed to create ingress: Ingress.networking.k8s.io "x" is invalid: [spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address, spec.rules[0].http.paths[0].backend: Required value: port name or number is required]\n',
    );
  });
});
