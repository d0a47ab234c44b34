/**
 * kubernetes.io's example manifests for the remaining "Configure Pods and Containers" task pages
 * (served beside docs-examples.ts's, through its docsExample lookup):
 * - assign-cpu-resource: pods/resource/cpu-request-limit-2.yaml (100 CPUs: Pending, Insufficient cpu);
 * - attach-handler-lifecycle-event: pods/lifecycle-events.yaml;
 * - configure-projected-volume-storage: pods/storage/projected.yaml;
 * - configure-service-account: pods/pod-projected-svc-token.yaml;
 * - share-process-namespace: pods/share-process-namespace.yaml;
 * - configure-liveness-readiness-startup-probes: pods/probe/grpc-liveness.yaml;
 * - user-namespaces: pods/user-namespaces-stateless.yaml.
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * `restored` marks files whose stored versions are not main's; main's text was taken instead from:
 * - cpu-request-limit-2.yaml, lifecycle-events.yaml, user-namespaces-stateless.yaml: held only as a
 *   branch's JSON rewrite (`---` then `{ apiVersion: "v1", … }`); main's YAML is the same mapping in
 *   the pages' layout as copies of the pages show it (cpu-request-limit-2.yaml laid out as
 *   cpu-request-limit.yaml; lifecycle-events.yaml's flow-sequence commands, the preStop one without
 *   spaces after its commas; user-namespaces-stateless.yaml's `command: ["sleep", "infinity"]`).
 * - storage/projected.yaml: the stored commit is a rewrite with keys sorted (args before image and
 *   name); main's order (name, image, args, volumeMounts; `mountPath: "/projected-volume"` quoted)
 *   is the page's as copies of it show.
 * - probe/grpc-liveness.yaml: the stored YAML predates the field's GA name and the registry move
 *   (`gRPC:`, k8s.gcr.io/etcd:3.5.1-0); main's `grpc:` and registry.k8s.io/etcd:3.5.1-0 are the
 *   stored JSON rewrite's, in the YAML's layout.
 * Inferred: share-process-namespace.yaml is the stored en file (busybox:1.28 `sleep 3600`, stdin and
 * tty, no securityContext); the zh-cn copy held has SYS_PTRACE and no command, and the index does not
 * tell which is main's. Neither changes the page's steps: root in busybox may signal nginx's master
 * and read its /proc/PID/root with the default capabilities (same uid, no more capabilities).
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file, for the Configure Pods and Containers pages above. */
export const DOCS_EXAMPLES_PODS: Readonly<Record<string, DocsExample>> = {
  'pods/resource/cpu-request-limit-2.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: cpu-demo-2\n  namespace: cpu-example\nspec:\n  containers:\n  - name: cpu-demo-ctr-2\n    image: vish/stress\n    resources:\n      limits:\n        cpu: \"100\"\n      requests:\n        cpu: \"100\"\n    args:\n    - -cpus\n    - \"2\"\n",
  },
  'pods/lifecycle-events.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: lifecycle-demo\nspec:\n  containers:\n  - name: lifecycle-demo-container\n    image: nginx\n    lifecycle:\n      postStart:\n        exec:\n          command: [\"/bin/sh\", \"-c\", \"echo Hello from the postStart handler > /usr/share/message\"]\n      preStop:\n        exec:\n          command: [\"/bin/sh\",\"-c\",\"nginx -s quit; while killall -0 nginx; do sleep 1; done\"]\n",
  },
  'pods/storage/projected.yaml': {
    commit: '273b80300a696979579cecb5208405b667c6c64e',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: test-projected-volume\nspec:\n  containers:\n  - name: test-projected-volume\n    image: busybox:1.28\n    args:\n    - sleep\n    - \"86400\"\n    volumeMounts:\n    - name: all-in-one\n      mountPath: \"/projected-volume\"\n      readOnly: true\n  volumes:\n  - name: all-in-one\n    projected:\n      sources:\n      - secret:\n          name: user\n      - secret:\n          name: pass\n",
  },
  'pods/pod-projected-svc-token.yaml': {
    commit: 'b6df587bfc67c75f1d04c8ef0574cb5e896e3c4f',
    text: "kind: Pod\napiVersion: v1\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - image: nginx\n    name: nginx\n    volumeMounts:\n    - mountPath: /var/run/secrets/tokens\n      name: vault-token\n  serviceAccountName: build-robot\n  volumes:\n  - name: vault-token\n    projected:\n      sources:\n      - serviceAccountToken:\n          path: vault-token\n          expirationSeconds: 7200\n          audience: vault\n",
  },
  'pods/share-process-namespace.yaml': {
    commit: '4aca7a8c1ce6303cb0eaccbddae84afc2619a53e',
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  shareProcessNamespace: true\n  containers:\n  - name: nginx\n    image: nginx\n  - name: shell\n    image: busybox:1.28\n    command: [\"sleep\", \"3600\"]\n    stdin: true\n    tty: true\n",
  },
  'pods/probe/grpc-liveness.yaml': {
    commit: 'ef6668539c37efab4338ff05728fcdd3d97c2bc1',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: etcd-with-grpc\nspec:\n  containers:\n  - name: etcd\n    image: registry.k8s.io/etcd:3.5.1-0\n    command: [ \"/usr/local/bin/etcd\", \"--data-dir\",  \"/var/lib/etcd\", \"--listen-client-urls\", \"http://0.0.0.0:2379\", \"--advertise-client-urls\", \"http://127.0.0.1:2379\", \"--log-level\", \"debug\"]\n    ports:\n    - containerPort: 2379\n    livenessProbe:\n      grpc:\n        port: 2379\n      initialDelaySeconds: 10\n",
  },
  'pods/user-namespaces-stateless.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: userns\nspec:\n  hostUsers: false\n  containers:\n  - name: shell\n    command: [\"sleep\", \"infinity\"]\n    image: debian\n",
  },
};
