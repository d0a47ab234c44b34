/**
 * `-o json` of create deployment, job and cronjob, byte for byte as kubectl v1.35.2 printed it for
 * the same lines (against `reconcile serve`, for the server's answers): the typed objects' Go
 * field order (kept by -o kyaml too), their always-written structs (`strategy: {}`, a pod
 * template's `metadata: {}`, `status: {}`) and --save-config's annotation, which holds the typed
 * JSON. A server's answer is compared with its uids, times and resource versions masked.
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


describe('kubectl create deployment -o json', () => {
  it('names each container after its image and gives --port to the first only', () => {
    expect(kubectl(base, 'create deployment web --image=nginx --image=busybox:1.36 --replicas=3 --port=8080 --dry-run=client -o json').stdout).toBe(`{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "web",
        "labels": {
            "app": "web"
        }
    },
    "spec": {
        "replicas": 3,
        "selector": {
            "matchLabels": {
                "app": "web"
            }
        },
        "template": {
            "metadata": {
                "labels": {
                    "app": "web"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx",
                        "ports": [
                            {
                                "containerPort": 8080
                            }
                        ],
                        "resources": {}
                    },
                    {
                        "name": "busybox",
                        "image": "busybox:1.36",
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}
`);
  });

  it('writes the namespace -n enforced, and --save-config\'s annotation as the typed object\'s JSON', () => {
    expect(kubectl(base, 'create deployment web -n default --image=busybox --save-config --dry-run=client -o json -- sleep 3600').stdout).toBe(`{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "web",
        "namespace": "default",
        "labels": {
            "app": "web"
        },
        "annotations": {
            "kubectl.kubernetes.io/last-applied-configuration": "{\\"kind\\":\\"Deployment\\",\\"apiVersion\\":\\"apps/v1\\",\\"metadata\\":{\\"name\\":\\"web\\",\\"namespace\\":\\"default\\",\\"labels\\":{\\"app\\":\\"web\\"}},\\"spec\\":{\\"replicas\\":1,\\"selector\\":{\\"matchLabels\\":{\\"app\\":\\"web\\"}},\\"template\\":{\\"metadata\\":{\\"labels\\":{\\"app\\":\\"web\\"}},\\"spec\\":{\\"containers\\":[{\\"name\\":\\"busybox\\",\\"image\\":\\"busybox\\",\\"command\\":[\\"sleep\\",\\"3600\\"],\\"resources\\":{}}]}},\\"strategy\\":{}},\\"status\\":{}}\\n"
        }
    },
    "spec": {
        "replicas": 1,
        "selector": {
            "matchLabels": {
                "app": "web"
            }
        },
        "template": {
            "metadata": {
                "labels": {
                    "app": "web"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "busybox",
                        "image": "busybox",
                        "command": [
                            "sleep",
                            "3600"
                        ],
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}
`);
  });

  it('prints the server\'s Deployment in Go field order, its defaults included', () => {
    const sim = fresh();
    expect(masked(kubectl(sim, 'create deployment web --image=nginx --port=80 -o json').stdout)).toBe(`{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "web",
        "namespace": "default",
        "uid": "<uid>",
        "resourceVersion": "<rv>",
        "generation": 1,
        "creationTimestamp": "<time>",
        "labels": {
            "app": "web"
        }
    },
    "spec": {
        "replicas": 1,
        "selector": {
            "matchLabels": {
                "app": "web"
            }
        },
        "template": {
            "metadata": {
                "labels": {
                    "app": "web"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx",
                        "ports": [
                            {
                                "containerPort": 80,
                                "protocol": "TCP"
                            }
                        ],
                        "resources": {},
                        "terminationMessagePath": "/dev/termination-log",
                        "terminationMessagePolicy": "File",
                        "imagePullPolicy": "Always"
                    }
                ],
                "restartPolicy": "Always",
                "terminationGracePeriodSeconds": 30,
                "dnsPolicy": "ClusterFirst",
                "securityContext": {},
                "schedulerName": "default-scheduler"
            }
        },
        "strategy": {
            "type": "RollingUpdate",
            "rollingUpdate": {
                "maxUnavailable": "25%",
                "maxSurge": "25%"
            }
        },
        "revisionHistoryLimit": 10,
        "progressDeadlineSeconds": 600
    },
    "status": {}
}
`);
  });
});

describe('kubectl create job and cronjob -o json', () => {
  it('a Job of one container named after it, its pod template\'s metadata written empty', () => {
    expect(kubectl(base, 'create job once --image=busybox --dry-run=client -o json -- echo hi').stdout).toBe(`{
    "kind": "Job",
    "apiVersion": "batch/v1",
    "metadata": {
        "name": "once"
    },
    "spec": {
        "template": {
            "metadata": {},
            "spec": {
                "containers": [
                    {
                        "name": "once",
                        "image": "busybox",
                        "command": [
                            "echo",
                            "hi"
                        ],
                        "resources": {}
                    }
                ],
                "restartPolicy": "Never"
            }
        }
    },
    "status": {}
}
`);
  });

  it('-o yaml sorts the keys and keeps the always-written fields', () => {
    expect(kubectl(base, 'create job once --image=busybox --dry-run=client -o yaml').stdout).toBe(`apiVersion: batch/v1
kind: Job
metadata:
  name: once
spec:
  template:
    metadata: {}
    spec:
      containers:
      - image: busybox
        name: once
        resources: {}
      restartPolicy: Never
status: {}
`);
  });

  it('-o kyaml keeps the Go field order, as -o json does', () => {
    expect(kubectl(base, 'create job j --image=busybox --dry-run=client -o kyaml').stdout).toBe(`---
{
  kind: "Job",
  apiVersion: "batch/v1",
  metadata: {
    name: "j",
  },
  spec: {
    template: {
      metadata: {},
      spec: {
        containers: [{
          name: "j",
          image: "busybox",
          resources: {},
        }],
        restartPolicy: "Never",
      },
    },
  },
  status: {},
}
`);
  });

  it('prints the server\'s Job in Go field order', () => {
    const sim = fresh();
    expect(masked(kubectl(sim, 'create job once --image=busybox -o json -- echo hi').stdout)).toBe(`{
    "kind": "Job",
    "apiVersion": "batch/v1",
    "metadata": {
        "name": "once",
        "namespace": "default",
        "uid": "<uid>",
        "resourceVersion": "<rv>",
        "generation": 1,
        "creationTimestamp": "<time>",
        "labels": {
            "batch.kubernetes.io/controller-uid": "<uid>",
            "batch.kubernetes.io/job-name": "once",
            "controller-uid": "<uid>",
            "job-name": "once"
        }
    },
    "spec": {
        "parallelism": 1,
        "completions": 1,
        "backoffLimit": 6,
        "selector": {
            "matchLabels": {
                "batch.kubernetes.io/controller-uid": "<uid>"
            }
        },
        "manualSelector": false,
        "template": {
            "metadata": {
                "labels": {
                    "batch.kubernetes.io/controller-uid": "<uid>",
                    "batch.kubernetes.io/job-name": "once",
                    "controller-uid": "<uid>",
                    "job-name": "once"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "once",
                        "image": "busybox",
                        "command": [
                            "echo",
                            "hi"
                        ],
                        "resources": {},
                        "terminationMessagePath": "/dev/termination-log",
                        "terminationMessagePolicy": "File",
                        "imagePullPolicy": "Always"
                    }
                ],
                "restartPolicy": "Never",
                "terminationGracePeriodSeconds": 30,
                "dnsPolicy": "ClusterFirst",
                "securityContext": {},
                "schedulerName": "default-scheduler"
            }
        },
        "completionMode": "NonIndexed",
        "suspend": false,
        "podReplacementPolicy": "TerminatingOrFailed"
    },
    "status": {}
}
`);
  });

  it('a CronJob: schedule before the job template', () => {
    expect(kubectl(base, 'create cronjob tick --image=busybox --schedule="*/5 * * * *" --restart=Never --dry-run=client -o json -- echo hi').stdout).toBe(`{
    "kind": "CronJob",
    "apiVersion": "batch/v1",
    "metadata": {
        "name": "tick"
    },
    "spec": {
        "schedule": "*/5 * * * *",
        "jobTemplate": {
            "metadata": {
                "name": "tick"
            },
            "spec": {
                "template": {
                    "metadata": {},
                    "spec": {
                        "containers": [
                            {
                                "name": "tick",
                                "image": "busybox",
                                "command": [
                                    "echo",
                                    "hi"
                                ],
                                "resources": {}
                            }
                        ],
                        "restartPolicy": "Never"
                    }
                }
            }
        }
    },
    "status": {}
}
`);
  });

  it('--from=cronjob/NAME: the CronJob\'s defaulted template, owned by it', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create cronjob tick --image=busybox --schedule="*/5 * * * *" -- echo hi').code).toBe(0);
    expect(masked(kubectl(sim, 'create job manual --from=cronjob/tick --dry-run=client -o json').stdout)).toBe(`{
    "kind": "Job",
    "apiVersion": "batch/v1",
    "metadata": {
        "name": "manual",
        "annotations": {
            "cronjob.kubernetes.io/instantiate": "manual"
        },
        "ownerReferences": [
            {
                "apiVersion": "batch/v1",
                "kind": "CronJob",
                "name": "tick",
                "uid": "<uid>",
                "controller": true
            }
        ]
    },
    "spec": {
        "template": {
            "metadata": {},
            "spec": {
                "containers": [
                    {
                        "name": "tick",
                        "image": "busybox",
                        "command": [
                            "echo",
                            "hi"
                        ],
                        "resources": {},
                        "terminationMessagePath": "/dev/termination-log",
                        "terminationMessagePolicy": "File",
                        "imagePullPolicy": "Always"
                    }
                ],
                "restartPolicy": "OnFailure",
                "terminationGracePeriodSeconds": 30,
                "dnsPolicy": "ClusterFirst",
                "securityContext": {},
                "schedulerName": "default-scheduler"
            }
        }
    },
    "status": {}
}
`);
  });
});
