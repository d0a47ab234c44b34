/**
 * `kubectl run`, `kubectl expose` and `kubectl autoscale` with `-o json`, byte for byte as kubectl
 * v1.35.2 printed it for the same lines (against `reconcile serve`, for the server's answer): the
 * typed Pod, Service and HorizontalPodAutoscaler in Go field order, the namespace only where -n
 * enforced it, and the server's Pod with everything admission and defaulting added (its uids,
 * times and generated names masked).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl, maskServerFields as masked } from '../testing';

let base: Simulation;
beforeAll(() => {
  base = new Simulation({ seed: 1 });
  base.advance(30_000);
});
const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());


describe('kubectl run -o json', () => {
  it('a client dry run: labels, then the container\'s ports before its env', () => {
    expect(kubectl(base, 'run web --image=nginx --env=A=1 --labels=app=web,tier=front --port=80 --dry-run=client -o json').stdout).toBe(`{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "web",
        "labels": {
            "app": "web",
            "tier": "front"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "web",
                "image": "nginx",
                "ports": [
                    {
                        "containerPort": 80
                    }
                ],
                "env": [
                    {
                        "name": "A",
                        "value": "1"
                    }
                ],
                "resources": {}
            }
        ],
        "restartPolicy": "Always",
        "dnsPolicy": "ClusterFirst"
    },
    "status": {}
}
`);
  });

  it('--command with -n: the words are the command, the namespace is written', () => {
    expect(kubectl(base, 'run sleeper --image=busybox -n default --restart=Never --command --dry-run=client -o json -- sleep 10').stdout).toBe(`{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "sleeper",
        "namespace": "default",
        "labels": {
            "run": "sleeper"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "sleeper",
                "image": "busybox",
                "command": [
                    "sleep",
                    "10"
                ],
                "resources": {}
            }
        ],
        "restartPolicy": "Never",
        "dnsPolicy": "ClusterFirst"
    },
    "status": {}
}
`);
  });

  it('the server\'s Pod: the projected token volume, tolerations and status in Go field order', () => {
    const sim = fresh();
    expect(masked(kubectl(sim, 'run web --image=nginx --port=80 -o json').stdout)).toBe(`{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "web",
        "namespace": "default",
        "uid": "<uid>",
        "resourceVersion": "<rv>",
        "generation": 1,
        "creationTimestamp": "<time>",
        "labels": {
            "run": "web"
        }
    },
    "spec": {
        "volumes": [
            {
                "name": "kube-api-access-<x>",
                "projected": {
                    "sources": [
                        {
                            "serviceAccountToken": {
                                "expirationSeconds": 3607,
                                "path": "token"
                            }
                        },
                        {
                            "configMap": {
                                "name": "kube-root-ca.crt",
                                "items": [
                                    {
                                        "key": "ca.crt",
                                        "path": "ca.crt"
                                    }
                                ]
                            }
                        },
                        {
                            "downwardAPI": {
                                "items": [
                                    {
                                        "path": "namespace",
                                        "fieldRef": {
                                            "apiVersion": "v1",
                                            "fieldPath": "metadata.namespace"
                                        }
                                    }
                                ]
                            }
                        }
                    ],
                    "defaultMode": 420
                }
            }
        ],
        "containers": [
            {
                "name": "web",
                "image": "nginx",
                "ports": [
                    {
                        "containerPort": 80,
                        "protocol": "TCP"
                    }
                ],
                "resources": {},
                "volumeMounts": [
                    {
                        "name": "kube-api-access-<x>",
                        "readOnly": true,
                        "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"
                    }
                ],
                "terminationMessagePath": "/dev/termination-log",
                "terminationMessagePolicy": "File",
                "imagePullPolicy": "Always"
            }
        ],
        "restartPolicy": "Always",
        "terminationGracePeriodSeconds": 30,
        "dnsPolicy": "ClusterFirst",
        "serviceAccountName": "default",
        "serviceAccount": "default",
        "securityContext": {},
        "schedulerName": "default-scheduler",
        "tolerations": [
            {
                "key": "node.kubernetes.io/not-ready",
                "operator": "Exists",
                "effect": "NoExecute",
                "tolerationSeconds": 300
            },
            {
                "key": "node.kubernetes.io/unreachable",
                "operator": "Exists",
                "effect": "NoExecute",
                "tolerationSeconds": 300
            }
        ],
        "priority": 0,
        "enableServiceLinks": true,
        "preemptionPolicy": "PreemptLowerPriority"
    },
    "status": {
        "phase": "Pending",
        "qosClass": "BestEffort"
    }
}
`);
  });
});

describe('kubectl expose -o json', () => {
  it('a client dry run: the Deployment\'s labels and selector, protocol before port, the empty load balancer status', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create deployment web --image=nginx --port=80').code).toBe(0);
    expect(kubectl(sim, 'expose deployment web --port=80 --target-port=8080 --dry-run=client -o json').stdout).toBe(`{
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
                "protocol": "TCP",
                "port": 80,
                "targetPort": 8080
            }
        ],
        "selector": {
            "app": "web"
        }
    },
    "status": {
        "loadBalancer": {}
    }
}
`);
  });
});

describe('kubectl autoscale -o json', () => {
  it('the typed HPA: scaleTargetRef first, the status fields without omitempty written', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create deployment web --image=nginx').code).toBe(0);
    expect(kubectl(sim, 'autoscale deployment web --min=2 --max=5 --cpu=80% --dry-run=client -o json').stdout).toBe(`{
    "kind": "HorizontalPodAutoscaler",
    "apiVersion": "autoscaling/v2",
    "metadata": {
        "name": "web"
    },
    "spec": {
        "scaleTargetRef": {
            "kind": "Deployment",
            "name": "web",
            "apiVersion": "apps/v1"
        },
        "minReplicas": 2,
        "maxReplicas": 5,
        "metrics": [
            {
                "type": "Resource",
                "resource": {
                    "name": "cpu",
                    "target": {
                        "type": "Utilization",
                        "averageUtilization": 80
                    }
                }
            }
        ]
    },
    "status": {
        "desiredReplicas": 0,
        "currentMetrics": null
    }
}
`);
  });
});
