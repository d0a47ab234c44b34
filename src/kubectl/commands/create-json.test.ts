/**
 * `-o json` of the generators of one plain object each — configmap, the secret types, namespace,
 * serviceaccount, quota, poddisruptionbudget, priorityclass and the RBAC four — byte for byte as
 * kubectl v1.35.2 printed it for the same lines: Go field order, maps sorted, and the fields
 * encoding/json always writes (a PodDisruptionBudget's status counts, a Namespace's `spec: {}`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let base: Simulation;
beforeAll(() => {
  base = new Simulation({ seed: 1 });
  base.advance(30_000);
});

/** A self-signed P-256 certificate and its key (openssl req -x509 -newkey ec), which kubectl checks as a pair. */
const FILES = {
  'ec.crt': `-----BEGIN CERTIFICATE-----
MIIBcDCCARWgAwIBAgIUPGm5qVg7D6FGPQ95Buk5x8ULBT0wCgYIKoZIzj0EAwIw
DDEKMAgGA1UEAwwBYTAgFw0yNjEyMDUwNDQ4MDNaGA8yMTI2MTExMTA0NDgwM1ow
DDEKMAgGA1UEAwwBYTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABA/ioAuRceOX
4vEjYwSnclHx64gGuD644dWfWV40OjCa/vK6WW//S40hiPdS6qdyEh8XXWERpgL7
8NjYpQeEOTajUzBRMB0GA1UdDgQWBBSXshz7AL1rAQeJB0fJ9MenkEkRHjAfBgNV
HSMEGDAWgBSXshz7AL1rAQeJB0fJ9MenkEkRHjAPBgNVHRMBAf8EBTADAQH/MAoG
CCqGSM49BAMCA0kAMEYCIQCL70kcSJpxlklbVHxxhKF8bxpQXMxlG8mM5UO8NJfr
KgIhAOGR++3+5jVMI5tD2VI6tQ1uv/m6j4GD/3u2O+gXWX+g
-----END CERTIFICATE-----
`,
  'ec.key': `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg/VORnm8q0nwGDqTF
FZd+WlQuzwADY9PIRcK9QTb3nDihRANCAAQP4qALkXHjl+LxI2MEp3JR8euIBrg+
uOHVn1leNDowmv7yullv/0uNIYj3UuqnchIfF11hEaYC+/DY2KUHhDk2
-----END PRIVATE KEY-----
`,
};

