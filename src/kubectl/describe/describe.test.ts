import { beforeAll, describe, expect, it } from 'vitest';
import { type SimMillis, Simulation } from '../../engine/index';
import type { KObject, Pod } from '../../k8s/types';
import { rfc1123z, rfc3339 } from '../../k8s/time';
import { kubectl } from '../testing';

/** Describe layouts on fabricated objects; nothing advances time between writing and describing. */
let sim: Simulation;
const NS = 'kt-describe';
const ts = (ms: number): string => rfc3339(ms as SimMillis);

function create(resource: string, body: Record<string, unknown>, ns?: string): KObject {
  const res = sim.request({ verb: 'create', resource, ...(ns ? { namespace: ns } : {}), body: body as KObject });
  if (!res.ok || !res.object) throw new Error(JSON.stringify(res));
  return res.object;
}

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, `create ns ${NS}`);
});

describe('kubectl describe', () => {
  it('lays out a pod like describePod, events included', () => {
    const pod = create(
      'pods',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'api', labels: { app: 'api' } },
        spec: {
          schedulerName: 'kt-none',
          containers: [{ name: 'api', image: 'ghcr.io/kt/api:1.0', ports: [{ containerPort: 8080, name: 'http' }], readinessProbe: { httpGet: { path: '/ready', port: 'http' } }, resources: { requests: { cpu: '100m', memory: '64Mi' } } }],
        },
      },
      NS,
    ) as Pod;
    const start = sim.now - 60_000;
    const status = {
      phase: 'Running',
      hostIP: '10.0.0.11',
      podIP: '10.244.1.9',
      podIPs: [{ ip: '10.244.1.9' }],
      startTime: ts(start),
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ type, status: 'True' })),
      containerStatuses: [
        {
          name: 'api',
          ready: true,
          restartCount: 1,
          image: 'ghcr.io/kt/api:1.0',
          imageID: 'ghcr.io/kt/api@sha256:0123',
          containerID: 'containerd://abc',
          started: true,
          state: { running: { startedAt: ts(start + 30_000) } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: ts(start), finishedAt: ts(start + 20_000) } },
        },
      ],
    };
    expect(sim.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: NS, name: 'api', body: { ...structuredClone(pod), status } as KObject }).ok).toBe(true);
    const ev = (name: string, type: string, reason: string, message: string, component: string, count: number, first: number, last: number): void => {
      create('events', { apiVersion: 'v1', kind: 'Event', metadata: { name }, involvedObject: { kind: 'Pod', name: 'api', namespace: NS, uid: pod.metadata.uid }, type, reason, message, source: { component }, count, firstTimestamp: ts(first), lastTimestamp: ts(last) }, NS);
    };
    ev('api.1', 'Normal', 'Scheduled', `Successfully assigned ${NS}/api to node-1`, 'default-scheduler', 1, sim.now - 60_000, sim.now - 60_000);
    ev('api.2', 'Warning', 'Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', 'kubelet', 5, sim.now - 50_000, sim.now - 40_000);
    const vol = pod.spec.volumes!.find((v) => v.name.startsWith('kube-api-access-'))!.name;
    const started = rfc1123z(Math.floor(start / 1000) * 1000 as SimMillis);
    const out = kubectl(sim, `describe pod api -n ${NS}`).stdout;
    expect(out).toBe(`Name:             api
Namespace:        ${NS}
Priority:         0
Service Account:  default
Node:             <none>
Start Time:       ${started}
Labels:           app=api
Annotations:      <none>
Status:           Running
IP:               10.244.1.9
IPs:
  IP:  10.244.1.9
Containers:
  api:
    Container ID:   containerd://abc
    Image:          ghcr.io/kt/api:1.0
    Image ID:       ghcr.io/kt/api@sha256:0123
    Port:           8080/TCP (http)
    Host Port:      0/TCP (http)
    State:          Running
      Started:      ${rfc1123z((Math.floor(start / 1000) * 1000 + 30_000) as SimMillis)}
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      ${started}
      Finished:     ${rfc1123z((Math.floor(start / 1000) * 1000 + 20_000) as SimMillis)}
    Ready:          True
    Restart Count:  1
    Requests:
      cpu:        100m
      memory:     64Mi
    Readiness:    http-get http://:http/ready delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from ${vol} (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:
  ${vol}:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    Optional:                false
    DownwardAPI:             true
QoS Class:                   Burstable
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  60s                default-scheduler  Successfully assigned ${NS}/api to node-1
  Warning  Unhealthy  40s (x5 over 50s)  kubelet            Readiness probe failed: HTTP probe failed with statuscode: 503
`);
  });

  it('lists a downwardAPI volume\'s items as printDownwardAPIVolumeSource does', () => {
    create(
      'pods',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'dapi' },
        spec: {
          schedulerName: 'kt-none',
          containers: [{ name: 'c', image: 'busybox:1.36' }],
          volumes: [{ name: 'podinfo', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu_limit', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: '1m' } }] } }],
        },
      },
      NS,
    );
    const out = kubectl(sim, `describe pod dapi -n ${NS}`).stdout;
    expect(out).toContain(`Volumes:
  podinfo:
    Type:  DownwardAPI (a volume populated by information about the pod)
    Items:
      metadata.labels -> labels
      limits.cpu -> cpu_limit
  kube-api-access-`);
  });

  it('describes a node with its lease, conditions, capacity and pods', () => {
    const hb = ts(sim.now);
    create('nodes', {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'kt-node', labels: { 'kubernetes.io/hostname': 'kt-node', 'node-role.kubernetes.io/worker': '' } },
      spec: { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] },
      status: {
        capacity: { cpu: '2', memory: '2Gi', pods: '110' },
        allocatable: { cpu: '2', memory: '2Gi', pods: '110' },
        conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: hb, lastTransitionTime: hb, reason: 'KubeletReady', message: 'kubelet is posting ready status' }],
        addresses: [{ type: 'InternalIP', address: '10.0.0.99' }],
        nodeInfo: { machineID: 'm', systemUUID: 's', bootID: 'b', kernelVersion: '6.8.0', osImage: 'Ubuntu', containerRuntimeVersion: 'containerd://2.1.4', kubeletVersion: 'v1.34.1', operatingSystem: 'linux', architecture: 'amd64' },
      },
    });
    const out = kubectl(sim, 'describe node kt-node').stdout;
    const when = rfc1123z(Math.floor(sim.now / 1000) * 1000 as SimMillis);
    // Admission (TaintNodesByCondition) may add its own taints; they print sorted by effect, key.
    const taints = ((sim.objects('nodes').find((n) => n.metadata.name === 'kt-node')!.spec as { taints: { key: string; effect: string }[] }).taints)
      .map((t) => `${t.key}:${t.effect}`)
      .sort((a, b) => (a.split(':')[1]! + a < b.split(':')[1]! + b ? -1 : 1));
    expect(taints).toContain('node.kubernetes.io/unschedulable:NoSchedule');
    expect(out.split('Non-terminated Pods:')[0]).toBe(`Name:               kt-node
Roles:              worker
Labels:             kubernetes.io/hostname=kt-node
                    node-role.kubernetes.io/worker=
Annotations:        <none>
CreationTimestamp:  ${when}
Taints:             ${taints.join('\n                    ')}
Unschedulable:      true
Lease:              Failed to get lease: leases.coordination.k8s.io "kt-node" not found
Conditions:
  Type    Status  LastHeartbeatTime                 LastTransitionTime                Reason         Message
  ----    ------  -----------------                 ------------------                ------         -------
  Ready   True    ${when}   ${when}   KubeletReady   kubelet is posting ready status
Addresses:
  InternalIP:  10.0.0.99
Capacity:
  cpu:     2
  memory:  2Gi
  pods:    110
Allocatable:
  cpu:     2
  memory:  2Gi
  pods:    110
System Info:
  Machine ID:                 m
  System UUID:                s
  Boot ID:                    b
  Kernel Version:             6.8.0
  OS Image:                   Ubuntu
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://2.1.4
  Kubelet Version:            v1.34.1
`);
    expect(out).toContain(`Non-terminated Pods:          (0 in total)
  Namespace                   Name    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----    ------------  ----------  ---------------  -------------  ---
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests  Limits
  --------           --------  ------
  cpu                0 (0%)    0 (0%)
  memory             0 (0%)    0 (0%)
  ephemeral-storage  0 (0%)    0 (0%)
`);
    expect(kubectl(sim, 'get node kt-node').stdout).toBe('NAME      STATUS                     ROLES    AGE   VERSION\nkt-node   Ready,SchedulingDisabled   worker   0s    v1.34.1\n');
  });

  it('describes a deployment before its controller has acted', () => {
    kubectl(sim, `create deployment shop -n ${NS} --image=nginx:1.25 --replicas=2`);
    const when = rfc1123z(Math.floor(sim.now / 1000) * 1000 as SimMillis);
    expect(kubectl(sim, `describe deploy shop -n ${NS}`).stdout).toBe(`Name:                   shop
Namespace:              ${NS}
CreationTimestamp:      ${when}
Labels:                 app=shop
Annotations:            <none>
Selector:               app=shop
Replicas:               2 desired | 0 updated | 0 total | 0 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=shop
  Containers:
   nginx:
    Image:         nginx:1.25
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:            <none>
`);
  });

  it('describes a service and matches names by prefix (kubectl 1.36: without Events, each followed by a newline)', () => {
    kubectl(sim, 'apply -f s.yaml', { files: { 's.yaml': `apiVersion: v1\nkind: Service\nmetadata:\n  name: shop-svc\n  namespace: ${NS}\nspec:\n  clusterIP: 10.96.202.2\n  selector:\n    app: shop\n  ports:\n  - name: web\n    port: 80\n    targetPort: 8080\n` } });
    expect(kubectl(sim, `describe svc shop -n ${NS}`).stdout).toBe(`Name:                     shop-svc
Namespace:                ${NS}
Labels:                   <none>
Annotations:              <none>
Selector:                 app=shop
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.202.2
IPs:                      10.96.202.2
Port:                     web  80/TCP
TargetPort:               8080/TCP
Endpoints:                <none>
Session Affinity:         None
Internal Traffic Policy:  Cluster

`);
    expect(kubectl(sim, `describe svc shop -n ${NS}`).stderr).toBe('');
    expect(kubectl(sim, `describe svc nothing-like-it -n ${NS}`)).toMatchObject({ stderr: 'Error from server (NotFound): services "nothing-like-it" not found\n', code: 1 });
  });

  it('leaves Events out for several objects unless --show-events is given (kubectl 1.36)', () => {
    for (const name of ['cfg-a', 'cfg-b']) kubectl(sim, `create configmap ${name} -n ${NS}`);
    const names = (text: string): string[] => text.split('\n').filter((l) => /^(Name|Events):/.test(l));
    expect(names(kubectl(sim, `describe configmap cfg-a -n ${NS}`).stdout)).toEqual(['Name:         cfg-a', 'Events:  <none>']);
    expect(names(kubectl(sim, `describe configmap cfg-a cfg-b -n ${NS}`).stdout)).toEqual(['Name:         cfg-a', 'Name:         cfg-b']);
    expect(names(kubectl(sim, `describe configmap -l nothing!=x -n ${NS}`).stdout)).toEqual(['Name:         cfg-a', 'Name:         cfg-b']);
    expect(names(kubectl(sim, `describe configmap cfg-a cfg-b --show-events -n ${NS}`).stdout)).toEqual(['Name:         cfg-a', 'Events:  <none>', 'Name:         cfg-b', 'Events:  <none>']);
    expect(names(kubectl(sim, `describe configmap cfg-a --show-events=false -n ${NS}`).stdout)).toEqual(['Name:         cfg-a']);
    // A name that is missing turns Events off for the ones found.
    const partly = kubectl(sim, `describe configmap cfg-a nope -n ${NS}`);
    expect({ names: names(partly.stdout), stderr: partly.stderr }).toEqual({ names: ['Name:         cfg-a'], stderr: 'Error from server (NotFound): configmaps "nope" not found\n' });
  });

  it('asks for a resource type when given nothing to describe', () => {
    expect(kubectl(sim, 'describe')).toMatchObject({ stdout: '', stderr: 'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n', code: 1 });
  });
});
