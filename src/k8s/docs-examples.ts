/**
 * kubernetes.io's example manifests, the bytes https://kubernetes.io/examples/PATH (and
 * raw.githubusercontent.com/kubernetes/website/main/content/en/examples/PATH) serve: what
 * `kubectl apply -f https://k8s.io/examples/…` and the laptop's `curl -sL` read (engine/images/internet.ts).
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * The reference index held some files only at commits that are not main's: `restored` marks those,
 * whose text is that commit's with main's difference put back, checked against copies of the pages:
 * - the app.kubernetes.io/name labels of kubernetes/website PR #53389 ("Use Recommended Labels in
 *   Examples", open in 2025-11) are main's `app:` again (`run:` in php-apache.yaml);
 * - shell-demo.yaml's stored version predates main's `hostNetwork: true` / `dnsPolicy: Default`.
 * - some were held only as a branch's JSON rewrite (`---` then `{ apiVersion: "v1", … }`): main's
 *   YAML is the same mapping, in the repo's style (key order as given, sequences under their key).
 * - images the index's YAML still pulled from before main's move, restored from the JSON rewrites
 *   (which are of main): exec-liveness.yaml's registry.k8s.io/busybox:1.27.2 (was k8s.gcr.io/busybox),
 *   http-liveness.yaml's agnhost:2.40 `liveness` with no `ports` (was k8s.gcr.io/liveness `/server`),
 *   init-containers.yaml's busybox:1.28 (was busybox); memory-request-limit-2/-3.yaml are held only as
 *   JSON rewrites, laid out as memory-request-limit.yaml.
 * - held only before main's move to current images and APIs, restored from copies of the pages
 *   (the task pages as mirrored by other repositories): security-context.yaml's runAsGroup 3000,
 *   supplementalGroups [4000] and busybox:1.28 `sleep 1h` (was node-hello:1.0); cronjob.yaml's
 *   batch/v1, every-minute schedule written without a step, busybox:1.28 and `command:` (was
 *   batch/v1beta1, the same schedule with a step of 1, busybox, `args:`); storage/redis.yaml's
 *   keys name-first as the page shows (was image-first); two-container-pod.yaml (held only as
 *   JSON) with the page's blank lines.
 * - controllers/daemonset.yaml: the stored commit's k8s.gcr.io/fluentd-elasticsearch:1.20 DaemonSet
 *   (master toleration, docker containers hostPath) is main's as the DaemonSet page shows it
 *   (control-plane and master tolerations, quay.io/fluentd_elasticsearch/fluentd:v5.0.1, /var/log
 *   only, the priorityClassName comment); application/web/web.yaml's nginx-slim:0.8 is main's 0.21.
 * - admin/resource/quota-mem-cpu.yaml and -pod.yaml are held only as JSON; their layout and quoting
 *   are the Memory and CPU Quotas page's (copies of it), and -pod-2.yaml is laid out as -pod.yaml.
 * - service/nginx-service.yaml: PR #53389's selector is main's `app: nginx` again.
 * - controllers/job.yaml: the stored commit's `perl` and `"\"print bpi(2000)\""` are main's
 *   perl:5.34.0 and "print bpi(2000)", as copies of the Jobs page show.
 * - pods/inject/dapi-volume.yaml and dapi-volume-resources.yaml are held only as JSON; their
 *   layout (the multi-line plain `args` scalar, quoting, indentation) is the "Expose Pod Information
 *   to Containers Through Files" page's, from a copy of the page as published for release-1.34
 *   (the same mapping as the JSON, byte for byte in every value).
 * - application/guestbook/*.yaml (the PHP Guestbook tutorial): the stored commits are PR #53389's
 *   (`app.kubernetes.io/name` labels) or JSON rewrites; main's `app:` labels are back, as the
 *   tutorial's `kubectl get pods -l app=guestbook` and `kubectl delete deployment -l app=redis` need
 *   and copies of the page show. redis-leader's image is main's since PR #52597 (2025-10, "Fix
 *   guestbook redis image": docker.io/redis:6.0.5 was gone) — registry.k8s.io/redis pinned by
 *   digest, as every 2026 copy of the page has it; frontend-deployment.yaml's stored commit pulls a
 *   fork's docker.io/corelab/gb-frontend:v5, main (and GoogleCloudPlatform/kubernetes-engine-samples'
 *   quickstarts/guestbook, its SOURCE) us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5.
 * Approximate: only the manifests below exist; every other PATH is a 404.
 */