describe('kubectl create configmap and secret -o json', () => {
  it('configmap: data sorted by key', () => {
    expect(kubectl(base, 'create configmap settings --from-literal=b=2 --from-literal=a=1 --dry-run=client -o json').stdout).toBe(`{
    "kind": "ConfigMap",
    "apiVersion": "v1",
    "metadata": {
        "name": "settings"
    },
    "data": {
        "a": "1",
        "b": "2"
    }
}
`);
  });

  it('secret generic: data before type', () => {
    expect(kubectl(base, 'create secret generic creds --from-literal=user=admin --from-literal=pw=s3cret --type=Opaque --dry-run=client -o json').stdout).toBe(`{
    "kind": "Secret",
    "apiVersion": "v1",
    "metadata": {
        "name": "creds"
    },
    "data": {
        "pw": "czNjcmV0",
        "user": "YWRtaW4="
    },
    "type": "Opaque"
}
`);
  });

  it('secret docker-registry', () => {
    expect(kubectl(base, 'create secret docker-registry regcred --docker-username=u --docker-password=p --docker-email=e@x.io --dry-run=client -o json').stdout).toBe(`{
    "kind": "Secret",
    "apiVersion": "v1",
    "metadata": {
        "name": "regcred"
    },
    "data": {
        ".dockerconfigjson": "eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiZW1haWwiOiJlQHguaW8iLCJhdXRoIjoiZFRwdyJ9fX0="
    },
    "type": "kubernetes.io/dockerconfigjson"
}
`);
  });

  it('secret tls', () => {
    expect(kubectl(base, 'create secret tls tls --cert=ec.crt --key=ec.key --dry-run=client -o json', { files: FILES }).stdout).toBe(`{
    "kind": "Secret",
    "apiVersion": "v1",
    "metadata": {
        "name": "tls"
    },
    "data": {
        "tls.crt": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJjRENDQVJXZ0F3SUJBZ0lVUEdtNXFWZzdENkZHUFE5NUJ1azV4OFVMQlQwd0NnWUlLb1pJemowRUF3SXcKRERFS01BZ0dBMVVFQXd3QllUQWdGdzB5TmpFeU1EVXdORFE0TUROYUdBOHlNVEkyTVRFeE1UQTBORGd3TTFvdwpEREVLTUFnR0ExVUVBd3dCWVRCWk1CTUdCeXFHU000OUFnRUdDQ3FHU000OUF3RUhBMElBQkEvaW9BdVJjZU9YCjR2RWpZd1NuY2xIeDY0Z0d1RDY0NGRXZldWNDBPakNhL3ZLNldXLy9TNDBoaVBkUzZxZHlFaDhYWFdFUnBnTDcKOE5qWXBRZUVPVGFqVXpCUk1CMEdBMVVkRGdRV0JCU1hzaHo3QUwxckFRZUpCMGZKOU1lbmtFa1JIakFmQmdOVgpIU01FR0RBV2dCU1hzaHo3QUwxckFRZUpCMGZKOU1lbmtFa1JIakFQQmdOVkhSTUJBZjhFQlRBREFRSC9NQW9HCkNDcUdTTTQ5QkFNQ0Ewa0FNRVlDSVFDTDcwa2NTSnB4bGtsYlZIeHhoS0Y4YnhwUVhNeGxHOG1NNVVPOE5KZnIKS2dJaEFPR1IrKzMrNWpWTUk1dEQyVkk2dFExdXYvbTZqNEdELzN1Mk8rZ1hXWCtnCi0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K",
        "tls.key": "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JR0hBZ0VBTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEJHMHdhd0lCQVFRZy9WT1JubThxMG53R0RxVEYKRlpkK1dsUXV6d0FEWTlQSVJjSzlRVGIzbkRpaFJBTkNBQVFQNHFBTGtYSGpsK0x4STJNRXAzSlI4ZXVJQnJnKwp1T0hWbjFsZU5Eb3dtdjd5dWxsdi8wdU5JWWozVXVxbmNoSWZGMTFoRWFZQysvRFkyS1VIaERrMgotLS0tLUVORCBQUklWQVRFIEtFWS0tLS0tCg=="
    },
    "type": "kubernetes.io/tls"
}
`);
  });
});

describe('kubectl create namespace, serviceaccount, quota, pdb, priorityclass -o json', () => {
  it('namespace: empty spec and status, as the struct always writes them', () => {
    expect(kubectl(base, 'create namespace team-a --dry-run=client -o json').stdout).toBe(`{
    "kind": "Namespace",
    "apiVersion": "v1",
    "metadata": {
        "name": "team-a"
    },
    "spec": {},
    "status": {}
}
`);
  });

  it('serviceaccount: the namespace -n enforced', () => {
    expect(kubectl(base, 'create serviceaccount robot -n default --dry-run=client -o json').stdout).toBe(`{
    "kind": "ServiceAccount",
    "apiVersion": "v1",
    "metadata": {
        "name": "robot",
        "namespace": "default"
    }
}
`);
  });

  it('quota: hard sorted, then scopes', () => {
    expect(kubectl(base, 'create quota compute --hard=cpu=1,memory=1G,pods=2 --scopes=BestEffort --dry-run=client -o json').stdout).toBe(`{
    "kind": "ResourceQuota",
    "apiVersion": "v1",
    "metadata": {
        "name": "compute"
    },
    "spec": {
        "hard": {
            "cpu": "1",
            "memory": "1G",
            "pods": "2"
        },
        "scopes": [
            "BestEffort"
        ]
    },
    "status": {}
}
`);
  });

  it('poddisruptionbudget: minAvailable before the selector, the status counts in field order', () => {
    expect(kubectl(base, 'create pdb web --min-available=1 --selector=app=web,tier --dry-run=client -o json').stdout).toBe(`{
    "kind": "PodDisruptionBudget",
    "apiVersion": "policy/v1",
    "metadata": {
        "name": "web"
    },
    "spec": {
        "minAvailable": 1,
        "selector": {
            "matchLabels": {
                "app": "web"
            },
            "matchExpressions": [
                {
                    "key": "tier",
                    "operator": "Exists"
                }
            ]
        }
    },
    "status": {
        "disruptionsAllowed": 0,
        "currentHealthy": 0,
        "desiredHealthy": 0,
        "expectedPods": 0
    }
}
`);
  });

  it('priorityclass: value, globalDefault, description, preemptionPolicy', () => {
    expect(kubectl(base, 'create priorityclass high --value=1000 --global-default --description="for the important ones" --dry-run=client -o json').stdout).toBe(`{
    "kind": "PriorityClass",
    "apiVersion": "scheduling.k8s.io/v1",
    "metadata": {
        "name": "high"
    },
    "value": 1000,
    "globalDefault": true,
    "description": "for the important ones",
    "preemptionPolicy": "PreemptLowerPriority"
}
`);
  });
});

