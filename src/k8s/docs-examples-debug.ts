/**
 * kubernetes.io's example manifests for the "Monitoring, Logging, and Debugging" task pages and the
 * disruption budget page (served beside docs-examples.ts's, through its docsExample lookup):
 * - tasks/debug/debug-application/determine-reason-pod-failure: debug/termination.yaml;
 * - tasks/debug/debug-application/debug-running-pod: application/nginx-with-request.yaml;
 * - tasks/run-application/configure-pdb: policy/zookeeper-pod-disruption-budget-minavailable.yaml
 *   and -maxunavailable.yaml.
 * Debug Services, Debug Init Containers and the StatefulSet pages use no example file of their own
 * (their objects come from `kubectl create`, the page's inline YAML, or application/web/web.yaml).
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * Every file here is `restored`:
 * - termination.yaml and nginx-with-request.yaml are held only as a branch's JSON rewrite (`---`
 *   then `{ apiVersion: "v1", … }`); main's YAML is the same mapping, key for key, laid out (flow
 *   sequences for command and args, quoted quantities) as copies of the pages show it.
 * - the two zk-pdb files are held only as PR #53389's rewrite (`app.kubernetes.io/name: zookeeper`,
 *   open in 2025-11); main's `app: zookeeper` is back, as the page's text says ("They match pods
 *   with the label `app: zookeeper`").
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file, for the pages named in the header. */
export const DOCS_EXAMPLES_DEBUG: Readonly<Record<string, DocsExample>> = {
  'debug/termination.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: termination-demo\nspec:\n  containers:\n  - name: termination-demo-container\n    image: debian\n    command: ["/bin/sh"]\n    args: ["-c", "sleep 10 && echo Sleep expired > /dev/termination-log"]\n',
  },
  'application/nginx-with-request.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  selector:\n    matchLabels:\n      app: nginx\n  replicas: 2\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n        resources:\n          limits:\n            memory: "128Mi"\n            cpu: "500m"\n        ports:\n        - containerPort: 80\n',
  },
  'policy/zookeeper-pod-disruption-budget-minavailable.yaml': {
    commit: '55a786f130dbc992fb9fd18d15aad4ddba195ddf',
    restored: true,
    text: 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: zk-pdb\nspec:\n  minAvailable: 2\n  selector:\n    matchLabels:\n      app: zookeeper\n',
  },
  'policy/zookeeper-pod-disruption-budget-maxunavailable.yaml': {
    commit: '0f009758d3cbe9c7568ddb0d9caf7ea4f4d8317a',
    restored: true,
    text: 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: zk-pdb\nspec:\n  maxUnavailable: 1\n  selector:\n    matchLabels:\n      app: zookeeper\n',
  },
};
