/**
 * kubernetes.io's example manifests for the task and tutorial pages (served beside docs-examples.ts's,
 * through its docsExample lookup):
 * - tutorials/configuration/updating-configuration-via-a-configmap: deployments/deployment-with-
 *   configmap-*.yaml, deployment-with-immutable-configmap-as-volume.yaml, configmap/*immutable-configmap.yaml;
 * - tasks/configure-pod-container/configure-pod-configmap: configmap/configmaps.yaml,
 *   configmap-multikeys.yaml, pods/pod-*configmap*.yaml, and the sample files its `wget`s fetch
 *   (configmap/game.properties, ui.properties, game-env-file.properties);
 * - tasks/configure-pod-container/configure-persistent-volume-storage: pods/storage/pv-volume.yaml,
 *   pv-claim.yaml, pv-pod.yaml;
 * - tasks/inject-data-application: pods/commands.yaml (define-command-argument-container),
 *   pods/inject/envars.yaml (define-environment-variable-container), pods/inject/secret.yaml,
 *   secret-pod.yaml, pod-single-/pod-multiple-secret-env-variable.yaml and pod-secret-envFrom.yaml
 *   (distribute-credentials-secure);
 * - tasks/configure-pod-container/quality-service-pod: pods/qos/qos-pod.yaml, -2, -3, -4;
 *   assign-pods-nodes and assign-pods-nodes-using-node-affinity: pods/pod-nginx-specific-node.yaml,
 *   pod-nginx-required-affinity.yaml, pod-nginx-preferred-affinity.yaml;
 * - tasks/administer-cluster/manage-resources/memory-default-namespace and cpu-default-namespace:
 *   admin/resource/memory-defaults.yaml, -pod, -pod-2, -pod-3; cpu-defaults.yaml, -pod, -pod-2, -pod-3;
 *   memory-constraint-namespace and cpu-constraint-namespace: memory-constraints.yaml and
 *   cpu-constraints.yaml, each with -pod, -pod-2, -pod-3, -pod-4.
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * A file's text is that commit's, verbatim, including a missing last newline. `restored` marks files
 * whose stored versions are not main's: a branch's JSON rewrite (`---` then `{ apiVersion: "apps/v1",
 * … }`, commits 7a090ad…, 6ef03d7…, 81dca13…, 5712187…), a key-sorted rewrite, or an older version.
 * Main's text was taken instead from:
 * - the zh-cn copy, content/zh-cn/examples/PATH (the localized site serves the en file's copy), at the
 *   commit given: deployment-with-configmap-as-volume.yaml, -two-containers.yaml and
 *   deployment-with-immutable-configmap-as-volume.yaml (the same mapping as the JSON, value for value);
 * - a copy of the page as published for release-1.34 (its code samples are the files' text) where no
 *   zh-cn copy is held: deployment-with-configmap-as-envvar.yaml (its `sleep 10; done;` continuation
 *   indented two more than the others, as the page shows) and -and-sidecar-container.yaml, with the
 *   repo's last newline; the commit given is the JSON rewrite's.
 * - the Configure a Pod to Use a ConfigMap page as published for release-1.34 (a copy): configmaps.yaml,
 *   pod-single-/pod-multiple-configmap-env-variable.yaml, pod-configmap-envFrom.yaml (the stored
 *   YAML's image is the untagged registry.k8s.io/busybox; the page's is :1.27.2),
 *   pod-configmap-env-var-valueFrom.yaml and pod-configmap-volume.yaml, un-indented from the page's
 *   list items, with the repo's last newline. configmap-multikeys.yaml and
 *   pod-configmap-volume-specific-key.yaml are their zh-cn copies, the same bytes as the page shows.
 * - pods/storage/pv-volume.yaml, pv-claim.yaml and pv-pod.yaml: the stored commits are a rewrite
 *   with keys sorted and sequences unindented; main's layout (name before labels, storageClassName
 *   first, `path: "/mnt/data"` quoted, sequences indented) is the Configure a Pod to Use a
 *   PersistentVolume page's as published for release-1.34 (a copy). Left out: pv-duplicate.yaml
 *   (the stored commits and the page copy name different claims) and storage/nginx.conf (the page
 *   copy's rendering of it is mangled).
 * - the inject-data-application files are the pages' as published for release-1.34 (copies; the
 *   stored commits are JSON rewrites or older versions: a Pod named secret-envars-test-pod, keys
 *   backend_username), un-indented from the pages' list items, with the repo's last newline;
 *   secret.yaml is its zh-cn copy (the zh-cn secret-pod.yaml's comments are translated, so not it).
 * - the quality-service-pod, assign-pods-nodes and manage-resources files likewise: the pages as
 *   published for release-1.34 (copies), with the repo's last newline; the commits given are the
 *   stored ones (JSON rewrites or other versions).
 * - The .properties files are not in the reference index (`commit: ''`): game.properties and
 *   ui.properties are the values the page's `kubectl get configmaps game-config -o yaml` shows
 *   (`|` blocks, so each ends in one newline); game-env-file.properties is the page's `cat` of it.
 *   Left out: ui-env-file.properties (the page never shows it whole: its `config-multi-env-files`
 *   step is a 404 here).
 * Approximate: a file held at a commit that is not main's may differ from main's in what no copy
 * of the page shows (a trailing newline).
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file, for the task and tutorial pages named in the header. */
export const DOCS_EXAMPLES_TASKS: Readonly<Record<string, DocsExample>> = {
  'deployments/deployment-with-configmap-as-volume.yaml': {
    commit: 'ca510574479caa23b6be56fdb8a0f6d05aced400',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: configmap-volume\n  labels:\n    app.kubernetes.io/name: configmap-volume\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: configmap-volume\n  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: configmap-volume\n    spec:\n      containers:\n        - name: alpine\n          image: alpine:3\n          command:\n            - /bin/sh\n            - -c\n            - while true; do echo \"$(date) My preferred sport is $(cat /etc/config/sport)\";\n              sleep 10; done;\n          ports:\n            - containerPort: 80\n          volumeMounts:\n            - name: config-volume\n              mountPath: /etc/config\n      volumes:\n        - name: config-volume\n          configMap:\n            name: sport",
  },
  'deployments/deployment-with-configmap-as-envvar.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: configmap-env-var\n  labels:\n    app.kubernetes.io/name: configmap-env-var\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: configmap-env-var\n  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: configmap-env-var\n    spec:\n      containers:\n        - name: alpine\n          image: alpine:3\n          env:\n            - name: FRUITS\n              valueFrom:\n                configMapKeyRef:\n                  key: fruits\n                  name: fruits\n          command:\n            - /bin/sh\n            - -c\n            - while true; do echo \"$(date) The basket is full of $FRUITS\";\n                sleep 10; done;\n          ports:\n            - containerPort: 80\n",
  },
  'deployments/deployment-with-configmap-two-containers.yaml': {
    commit: 'ca510574479caa23b6be56fdb8a0f6d05aced400',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: configmap-two-containers\n  labels:\n    app.kubernetes.io/name: configmap-two-containers\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: configmap-two-containers\n  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: configmap-two-containers\n    spec:\n      volumes:\n        - name: shared-data\n          emptyDir: {}\n        - name: config-volume\n          configMap:\n            name: color\n      containers:\n        - name: nginx\n          image: nginx\n          volumeMounts:\n            - name: shared-data\n              mountPath: /usr/share/nginx/html\n        - name: alpine\n          image: alpine:3\n          volumeMounts:\n            - name: shared-data\n              mountPath: /pod-data\n            - name: config-volume\n              mountPath: /etc/config\n          command:\n            - /bin/sh\n            - -c\n            - while true; do echo \"$(date) My preferred color is $(cat /etc/config/color)\" > /pod-data/index.html;\n              sleep 10; done;\n",
  },
  'deployments/deployment-with-configmap-and-sidecar-container.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: configmap-sidecar-container\n  labels:\n    app.kubernetes.io/name: configmap-sidecar-container\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: configmap-sidecar-container\n  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: configmap-sidecar-container\n    spec:\n      volumes:\n        - name: shared-data\n          emptyDir: {}\n        - name: config-volume\n          configMap:\n            name: color\n      containers:\n        - name: nginx\n          image: nginx\n          volumeMounts:\n            - name: shared-data\n              mountPath: /usr/share/nginx/html\n      initContainers:\n        - name: alpine\n          image: alpine:3\n          restartPolicy: Always\n          volumeMounts:\n            - name: shared-data\n              mountPath: /pod-data\n            - name: config-volume\n              mountPath: /etc/config\n          command:\n            - /bin/sh\n            - -c\n            - while true; do echo \"$(date) My preferred color is $(cat /etc/config/color)\" > /pod-data/index.html;\n              sleep 10; done;\n",
  },
  'deployments/deployment-with-immutable-configmap-as-volume.yaml': {
    commit: '80cb213c3d94e3a6e32fd40ca6d3828b3dba0349',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: immutable-configmap-volume\n  labels:\n    app.kubernetes.io/name: immutable-configmap-volume\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: immutable-configmap-volume\n  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: immutable-configmap-volume\n    spec:\n      containers:\n        - name: alpine\n          image: alpine:3\n          command:\n            - /bin/sh\n            - -c\n            - while true; do echo \"$(date) The name of the company is $(cat /etc/config/company_name)\";\n              sleep 10; done;\n          ports:\n            - containerPort: 80\n          volumeMounts:\n            - name: config-volume\n              mountPath: /etc/config\n      volumes:\n        - name: config-volume\n          configMap:\n            name: company-name-20150801",
  },
  'configmap/immutable-configmap.yaml': {
    commit: '1cc2013076e605425059086023999d81bf3dbdc2',
    text: "apiVersion: v1\ndata:\n  company_name: \"ACME, Inc.\" # existing fictional company name\nkind: ConfigMap\nimmutable: true\nmetadata:\n  name: company-name-20150801",
  },
  'configmap/new-immutable-configmap.yaml': {
    commit: '89ce7eec9d6452eae7061696d2bf786ac42c7845',
    text: "apiVersion: v1\ndata:\n  company_name: \"Fiktivesunternehmen GmbH\" # new fictional company name\nkind: ConfigMap\nimmutable: true\nmetadata:\n  name: company-name-20240312",
  },
  'configmap/configmaps.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: special-config\n  namespace: default\ndata:\n  special.how: very\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env-config\n  namespace: default\ndata:\n  log_level: INFO\n",
  },
  'configmap/configmap-multikeys.yaml': {
    commit: '4b04e8ffdc352e55661cfcd54e327b2f3425bade',
    restored: true,
    text: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: special-config\n  namespace: default\ndata:\n  SPECIAL_LEVEL: very\n  SPECIAL_TYPE: charm\n",
  },
  'pods/pod-single-configmap-env-variable.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [ \"/bin/sh\", \"-c\", \"env\" ]\n      env:\n        # Define the environment variable\n        - name: SPECIAL_LEVEL_KEY\n          valueFrom:\n            configMapKeyRef:\n              # The ConfigMap containing the value you want to assign to SPECIAL_LEVEL_KEY\n              name: special-config\n              # Specify the key associated with the value\n              key: special.how\n  restartPolicy: Never\n",
  },
  'pods/pod-multiple-configmap-env-variable.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [ \"/bin/sh\", \"-c\", \"env\" ]\n      env:\n        - name: SPECIAL_LEVEL_KEY\n          valueFrom:\n            configMapKeyRef:\n              name: special-config\n              key: special.how\n        - name: LOG_LEVEL\n          valueFrom:\n            configMapKeyRef:\n              name: env-config\n              key: log_level\n  restartPolicy: Never\n",
  },
  'pods/pod-configmap-envFrom.yaml': {
    commit: '00501bc51cd21a24a3e9e89a3622284af999bd0d',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [ \"/bin/sh\", \"-c\", \"env\" ]\n      envFrom:\n      - configMapRef:\n          name: special-config\n  restartPolicy: Never\n",
  },
  'pods/pod-configmap-env-var-valueFrom.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [ \"/bin/echo\", \"$(SPECIAL_LEVEL_KEY) $(SPECIAL_TYPE_KEY)\" ]\n      env:\n        - name: SPECIAL_LEVEL_KEY\n          valueFrom:\n            configMapKeyRef:\n              name: special-config\n              key: SPECIAL_LEVEL\n        - name: SPECIAL_TYPE_KEY\n          valueFrom:\n            configMapKeyRef:\n              name: special-config\n              key: SPECIAL_TYPE\n  restartPolicy: Never\n",
  },
  'pods/pod-configmap-volume.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [ \"/bin/sh\", \"-c\", \"ls /etc/config/\" ]\n      volumeMounts:\n      - name: config-volume\n        mountPath: /etc/config\n  volumes:\n    - name: config-volume\n      configMap:\n        # Provide the name of the ConfigMap containing the files you want\n        # to add to the container\n        name: special-config\n  restartPolicy: Never\n",
  },
  'pods/pod-configmap-volume-specific-key.yaml': {
    commit: '04ccf789d60f9fec7b97013b13ed5c66877ae917',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [ \"/bin/sh\",\"-c\",\"cat /etc/config/keys\" ]\n      volumeMounts:\n      - name: config-volume\n        mountPath: /etc/config\n  volumes:\n    - name: config-volume\n      configMap:\n        name: special-config\n        items:\n        - key: SPECIAL_LEVEL\n          path: keys\n  restartPolicy: Never\n",
  },
  'configmap/game.properties': {
    commit: '',
    text: "enemies=aliens\nlives=3\nenemies.cheat=true\nenemies.cheat.level=noGoodRotten\nsecret.code.passphrase=UUDDLRLRBABAS\nsecret.code.allowed=true\nsecret.code.lives=30\n",
  },
  'configmap/ui.properties': {
    commit: '',
    text: "color.good=purple\ncolor.bad=yellow\nallow.textmode=true\nhow.nice.to.look=fairlyNice\n",
  },
  'configmap/game-env-file.properties': {
    commit: '',
    text: "enemies=aliens\nlives=3\nallowed=\"true\"\n\n# This comment and the empty line above it are ignored\n",
  },
  'pods/storage/pv-volume.yaml': {
    commit: '273b80300a696979579cecb5208405b667c6c64e',
    restored: true,
    text: "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: task-pv-volume\n  labels:\n    type: local\nspec:\n  storageClassName: manual\n  capacity:\n    storage: 10Gi\n  accessModes:\n    - ReadWriteOnce\n  hostPath:\n    path: \"/mnt/data\"\n",
  },
  'pods/storage/pv-claim.yaml': {
    commit: '018c6fb12ee63747aa4aed8d4d9072e9ee8952f9',
    restored: true,
    text: "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: task-pv-claim\nspec:\n  storageClassName: manual\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 3Gi\n",
  },
  'pods/storage/pv-pod.yaml': {
    commit: '273b80300a696979579cecb5208405b667c6c64e',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: task-pv-pod\nspec:\n  volumes:\n    - name: task-pv-storage\n      persistentVolumeClaim:\n        claimName: task-pv-claim\n  containers:\n    - name: task-pv-container\n      image: nginx\n      ports:\n        - containerPort: 80\n          name: \"http-server\"\n      volumeMounts:\n        - mountPath: \"/usr/share/nginx/html\"\n          name: task-pv-storage\n",
  },
  'pods/commands.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: command-demo\n  labels:\n    purpose: demonstrate-command\nspec:\n  containers:\n  - name: command-demo-container\n    image: debian\n    command: [\"printenv\"]\n    args: [\"HOSTNAME\", \"KUBERNETES_PORT\"]\n  restartPolicy: OnFailure\n",
  },
  'pods/inject/envars.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: envar-demo\n  labels:\n    purpose: demonstrate-envars\nspec:\n  containers:\n  - name: envar-demo-container\n    image: gcr.io/google-samples/hello-app:2.0\n    env:\n    - name: DEMO_GREETING\n      value: \"Hello from the environment\"\n    - name: DEMO_FAREWELL\n      value: \"Such a sweet sorrow\"\n",
  },
  'pods/inject/secret.yaml': {
    commit: 'e70e7901c900148a07b21d7970320a50f7e27c0a',
    restored: true,
    text: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: test-secret\ndata:\n  username: bXktYXBw\n  password: Mzk1MjgkdmRnN0pi\n",
  },
  'pods/inject/secret-pod.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: secret-test-pod\nspec:\n  containers:\n    - name: test-container\n      image: nginx\n      volumeMounts:\n        # name must match the volume name below\n        - name: secret-volume\n          mountPath: /etc/secret-volume\n          readOnly: true\n  # The secret data is exposed to Containers in the Pod through a Volume.\n  volumes:\n    - name: secret-volume\n      secret:\n        secretName: test-secret\n",
  },
  'pods/inject/pod-single-secret-env-variable.yaml': {
    commit: '020bdd48cbe3e3f79e58bb774aa07943b0d3fe84',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: env-single-secret\nspec:\n  containers:\n  - name: envars-test-container\n    image: nginx\n    env:\n    - name: SECRET_USERNAME\n      valueFrom:\n        secretKeyRef:\n          name: backend-user\n          key: backend-username\n",
  },
  'pods/inject/pod-multiple-secret-env-variable.yaml': {
    commit: '069842f24a169690ca89242ce78bdd32519926e8',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: envvars-multiple-secrets\nspec:\n  containers:\n  - name: envars-test-container\n    image: nginx\n    env:\n    - name: BACKEND_USERNAME\n      valueFrom:\n        secretKeyRef:\n          name: backend-user\n          key: backend-username\n    - name: DB_USERNAME\n      valueFrom:\n        secretKeyRef:\n          name: db-user\n          key: db-username\n",
  },
  'pods/inject/pod-secret-envFrom.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: envfrom-secret\nspec:\n  containers:\n  - name: envars-test-container\n    image: nginx\n    envFrom:\n    - secretRef:\n        name: test-secret\n",
  },
  'pods/qos/qos-pod.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: qos-demo\n  namespace: qos-example\nspec:\n  containers:\n  - name: qos-demo-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"200Mi\"\n        cpu: \"700m\"\n      requests:\n        memory: \"200Mi\"\n        cpu: \"700m\"\n",
  },
  'pods/qos/qos-pod-2.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: qos-demo-2\n  namespace: qos-example\nspec:\n  containers:\n  - name: qos-demo-2-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"200Mi\"\n      requests:\n        memory: \"100Mi\"\n",
  },
  'pods/qos/qos-pod-3.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: qos-demo-3\n  namespace: qos-example\nspec:\n  containers:\n  - name: qos-demo-3-ctr\n    image: nginx\n",
  },
  'pods/qos/qos-pod-4.yaml': {
    commit: 'e6799c576ca56c8c9cf52093900b0338e1b3f880',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: qos-demo-4\n  namespace: qos-example\nspec:\n  containers:\n\n  - name: qos-demo-4-ctr-1\n    image: nginx\n    resources:\n      requests:\n        memory: \"200Mi\"\n\n  - name: qos-demo-4-ctr-2\n    image: redis\n",
  },
  'pods/pod-nginx-specific-node.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  nodeName: foo-node # schedule pod to specific node\n  containers:\n  - name: nginx\n    image: nginx\n    imagePullPolicy: IfNotPresent\n",
  },
  'pods/pod-nginx-required-affinity.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - matchExpressions:\n          - key: disktype\n            operator: In\n            values:\n            - ssd\n  containers:\n  - name: nginx\n    image: nginx\n    imagePullPolicy: IfNotPresent\n",
  },
  'pods/pod-nginx-preferred-affinity.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  affinity:\n    nodeAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n      - weight: 1\n        preference:\n          matchExpressions:\n          - key: disktype\n            operator: In\n            values:\n            - ssd\n  containers:\n  - name: nginx\n    image: nginx\n    imagePullPolicy: IfNotPresent\n",
  },
  'admin/resource/memory-defaults.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: mem-limit-range\nspec:\n  limits:\n  - default:\n      memory: 512Mi\n    defaultRequest:\n      memory: 256Mi\n    type: Container\n",
  },
  'admin/resource/memory-defaults-pod.yaml': {
    commit: 'c64f5711a5aa4cb40858d35433405fb324ada20b',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-mem-demo\nspec:\n  containers:\n  - name: default-mem-demo-ctr\n    image: nginx\n",
  },
  'admin/resource/memory-defaults-pod-2.yaml': {
    commit: '37be43951b242dc4ce77a5292ec8259bb66e775e',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-mem-demo-2\nspec:\n  containers:\n  - name: default-mem-demo-2-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"1Gi\"\n",
  },
  'admin/resource/memory-defaults-pod-3.yaml': {
    commit: 'c64f5711a5aa4cb40858d35433405fb324ada20b',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-mem-demo-3\nspec:\n  containers:\n  - name: default-mem-demo-3-ctr\n    image: nginx\n    resources:\n      requests:\n        memory: \"128Mi\"\n",
  },
  'admin/resource/cpu-defaults.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: cpu-limit-range\nspec:\n  limits:\n  - default:\n      cpu: 1\n    defaultRequest:\n      cpu: 0.5\n    type: Container\n",
  },
  'admin/resource/cpu-defaults-pod.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-cpu-demo\nspec:\n  containers:\n  - name: default-cpu-demo-ctr\n    image: nginx\n",
  },
  'admin/resource/cpu-defaults-pod-2.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-cpu-demo-2\nspec:\n  containers:\n  - name: default-cpu-demo-2-ctr\n    image: nginx\n    resources:\n      limits:\n        cpu: \"1\"\n",
  },
  'admin/resource/cpu-defaults-pod-3.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-cpu-demo-3\nspec:\n  containers:\n  - name: default-cpu-demo-3-ctr\n    image: nginx\n    resources:\n      requests:\n        cpu: \"0.75\"\n",
  },
  'admin/resource/memory-constraints.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: mem-min-max-demo-lr\nspec:\n  limits:\n  - max:\n      memory: 1Gi\n    min:\n      memory: 500Mi\n    type: Container\n",
  },
  'admin/resource/memory-constraints-pod.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-mem-demo\nspec:\n  containers:\n  - name: constraints-mem-demo-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"800Mi\"\n      requests:\n        memory: \"600Mi\"\n",
  },
  'admin/resource/memory-constraints-pod-2.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-mem-demo-2\nspec:\n  containers:\n  - name: constraints-mem-demo-2-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"1.5Gi\"\n      requests:\n        memory: \"800Mi\"\n",
  },
  'admin/resource/memory-constraints-pod-3.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-mem-demo-3\nspec:\n  containers:\n  - name: constraints-mem-demo-3-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"800Mi\"\n      requests:\n        memory: \"100Mi\"\n",
  },
  'admin/resource/memory-constraints-pod-4.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-mem-demo-4\nspec:\n  containers:\n  - name: constraints-mem-demo-4-ctr\n    image: nginx\n",
  },
  'admin/resource/cpu-constraints.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: cpu-min-max-demo-lr\nspec:\n  limits:\n  - max:\n      cpu: \"800m\"\n    min:\n      cpu: \"200m\"\n    type: Container\n",
  },
  'admin/resource/cpu-constraints-pod.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-cpu-demo\nspec:\n  containers:\n  - name: constraints-cpu-demo-ctr\n    image: nginx\n    resources:\n      limits:\n        cpu: \"800m\"\n      requests:\n        cpu: \"500m\"\n",
  },
  'admin/resource/cpu-constraints-pod-2.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-cpu-demo-2\nspec:\n  containers:\n  - name: constraints-cpu-demo-2-ctr\n    image: nginx\n    resources:\n      limits:\n        cpu: \"1.5\"\n      requests:\n        cpu: \"500m\"\n",
  },
  'admin/resource/cpu-constraints-pod-3.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-cpu-demo-3\nspec:\n  containers:\n  - name: constraints-cpu-demo-3-ctr\n    image: nginx\n    resources:\n      limits:\n        cpu: \"800m\"\n      requests:\n        cpu: \"100m\"\n",
  },
  'admin/resource/cpu-constraints-pod-4.yaml': {
    commit: 'f31fa3cf431a87c0bf56d8b6c1c31f96c264f1fd',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: constraints-cpu-demo-4\nspec:\n  containers:\n  - name: constraints-cpu-demo-4-ctr\n    image: vish/stress\n",
  },
};
