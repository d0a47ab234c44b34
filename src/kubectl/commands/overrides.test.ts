/**
 * `--overrides` / `--override-type` of kubectl run and expose, each expectation what kubectl
 * v1.35.2 printed for the same line against `reconcile serve` (client dry runs: the patched,
 * re-decoded typed object, or kubectl's own error line).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let base: Simulation;
beforeAll(() => {
  base = new Simulation({ seed: 1 });
  base.advance(30_000);
});
const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());
const yaml = (line: string): string => kubectl(base, `${line} --dry-run=client -o yaml`).stdout;
const error = (line: string): string => {
  const r = kubectl(base, `${line} --dry-run=client -o yaml`);
  expect(r.code).toBe(1);
  return r.stderr;
};

describe('kubectl run --overrides', () => {
  it('merges a JSON merge patch by default, into the typed Pod, fields in Go order', () => {
    expect(kubectl(base, `run a --image=nginx --overrides='{"spec":{"nodeName":"node-2"}}' --dry-run=client -o json`).stdout).toBe(`{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "a",
        "labels": {
            "run": "a"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "a",
                "image": "nginx",
                "resources": {}
            }
        ],
        "restartPolicy": "Always",
        "dnsPolicy": "ClusterFirst",
        "nodeName": "node-2"
    },
    "status": {}
}
`);
    // A merge patch replaces a list whole; null deletes a key.
    expect(yaml(`run b --image=nginx --overrides='{"metadata":{"labels":{"run":null,"x":"y"}},"spec":{"containers":[{"name":"b","image":"busybox","command":["sleep","3600"]}]}}'`)).toBe(`apiVersion: v1
kind: Pod
metadata:
  labels:
    x: "y"
  name: b
spec:
  containers:
  - command:
    - sleep
    - "3600"
    image: busybox
    name: b
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`);
  });

  it('decodes the result as the scheme does: unknown fields dropped, quantities canonical, the first type error fails', () => {
    expect(yaml(`run h --image=nginx --overrides='{"spec":{"bogusField":1,"nodeSelector":{"kubernetes.io/hostname":"node-2"}}}'`)).toContain('  nodeSelector:\n    kubernetes.io/hostname: node-2\n  restartPolicy: Always\n');
    expect(yaml(`run h --image=nginx --overrides='{"spec":{"bogusField":1}}'`)).not.toContain('bogusField');
    expect(yaml(`run t --image=nginx --overrides='{"spec":{"containers":[{"name":"t","image":"nginx","resources":{"limits":{"cpu":"0.5"}}}]}}'`)).toContain('    resources:\n      limits:\n        cpu: 500m\n');
    expect(error(`run q --image=nginx --overrides='{"spec":{"containers":[{"name":"q","image":"nginx","ports":[{"containerPort":"80"}]}]}}'`)).toBe(
      'error: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32\n',
    );
    expect(error(`run u --image=nginx --overrides='{"spec":{"containers":[{"name":"u","image":"nginx","resources":{"limits":{"cpu":"abc"}}}]}}'`)).toBe(
      "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n",
    );
    expect(error(`run j --image=nginx --overrides='{"apiVersion":"apps/v1"}'`)).toBe('error: no kind "Pod" is registered for version "apps/v1" in scheme "pkg/scheme/scheme.go:28"\n');
    expect(error(`run b1 --image=nginx --overrides='{"kind":null}'`)).toBe(
      `error: Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"b1","labels":{"run":"b1"}},"spec":{"containers":[{"name":"b1","image":"nginx","resources":{}}],"restartPolicy":"Always","dnsPolicy":"ClusterFirst"},"status":{}}'\n`,
    );
  });

  it('refuses a fragment in the words of the library that reads it', () => {
    expect(error(`run e --image=nginx --overrides='{bad'`)).toBe('error: Invalid JSON Patch\n');
    expect(error(`run e --image=nginx --overrides='null'`)).toBe('error: Invalid JSON Patch\n');
    expect(error(`run e --image=nginx --override-type=strategic --overrides='[1]'`)).toBe('error: invalid JSON document\n');
    expect(error(`run e --image=nginx --override-type=json --overrides='[{bad'`)).toBe("error: invalid character 'b' looking for beginning of object key string\n");
    expect(error(`run e --image=nginx --override-type=json --overrides='{"spec":{}}'`)).toBe('error: json: cannot unmarshal object into Go value of type jsonpatch.Patch\n');
    expect(error(`run e --image=nginx --override-type=bogus --overrides='{"spec":{}}'`)).toBe('error: invalid override type: bogus\n');
    expect(error(`run e --image=nginx --override-type=json --overrides='[{"op":"test","path":"/spec/dnsPolicy","value":"x"}]'`)).toBe('error: testing value /spec/dnsPolicy failed: test failed\n');
    expect(error(`run a1 --image=nginx --overrides='[1]'`)).toBe(
      `error: couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }\n`,
    );
    expect(error(`run r --image=nginx --override-type=strategic --overrides='{"spec":{"containers":[{"$patch":"bogus"}]}}'`)).toBe('error: unknown patch type: bogus in map: map[$patch:bogus]\n');
    expect(error(`run r --image=nginx --override-type=strategic --overrides='{"spec":{"containers":[{"image":"x"}]}}'`)).toBe('error: map: map[image:x] does not contain declared merge key: name\n');
  });

  it('patches by strategic merge or JSON patch on request, and an empty --overrides changes nothing', () => {
    expect(yaml(`run c --image=nginx --override-type=strategic --overrides='{"spec":{"containers":[{"name":"c","resources":{"limits":{"cpu":"100m"}}}]}}'`)).toContain(
      '  - image: nginx\n    name: c\n    resources:\n      limits:\n        cpu: 100m\n',
    );
    expect(yaml(`run k3 --image=nginx --override-type=json --overrides='[{"op":"replace","path":"/spec/containers/0/image","value":"busybox"},{"op":"add","path":"/spec/containers/-","value":{"name":"side","image":"busybox"}}]'`)).toContain(
      '  containers:\n  - image: busybox\n    name: k3\n    resources: {}\n  - image: busybox\n    name: side\n    resources: {}\n',
    );
    expect(yaml(`run s --image=nginx --overrides=''`)).toBe(yaml('run s --image=nginx'));
  });

  it('creates what the overrides made, and --save-config records the overridden object', () => {
    const sim = fresh();
    expect(kubectl(sim, `run k --image=nginx --overrides='{"spec":{"nodeName":"node-2"}}' --save-config`).stdout).toBe('pod/k created\n');
    expect(kubectl(sim, `get pod k -o jsonpath={.spec.nodeName}`).stdout).toBe('node-2');
    expect(kubectl(sim, `get pod k -o jsonpath='{.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}'`).stdout).toBe(
      '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"k","labels":{"run":"k"}},"spec":{"containers":[{"name":"k","image":"nginx","resources":{}}],"restartPolicy":"Always","dnsPolicy":"ClusterFirst","nodeName":"node-2"},"status":{}}\n',
    );
  });
});

describe('kubectl expose --overrides', () => {
  it('patches the generated Service before it is printed or created', () => {
    const sim = fresh();
    kubectl(sim, 'run k --image=nginx');
    expect(kubectl(sim, `expose pod k --port=80 --overrides='{"spec":{"type":"NodePort"}}' --dry-run=client -o yaml`).stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  labels:
    run: k
  name: k
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    run: k
  type: NodePort
status:
  loadBalancer: {}
`);
    expect(kubectl(sim, `expose pod k --port=80 --name=svc --override-type=json --overrides='[{"op":"replace","path":"/spec/ports/0/port","value":8080}]'`).stdout).toBe('service/svc exposed\n');
    expect(kubectl(sim, 'get svc svc -o jsonpath={.spec.ports[0].port}').stdout).toBe('8080');
  });
});
