/**
 * kubernetes.io's example manifests for the quota, limit-range, security-context and namespace task pages
 * (served beside docs-examples.ts's, through its docsExample lookup):
 * - tasks/administer-cluster/manage-resources/quota-pod-namespace: admin/resource/quota-pod.yaml,
 *   quota-pod-deployment.yaml (the Deployment's third Pod is refused by the quota);
 * - quota-api-object: admin/resource/quota-objects.yaml, quota-objects-pvc.yaml, -pvc-2.yaml;
 * - limit-storage-consumption: admin/resource/storagelimits.yaml, and the claims below and above its
 *   range, pvc-limit-lower.yaml and pvc-limit-greater.yaml (an earlier Limit Ranges page's);
 * - concepts/policy/resource-quotas: policy/quota.yaml (per-PriorityClass quotas);
 * - tasks/configure-pod-container/security-context: pods/security/security-context-2.yaml … -6.yaml
 *   (security-context.yaml is docs-examples.ts's);
 * - tasks/administer-cluster/namespaces-walkthrough: admin/namespace-dev.yaml, namespace-prod.yaml
 *   (the page's JSON files became these) and admin/snowflake-deployment.yaml.
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * A file's text is that commit's, verbatim. `restored` marks files the reference index holds only as
 * a branch's JSON rewrite (`---` then `{ apiVersion: "v1", … }`, commits 7a090ad…, 81dca13…): main's
 * YAML is the same mapping, key for key and in the same order, laid out as the pages show them:
 * - quota-pod.yaml and quota-pod-deployment.yaml as the Configure a Pod Quota page shows them
 *   (a copy of the page as published for v1.10: sequences under their key, unindented);
 * - quota-objects.yaml as the Configure Quotas for API Objects page shows it (a 2024 copy);
 * - storagelimits.yaml as the Limit Storage Consumption page's own YAML block (content/en/docs/
 *   tasks/administer-cluster/limit-storage-consumption.md at 0189ae0…);
 * - security-context-3.yaml and -4.yaml as the Security Context page showed them before their move
 *   from node-hello:1.0 to hello-app:2.0 (`capabilities: add: ["NET_ADMIN", "SYS_TIME"]` in flow
 *   style), and -5.yaml laid out as -6.yaml, its sibling from the same change, less the
 *   supplementalGroupsPolicy line;
 * - namespace-dev.yaml and -prod.yaml in block style (a mapping of mappings, no sequence or
 *   quoting a page could show otherwise); snowflake-deployment.yaml as its zh-cn copy lays it out
 *   (content/zh-cn/examples/admin/snowflake-deployment.yaml at 3ae6ca9…, the same keys in the same
 *   order) with main's image, registry.k8s.io/serve_hostname, for the copy's k8s.gcr.io (the stored
 *   YAML, 93df3c1…, is PR #53389's app.kubernetes.io/name labels; see docs-examples.ts).
 * Left out: limit-mem-cpu-container.yaml, limit-mem-cpu-pod.yaml and limit-range-pod-3.yaml (held only
 * as JSON, with no copy of a page to lay them out from), limit-range-pod-1/-2.yaml (no current page
 * applies them), policy/priority-class-resourcequota.yaml and high-priority-pod.yaml (held only as
 * JSON), security-context-7.yaml (its cgroupOptions field is not in v1.36's API).
 * Approximate: a file held at a commit that is not main's may differ from main's in what no copy of
 * the page shows (a trailing newline).
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file, for the pages named in the header. */
export const DOCS_EXAMPLES_POLICY: Readonly<Record<string, DocsExample>> = {
  'admin/resource/quota-pod.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: pod-demo\nspec:\n  hard:\n    pods: \"2\"\n",
  },
  'admin/resource/quota-pod-deployment.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: pod-quota-demo\nspec:\n  selector:\n    matchLabels:\n      purpose: quota-demo\n  replicas: 3\n  template:\n    metadata:\n      labels:\n        purpose: quota-demo\n    spec:\n      containers:\n      - name: pod-quota-demo\n        image: nginx\n",
  },
  'admin/resource/quota-objects.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: object-quota-demo\nspec:\n  hard:\n    persistentvolumeclaims: \"1\"\n    services.loadbalancers: \"2\"\n    services.nodeports: \"0\"\n",
  },
  'admin/resource/quota-objects-pvc.yaml': {
    commit: '86bb8fd999ef562958c5a11196eb28e328e03052',
    text: "kind: PersistentVolumeClaim\napiVersion: v1\nmetadata:\n  name: pvc-quota-demo\nspec:\n  storageClassName: manual\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 3Gi\n",
  },
  'admin/resource/quota-objects-pvc-2.yaml': {
    commit: 'f61fcdfa4881b02c99c67aa4fe5556cc182208dd',
    text: "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: pvc-quota-demo-2\nspec:\n  storageClassName: manual\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 4Gi\n",
  },
  'admin/resource/storagelimits.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: storagelimits\nspec:\n  limits:\n  - type: PersistentVolumeClaim\n    max:\n      storage: 2Gi\n    min:\n      storage: 1Gi\n",
  },
  'admin/resource/pvc-limit-lower.yaml': {
    commit: '5f15a7b409a9618564c7145b6c8cb451154569aa',
    text: "kind: PersistentVolumeClaim\napiVersion: v1\nmetadata:\n  name: pvc-limit-lower\nspec:\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 500Mi\n",
  },
  'admin/resource/pvc-limit-greater.yaml': {
    commit: '6410da97826892796f9bbf451358382a0a3628db',
    text: "kind: PersistentVolumeClaim\napiVersion: v1\nmetadata:\n  name: pvc-limit-greater\nspec:\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 5Gi\n",
  },
  'policy/quota.yaml': {
    commit: '04e14cbec22d1462ca7662fb6b36f4bd1936856c',
    text: "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: pods-high\nspec:\n  hard:\n    cpu: \"1000\"\n    memory: \"200Gi\"\n    pods: \"10\"\n  scopeSelector:\n    matchExpressions:\n    - operator: In\n      scopeName: PriorityClass\n      values: [\"high\"]\n---\napiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: pods-medium\nspec:\n  hard:\n    cpu: \"10\"\n    memory: \"20Gi\"\n    pods: \"10\"\n  scopeSelector:\n    matchExpressions:\n    - operator: In\n      scopeName: PriorityClass\n      values: [\"medium\"]\n---\napiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: pods-low\nspec:\n  hard:\n    cpu: \"5\"\n    memory: \"10Gi\"\n    pods: \"10\"\n  scopeSelector:\n    matchExpressions:\n    - operator: In\n      scopeName: PriorityClass\n      values: [\"low\"]\n",
  },
  'pods/security/security-context-2.yaml': {
    commit: '478da5df2f30b4c89362767af9bb356b8e64d869',
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: security-context-demo-2\nspec:\n  securityContext:\n    runAsUser: 1000\n  containers:\n  - name: sec-ctx-demo-2\n    image: gcr.io/google-samples/hello-app:2.0\n    securityContext:\n      runAsUser: 2000\n      allowPrivilegeEscalation: false\n",
  },
  'pods/security/security-context-3.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: security-context-demo-3\nspec:\n  containers:\n  - name: sec-ctx-3\n    image: gcr.io/google-samples/hello-app:2.0\n",
  },
  'pods/security/security-context-4.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: security-context-demo-4\nspec:\n  containers:\n  - name: sec-ctx-4\n    image: gcr.io/google-samples/hello-app:2.0\n    securityContext:\n      capabilities:\n        add: [\"NET_ADMIN\", \"SYS_TIME\"]\n",
  },
  'pods/security/security-context-5.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: security-context-demo\nspec:\n  securityContext:\n    runAsUser: 1000\n    runAsGroup: 3000\n    supplementalGroups: [4000]\n  containers:\n  - name: sec-ctx-demo\n    image: registry.k8s.io/e2e-test-images/agnhost:2.45\n    command: [ \"sh\", \"-c\", \"sleep 1h\" ]\n    securityContext:\n      allowPrivilegeEscalation: false\n",
  },
  'pods/security/security-context-6.yaml': {
    commit: '52704c9bebb5742f8a3f4e35efc82399da55575e',
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: security-context-demo\nspec:\n  securityContext:\n    runAsUser: 1000\n    runAsGroup: 3000\n    supplementalGroups: [4000]\n    supplementalGroupsPolicy: Strict\n  containers:\n  - name: sec-ctx-demo\n    image: registry.k8s.io/e2e-test-images/agnhost:2.45\n    command: [ \"sh\", \"-c\", \"sleep 1h\" ]\n    securityContext:\n      allowPrivilegeEscalation: false\n",
  },
  'admin/namespace-dev.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: development\n  labels:\n    name: development\n",
  },
  'admin/namespace-prod.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: production\n  labels:\n    name: production\n",
  },
  'admin/snowflake-deployment.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  labels:\n    app: snowflake\n  name: snowflake\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: snowflake\n  template:\n    metadata:\n      labels:\n        app: snowflake\n    spec:\n      containers:\n      - image: registry.k8s.io/serve_hostname\n        imagePullPolicy: Always\n        name: snowflake\n",
  },
};