import { DOCS_EXAMPLES_DEBUG } from './docs-examples-debug';
import { DOCS_EXAMPLES_JOBS } from './docs-examples-jobs';
import { DOCS_EXAMPLES_MYSQL } from './docs-examples-mysql';
import { DOCS_EXAMPLES_PODS } from './docs-examples-pods';
import { DOCS_EXAMPLES_POLICY } from './docs-examples-policy';
import { DOCS_EXAMPLES_TASKS } from './docs-examples-tasks';
import { DOCS_EXAMPLES_WORDPRESS } from './docs-examples-wordpress';
import { DOCS_EXAMPLES_SECURITY } from './docs-examples-security';
import { DOCS_EXAMPLES_SERVICES } from './docs-examples-services';
import { DOCS_EXAMPLES_ZOOKEEPER } from './docs-examples-zookeeper';

/** One file: its text verbatim and the kubernetes/website commit it was taken from. */
export interface DocsExample {
  /** '' when the reference index holds no version of the file (its text is a page's; see the header). */
  readonly commit: string;
  /** The text at `commit` with main's difference restored (see the header). */
  readonly restored?: true;
  readonly text: string;
}

/** PATH under content/en/examples/ → the file. */
export const DOCS_EXAMPLES: Readonly<Record<string, DocsExample>> = {
  'application/deployment.yaml': {
    commit: '8be25924fa58a7ca47d8ef2cee52538c5e948b7f',
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  selector:\n    matchLabels:\n      app: nginx\n  replicas: 2 # tells deployment to run 2 pods matching the template\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.14.2\n        ports:\n        - containerPort: 80\n",
  },
  'application/deployment-update.yaml': {
    commit: 'be91688463e689f346dabefd2cf75b430ec76ae8',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  selector:\n    matchLabels:\n      app: nginx\n  replicas: 2\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.16.1 # Update the version of nginx from 1.14.2 to 1.16.1\n        ports:\n        - containerPort: 80\n",
  },
  'application/deployment-scale.yaml': {
    commit: '36cf50ebbc7b33b045b4dfa7b5da52dc74073fa8',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  selector:\n    matchLabels:\n      app: nginx\n  replicas: 4 # Update the replicas from 2 to 4\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.16.1\n        ports:\n        - containerPort: 80\n",
  },
  'application/php-apache.yaml': {
    commit: '464022b3d8abdbc86f066d000e3c8679ccff9527',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: php-apache\nspec:\n  selector:\n    matchLabels:\n      run: php-apache\n  template:\n    metadata:\n      labels:\n        run: php-apache\n    spec:\n      containers:\n      - name: php-apache\n        image: registry.k8s.io/hpa-example\n        ports:\n        - containerPort: 80\n        resources:\n          limits:\n            cpu: 500m\n          requests:\n            cpu: 200m\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: php-apache\n  labels:\n    run: php-apache\nspec:\n  ports:\n  - port: 80\n  selector:\n    run: php-apache\n",
  },
  'application/shell-demo.yaml': {
    commit: '3e32e4f76f623d4014796e55c01e8f032c95803e',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: shell-demo\nspec:\n  volumes:\n  - name: shared-data\n    emptyDir: {}\n  containers:\n  - name: nginx\n    image: nginx\n    volumeMounts:\n    - name: shared-data\n      mountPath: /usr/share/nginx/html\n  hostNetwork: true\n  dnsPolicy: Default\n",
  },
  'controllers/nginx-deployment.yaml': {
    commit: '3389c10e6a8eb36cadbfe89cdb28acd00b020388',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\n  labels:\n    app: nginx\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.14.2\n        ports:\n        - containerPort: 80\n",
  },
  'controllers/frontend.yaml': {
    commit: 'bbff37152366ab42e181c0e9605dc69b373c27d8',
    restored: true,
    text: "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: frontend\n  labels:\n    app: guestbook\n    tier: frontend\nspec:\n  # modify replicas according to your case\n  replicas: 3\n  selector:\n    matchLabels:\n      tier: frontend\n  template:\n    metadata:\n      labels:\n        tier: frontend\n    spec:\n      containers:\n      - name: php-redis\n        image: us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5\n",
  },
  'pods/probe/tcp-liveness-readiness.yaml': {
    commit: '3389c10e6a8eb36cadbfe89cdb28acd00b020388',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: goproxy\n  labels:\n    app: goproxy\nspec:\n  containers:\n  - name: goproxy\n    image: registry.k8s.io/goproxy:0.1\n    ports:\n    - containerPort: 8080\n    readinessProbe:\n      tcpSocket:\n        port: 8080\n      initialDelaySeconds: 15\n      periodSeconds: 10\n    livenessProbe:\n      tcpSocket:\n        port: 8080\n      initialDelaySeconds: 15\n      periodSeconds: 10\n",
  },
  'application/nginx-app.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: my-nginx-svc\n  labels:\n    app: nginx\nspec:\n  type: LoadBalancer\n  ports:\n  - port: 80\n  selector:\n    app: nginx\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: my-nginx\n  labels:\n    app: nginx\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.14.2\n        ports:\n        - containerPort: 80\n",
  },
  'pods/simple-pod.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.14.2\n    ports:\n    - containerPort: 80\n",
  },
  'pods/pod-nginx.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\n  labels:\n    env: test\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n    imagePullPolicy: IfNotPresent\n  nodeSelector:\n    disktype: ssd\n",
  },
  'pods/resource/memory-request-limit.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: memory-demo\n  namespace: mem-example\nspec:\n  containers:\n  - name: memory-demo-ctr\n    image: polinux/stress\n    resources:\n      requests:\n        memory: \"100Mi\"\n      limits:\n        memory: \"200Mi\"\n    command: [\"stress\"]\n    args: [\"--vm\", \"1\", \"--vm-bytes\", \"150M\", \"--vm-hang\", \"1\"]\n",
  },
  'pods/resource/cpu-request-limit.yaml': {
    commit: '86bb8fd999ef562958c5a11196eb28e328e03052',
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: cpu-demo\n  namespace: cpu-example\nspec:\n  containers:\n  - name: cpu-demo-ctr\n    image: vish/stress\n    resources:\n      limits:\n        cpu: \"1\"\n      requests:\n        cpu: \"0.5\"\n    args:\n    - -cpus\n    - \"2\"\n",
  },
  'admin/dns/dnsutils.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dnsutils\n  namespace: default\nspec:\n  containers:\n  - name: dnsutils\n    image: registry.k8s.io/e2e-test-images/agnhost:2.39\n    imagePullPolicy: IfNotPresent\n  restartPolicy: Always\n",
  },
  'service/networking/run-my-nginx.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: my-nginx\nspec:\n  selector:\n    matchLabels:\n      run: my-nginx\n  replicas: 2\n  template:\n    metadata:\n      labels:\n        run: my-nginx\n    spec:\n      containers:\n      - name: my-nginx\n        image: nginx\n        ports:\n        - containerPort: 80\n",
  },
  'controllers/job.yaml': {
    commit: 'cdc0f83319360559dca0c590d0febf96c438bdd3',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  template:\n    spec:\n      containers:\n      - name: pi\n        image: perl:5.34.0\n        command: [\"perl\",  \"-Mbignum=bpi\", \"-wle\", \"print bpi(2000)\"]\n      restartPolicy: Never\n  backoffLimit: 4\n\n",
  },
  'pods/init-containers.yaml': {
    commit: 'a2659dc13728fc4ede0f82a7f893145ecb03c3f0',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: init-demo\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n    ports:\n    - containerPort: 80\n    volumeMounts:\n    - name: workdir\n      mountPath: /usr/share/nginx/html\n  # These containers are run during pod initialization\n  initContainers:\n  - name: install\n    image: busybox:1.28\n    command:\n    - wget\n    - \"-O\"\n    - \"/work-dir/index.html\"\n    - http://info.cern.ch\n    volumeMounts:\n    - name: workdir\n      mountPath: \"/work-dir\"\n  dnsPolicy: Default\n  volumes:\n  - name: workdir\n    emptyDir: {}\n\n",
  },
  'pods/inject/dapi-envars-pod.yaml': {
    commit: 'eacd9f8c70fbef9f2d2be4f83cd2de8fa699b804',
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-envars-fieldref\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [\"sh\", \"-c\"]\n      args:\n      - while true; do\n          echo -en '\\n';\n          printenv MY_NODE_NAME MY_POD_NAME MY_POD_NAMESPACE;\n          printenv MY_POD_IP MY_POD_SERVICE_ACCOUNT;\n          sleep 10;\n        done;\n      env:\n        - name: MY_NODE_NAME\n          valueFrom:\n            fieldRef:\n              fieldPath: spec.nodeName\n        - name: MY_POD_NAME\n          valueFrom:\n            fieldRef:\n              fieldPath: metadata.name\n        - name: MY_POD_NAMESPACE\n          valueFrom:\n            fieldRef:\n              fieldPath: metadata.namespace\n        - name: MY_POD_IP\n          valueFrom:\n            fieldRef:\n              fieldPath: status.podIP\n        - name: MY_POD_SERVICE_ACCOUNT\n          valueFrom:\n            fieldRef:\n              fieldPath: spec.serviceAccountName\n  restartPolicy: Never\n",
  },
  'pods/inject/dapi-envars-container.yaml': {
    commit: 'eacd9f8c70fbef9f2d2be4f83cd2de8fa699b804',
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dapi-envars-resourcefieldref\nspec:\n  containers:\n    - name: test-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [\"sh\", \"-c\"]\n      args:\n      - while true; do\n          echo -en '\\n';\n          printenv MY_CPU_REQUEST MY_CPU_LIMIT;\n          printenv MY_MEM_REQUEST MY_MEM_LIMIT;\n          sleep 10;\n        done;\n      resources:\n        requests:\n          memory: \"32Mi\"\n          cpu: \"125m\"\n        limits:\n          memory: \"64Mi\"\n          cpu: \"250m\"\n      env:\n        - name: MY_CPU_REQUEST\n          valueFrom:\n            resourceFieldRef:\n              containerName: test-container\n              resource: requests.cpu\n        - name: MY_CPU_LIMIT\n          valueFrom:\n            resourceFieldRef:\n              containerName: test-container\n              resource: limits.cpu\n        - name: MY_MEM_REQUEST\n          valueFrom:\n            resourceFieldRef:\n              containerName: test-container\n              resource: requests.memory\n        - name: MY_MEM_LIMIT\n          valueFrom:\n            resourceFieldRef:\n              containerName: test-container\n              resource: limits.memory\n  restartPolicy: Never\n",
  },
  'pods/inject/dapi-volume.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: kubernetes-downwardapi-volume-example\n  labels:\n    zone: us-est-coast\n    cluster: test-cluster1\n    rack: rack-22\n  annotations:\n    build: two\n    builder: john-doe\nspec:\n  containers:\n    - name: client-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [\"sh\", \"-c\"]\n      args:\n      - while true; do\n          if [[ -e /etc/podinfo/labels ]]; then\n            echo -en '\\n\\n'; cat /etc/podinfo/labels; fi;\n          if [[ -e /etc/podinfo/annotations ]]; then\n            echo -en '\\n\\n'; cat /etc/podinfo/annotations; fi;\n          sleep 5;\n        done;\n      volumeMounts:\n        - name: podinfo\n          mountPath: /etc/podinfo\n  volumes:\n    - name: podinfo\n      downwardAPI:\n        items:\n          - path: \"labels\"\n            fieldRef:\n              fieldPath: metadata.labels\n          - path: \"annotations\"\n            fieldRef:\n              fieldPath: metadata.annotations\n",
  },
  'pods/inject/dapi-volume-resources.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: kubernetes-downwardapi-volume-example-2\nspec:\n  containers:\n    - name: client-container\n      image: registry.k8s.io/busybox:1.27.2\n      command: [\"sh\", \"-c\"]\n      args:\n      - while true; do\n          echo -en '\\n';\n          if [[ -e /etc/podinfo/cpu_limit ]]; then\n            echo -en '\\n'; cat /etc/podinfo/cpu_limit; fi;\n          if [[ -e /etc/podinfo/cpu_request ]]; then\n            echo -en '\\n'; cat /etc/podinfo/cpu_request; fi;\n          if [[ -e /etc/podinfo/mem_limit ]]; then\n            echo -en '\\n'; cat /etc/podinfo/mem_limit; fi;\n          if [[ -e /etc/podinfo/mem_request ]]; then\n            echo -en '\\n'; cat /etc/podinfo/mem_request; fi;\n          sleep 5;\n        done;\n      resources:\n        requests:\n          memory: \"32Mi\"\n          cpu: \"125m\"\n        limits:\n          memory: \"64Mi\"\n          cpu: \"250m\"\n      volumeMounts:\n        - name: podinfo\n          mountPath: /etc/podinfo\n  volumes:\n    - name: podinfo\n      downwardAPI:\n        items:\n          - path: \"cpu_limit\"\n            resourceFieldRef:\n              containerName: client-container\n              resource: limits.cpu\n              divisor: 1m\n          - path: \"cpu_request\"\n            resourceFieldRef:\n              containerName: client-container\n              resource: requests.cpu\n              divisor: 1m\n          - path: \"mem_limit\"\n            resourceFieldRef:\n              containerName: client-container\n              resource: limits.memory\n              divisor: 1Mi\n          - path: \"mem_request\"\n            resourceFieldRef:\n              containerName: client-container\n              resource: requests.memory\n              divisor: 1Mi\n",
  },
  'pods/probe/exec-liveness.yaml': {
    commit: 'ef69442ee850a213a4a9304ae57fcbb26c73941d',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    test: liveness\n  name: liveness-exec\nspec:\n  containers:\n  - name: liveness\n    image: registry.k8s.io/busybox:1.27.2\n    args:\n    - /bin/sh\n    - -c\n    - touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600\n    livenessProbe:\n      exec:\n        command:\n        - cat\n        - /tmp/healthy\n      initialDelaySeconds: 5\n      periodSeconds: 5\n",
  },
  'pods/probe/http-liveness.yaml': {
    commit: '7fa07c2f8ddafdd363fb134e240e6d9710742e82',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    test: liveness\n  name: liveness-http\nspec:\n  containers:\n  - name: liveness\n    image: registry.k8s.io/e2e-test-images/agnhost:2.40\n    args:\n    - liveness\n    livenessProbe:\n      httpGet:\n        path: /healthz\n        port: 8080\n        httpHeaders:\n        - name: Custom-Header\n          value: Awesome\n      initialDelaySeconds: 3\n      periodSeconds: 3\n",
  },
  'pods/resource/memory-request-limit-2.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: memory-demo-2\n  namespace: mem-example\nspec:\n  containers:\n  - name: memory-demo-2-ctr\n    image: polinux/stress\n    resources:\n      requests:\n        memory: \"50Mi\"\n      limits:\n        memory: \"100Mi\"\n    command: [\"stress\"]\n    args: [\"--vm\", \"1\", \"--vm-bytes\", \"250M\", \"--vm-hang\", \"1\"]\n",
  },
  'pods/resource/memory-request-limit-3.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: memory-demo-3\n  namespace: mem-example\nspec:\n  containers:\n  - name: memory-demo-3-ctr\n    image: polinux/stress\n    resources:\n      requests:\n        memory: \"1000Gi\"\n      limits:\n        memory: \"1000Gi\"\n    command: [\"stress\"]\n    args: [\"--vm\", \"1\", \"--vm-bytes\", \"150M\", \"--vm-hang\", \"1\"]\n",
  },
  'pods/two-container-pod.yaml': {
    commit: '6ef03d7b2ee2ed72e19467509e800a35efe37a90',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: two-containers\nspec:\n\n  restartPolicy: Never\n\n  volumes:\n  - name: shared-data\n    emptyDir: {}\n\n  containers:\n\n  - name: nginx-container\n    image: nginx\n    volumeMounts:\n    - name: shared-data\n      mountPath: /usr/share/nginx/html\n\n  - name: debian-container\n    image: debian\n    volumeMounts:\n    - name: shared-data\n      mountPath: /pod-data\n    command: [\"/bin/sh\"]\n    args: [\"-c\", \"echo Hello from the debian container > /pod-data/index.html\"]\n",
  },
  'pods/storage/redis.yaml': {
    commit: '018c6fb12ee63747aa4aed8d4d9072e9ee8952f9',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: redis\nspec:\n  containers:\n  - name: redis\n    image: redis\n    volumeMounts:\n    - name: redis-storage\n      mountPath: /data/redis\n  volumes:\n  - name: redis-storage\n    emptyDir: {}\n",
  },
  'pods/security/security-context.yaml': {
    commit: '67b656909851abe82fde87bbe0e0a9cd3375e4f6',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: security-context-demo\nspec:\n  securityContext:\n    runAsUser: 1000\n    runAsGroup: 3000\n    fsGroup: 2000\n    supplementalGroups: [4000]\n  volumes:\n  - name: sec-ctx-vol\n    emptyDir: {}\n  containers:\n  - name: sec-ctx-demo\n    image: busybox:1.28\n    command: [ \"sh\", \"-c\", \"sleep 1h\" ]\n    volumeMounts:\n    - name: sec-ctx-vol\n      mountPath: /data/demo\n    securityContext:\n      allowPrivilegeEscalation: false\n",
  },
  'application/job/cronjob.yaml': {
    commit: 'd2a0eb5b6e8840bb4d99eb8651e38a3953e2d11e',
    restored: true,
    text: "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: hello\nspec:\n  schedule: \"* * * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: hello\n            image: busybox:1.28\n            imagePullPolicy: IfNotPresent\n            command:\n            - /bin/sh\n            - -c\n            - date; echo Hello from the Kubernetes cluster\n          restartPolicy: OnFailure\n",
  },
  'service/nginx-service.yaml': {
    commit: '464022b3d8abdbc86f066d000e3c8679ccff9527',
    restored: true,
    text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx-service\nspec:\n  ports:\n  - port: 8000 # the port that this service should serve on\n    # the container on each pod to connect to, can be a name\n    # (e.g. 'www') or a number (e.g. 80)\n    targetPort: 80\n    protocol: TCP\n  # just like the selector in the deployment,\n  # but this time it identifies the set of pods to load balance\n  # traffic to.\n  selector:\n    app: nginx\n",
  },
  'controllers/daemonset.yaml': {
    commit: '0a1ade967d8f93cf51cd3bebf2497e305eb6e452',
    restored: true,
    text: "apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: fluentd-elasticsearch\n  namespace: kube-system\n  labels:\n    k8s-app: fluentd-logging\nspec:\n  selector:\n    matchLabels:\n      name: fluentd-elasticsearch\n  template:\n    metadata:\n      labels:\n        name: fluentd-elasticsearch\n    spec:\n      tolerations:\n      # these tolerations are to have the daemonset runnable on control plane nodes\n      # remove them if your control plane nodes should not run pods\n      - key: node-role.kubernetes.io/control-plane\n        operator: Exists\n        effect: NoSchedule\n      - key: node-role.kubernetes.io/master\n        operator: Exists\n        effect: NoSchedule\n      containers:\n      - name: fluentd-elasticsearch\n        image: quay.io/fluentd_elasticsearch/fluentd:v5.0.1\n        resources:\n          limits:\n            memory: 200Mi\n          requests:\n            cpu: 100m\n            memory: 200Mi\n        volumeMounts:\n        - name: varlog\n          mountPath: /var/log\n      # it may be desirable to set a high priority class to ensure that a DaemonSet Pod\n      # preempts running Pods\n      # priorityClassName: important\n      terminationGracePeriodSeconds: 30\n      volumes:\n      - name: varlog\n        hostPath:\n          path: /var/log\n",
  },
  'application/web/web.yaml': {
    commit: '2de5c2a339c4adc95f0282fc237d04712e430e43',
    restored: true,
    text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\n  labels:\n    app: nginx\nspec:\n  ports:\n  - port: 80\n    name: web\n  clusterIP: None\n  selector:\n    app: nginx\n---\napiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  serviceName: \"nginx\"\n  replicas: 2\n  selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: registry.k8s.io/nginx-slim:0.21\n        ports:\n        - containerPort: 80\n          name: web\n        volumeMounts:\n        - name: www\n          mountPath: /usr/share/nginx/html\n  volumeClaimTemplates:\n  - metadata:\n      name: www\n    spec:\n      accessModes: [ \"ReadWriteOnce\" ]\n      resources:\n        requests:\n          storage: 1Gi\n\n",
  },
  'admin/resource/quota-mem-cpu.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: mem-cpu-demo\nspec:\n  hard:\n    requests.cpu: \"1\"\n    requests.memory: 1Gi\n    limits.cpu: \"2\"\n    limits.memory: 2Gi\n",
  },
  'admin/resource/quota-mem-cpu-pod.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: quota-mem-cpu-demo\nspec:\n  containers:\n  - name: quota-mem-cpu-demo-ctr\n    image: nginx\n    resources:\n      limits:\n        memory: \"800Mi\"\n        cpu: \"800m\"\n      requests:\n        memory: \"600Mi\"\n        cpu: \"400m\"\n",
  },
  'admin/resource/quota-mem-cpu-pod-2.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: quota-mem-cpu-demo-2\nspec:\n  containers:\n  - name: quota-mem-cpu-demo-2-ctr\n    image: redis\n    resources:\n      limits:\n        memory: \"1Gi\"\n        cpu: \"800m\"\n      requests:\n        memory: \"700Mi\"\n        cpu: \"400m\"\n",
  },
  'application/guestbook/redis-leader-deployment.yaml': {
    commit: 'b6a5c53f437ce75313927a396ea1a595d5992f85',
    restored: true,
    text: "# SOURCE: https://cloud.google.com/kubernetes-engine/docs/tutorials/guestbook\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: redis-leader\n  labels:\n    app: redis\n    role: leader\n    tier: backend\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: redis\n  template:\n    metadata:\n      labels:\n        app: redis\n        role: leader\n        tier: backend\n    spec:\n      containers:\n      - name: leader\n        image: \"registry.k8s.io/redis@sha256:cb111d1bd870a6a471385a4a69ad17469d326e9dd91e0e455350cacf36e1b3ee\"\n        resources:\n          requests:\n            cpu: 100m\n            memory: 100Mi\n        ports:\n        - containerPort: 6379\n",
  },
  'application/guestbook/redis-leader-service.yaml': {
    commit: '3389c10e6a8eb36cadbfe89cdb28acd00b020388',
    restored: true,
    text: "# SOURCE: https://cloud.google.com/kubernetes-engine/docs/tutorials/guestbook\napiVersion: v1\nkind: Service\nmetadata:\n  name: redis-leader\n  labels:\n    app: redis\n    role: leader\n    tier: backend\nspec:\n  ports:\n  - port: 6379\n    targetPort: 6379\n  selector:\n    app: redis\n    role: leader\n    tier: backend\n",
  },
  'application/guestbook/redis-follower-deployment.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "# SOURCE: https://cloud.google.com/kubernetes-engine/docs/tutorials/guestbook\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: redis-follower\n  labels:\n    app: redis\n    role: follower\n    tier: backend\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: redis\n  template:\n    metadata:\n      labels:\n        app: redis\n        role: follower\n        tier: backend\n    spec:\n      containers:\n      - name: follower\n        image: us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower:v2\n        resources:\n          requests:\n            cpu: 100m\n            memory: 100Mi\n        ports:\n        - containerPort: 6379\n",
  },
  'application/guestbook/redis-follower-service.yaml': {
    commit: '5712187312b318c7223635333cee02d5e22cf8ae',
    restored: true,
    text: "# SOURCE: https://cloud.google.com/kubernetes-engine/docs/tutorials/guestbook\napiVersion: v1\nkind: Service\nmetadata:\n  name: redis-follower\n  labels:\n    app: redis\n    role: follower\n    tier: backend\nspec:\n  ports:\n    # the port that this service should serve on\n  - port: 6379\n  selector:\n    app: redis\n    role: follower\n    tier: backend\n",
  },
  'application/guestbook/frontend-deployment.yaml': {
    commit: '10f68cba7c4b6a6f4f8caf638adbd61a94c3aea7',
    restored: true,
    text: "# SOURCE: https://cloud.google.com/kubernetes-engine/docs/tutorials/guestbook\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: frontend\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n        app: guestbook\n        tier: frontend\n  template:\n    metadata:\n      labels:\n        app: guestbook\n        tier: frontend\n    spec:\n      containers:\n      - name: php-redis\n        image: us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5\n        env:\n        - name: GET_HOSTS_FROM\n          value: \"dns\"\n        resources:\n          requests:\n            cpu: 100m\n            memory: 100Mi\n        ports:\n        - containerPort: 80\n",
  },
  'application/guestbook/frontend-service.yaml': {
    commit: '099ccc3f6249bbf309f43f6e850b2259e85a7b7b',
    restored: true,
    text: "# SOURCE: https://cloud.google.com/kubernetes-engine/docs/tutorials/guestbook\napiVersion: v1\nkind: Service\nmetadata:\n  name: frontend\n  labels:\n    app: guestbook\n    tier: frontend\nspec:\n  # if your cluster supports it, uncomment the following to automatically create\n  # an external load-balanced IP for the frontend service.\n  # type: LoadBalancer\n  #type: LoadBalancer\n  ports:\n    # the port that this service should serve on\n  - port: 80\n  selector:\n    app: guestbook\n    tier: frontend\n",
  },
};

/** Every file served: these, and each page group's own file (docs-examples-*.ts). */
export const ALL_DOCS_EXAMPLES: Readonly<Record<string, DocsExample>> = {
  ...DOCS_EXAMPLES,
  ...DOCS_EXAMPLES_TASKS,
  ...DOCS_EXAMPLES_WORDPRESS,
  ...DOCS_EXAMPLES_MYSQL,
  ...DOCS_EXAMPLES_SECURITY,
  ...DOCS_EXAMPLES_SERVICES,
  ...DOCS_EXAMPLES_JOBS,
  ...DOCS_EXAMPLES_POLICY,
  ...DOCS_EXAMPLES_ZOOKEEPER,
  ...DOCS_EXAMPLES_DEBUG,
  ...DOCS_EXAMPLES_PODS,
};

/** The file at `path` (under examples/), if the docs have it. */
export function docsExample(path: string): string | undefined {
  return Object.hasOwn(ALL_DOCS_EXAMPLES, path) ? ALL_DOCS_EXAMPLES[path]!.text : undefined;
}