describe('kubectl create role, clusterrole, rolebinding, clusterrolebinding -o json', () => {
  it('role: each rule\'s verbs first', () => {
    expect(kubectl(base, 'create role reader --verb=get,list --resource=pods,deployments.apps --resource-name=a --dry-run=client -o json').stdout).toBe(`{
    "kind": "Role",
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "metadata": {
        "name": "reader"
    },
    "rules": [
        {
            "verbs": [
                "get",
                "list"
            ],
            "apiGroups": [
                ""
            ],
            "resources": [
                "pods"
            ],
            "resourceNames": [
                "a"
            ]
        },
        {
            "verbs": [
                "get",
                "list"
            ],
            "apiGroups": [
                "apps"
            ],
            "resources": [
                "deployments"
            ],
            "resourceNames": [
                "a"
            ]
        }
    ]
}
`);
  });

  it('clusterrole with a non-resource URL', () => {
    expect(kubectl(base, 'create clusterrole health --verb=get --non-resource-url=/healthz --dry-run=client -o json').stdout).toBe(`{
    "kind": "ClusterRole",
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "metadata": {
        "name": "health"
    },
    "rules": [
        {
            "verbs": [
                "get"
            ],
            "nonResourceURLs": [
                "/healthz"
            ]
        }
    ]
}
`);
  });

  it('clusterrole with an aggregation rule: rules written as null', () => {
    expect(kubectl(base, 'create clusterrole agg --aggregation-rule=rbac.example.com/aggregate=true --dry-run=client -o json').stdout).toBe(`{
    "kind": "ClusterRole",
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "metadata": {
        "name": "agg"
    },
    "rules": null,
    "aggregationRule": {
        "clusterRoleSelectors": [
            {
                "matchLabels": {
                    "rbac.example.com/aggregate": "true"
                }
            }
        ]
    }
}
`);
  });

  it('rolebinding: subjects before roleRef', () => {
    expect(kubectl(base, 'create rolebinding readers --role=reader --user=u --group=g --serviceaccount=default:robot --dry-run=client -o json').stdout).toBe(`{
    "kind": "RoleBinding",
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "metadata": {
        "name": "readers"
    },
    "subjects": [
        {
            "kind": "User",
            "apiGroup": "rbac.authorization.k8s.io",
            "name": "u"
        },
        {
            "kind": "Group",
            "apiGroup": "rbac.authorization.k8s.io",
            "name": "g"
        },
        {
            "kind": "ServiceAccount",
            "name": "robot",
            "namespace": "default"
        }
    ],
    "roleRef": {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Role",
        "name": "reader"
    }
}
`);
  });

  it('clusterrolebinding --save-config: the annotation holds the typed JSON', () => {
    expect(kubectl(base, 'create clusterrolebinding viewers --clusterrole=view --user=u --save-config --dry-run=client -o json').stdout).toBe(`{
    "kind": "ClusterRoleBinding",
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "metadata": {
        "name": "viewers",
        "annotations": {
            "kubectl.kubernetes.io/last-applied-configuration": "{\\"kind\\":\\"ClusterRoleBinding\\",\\"apiVersion\\":\\"rbac.authorization.k8s.io/v1\\",\\"metadata\\":{\\"name\\":\\"viewers\\"},\\"subjects\\":[{\\"kind\\":\\"User\\",\\"apiGroup\\":\\"rbac.authorization.k8s.io\\",\\"name\\":\\"u\\"}],\\"roleRef\\":{\\"apiGroup\\":\\"rbac.authorization.k8s.io\\",\\"kind\\":\\"ClusterRole\\",\\"name\\":\\"view\\"}}\\n"
        }
    },
    "subjects": [
        {
            "kind": "User",
            "apiGroup": "rbac.authorization.k8s.io",
            "name": "u"
        }
    ],
    "roleRef": {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "ClusterRole",
        "name": "view"
    }
}
`);
  });
});
