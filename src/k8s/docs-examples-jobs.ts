/**
 * kubernetes.io's example manifests for the Job task pages, the sidecar pages and the termination
 * tutorial (served beside docs-examples.ts's, through its docsExample lookup):
 * - tasks/job/indexed-parallel-processing-static: application/job/indexed-job.yaml, indexed-job-vol.yaml;
 * - tasks/job/parallel-processing-expansion: application/job/job-tmpl.yaml (fetched with `curl -L -s -O`);
 * - tasks/job/pod-failure-policy: controllers/job-pod-failure-policy-failjob.yaml, -ignore.yaml,
 *   -config-issue.yaml and job-backoff-limit-per-index-failindex.yaml;
 * - tasks/inject-data-application/define-interdependent-environment-variables: pods/inject/dependent-envars.yaml;
 * - concepts/workloads/pods/sidecar-containers: application/deployment-sidecar.yaml, application/job/job-sidecar.yaml;
 * - tutorials/services/pods-and-endpoint-termination-flow: service/pod-with-graceful-termination.yaml,
 *   service/explore-graceful-termination-nginx.yaml.
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * Verbatim at that commit: job-pod-failure-policy-ignore.yaml, job-backoff-limit-per-index-failindex.yaml,
 * deployment-sidecar.yaml and explore-graceful-termination-nginx.yaml (the last two with no last newline).
 * `restored` marks files whose stored versions are not main's; their text is the page's as published
 * for release-1.34 (copies of the pages; the code samples are the files' text), with the repo's last
 * newline where the stored versions have one:
 * - indexed-job.yaml, indexed-job-vol.yaml, job-pod-failure-policy-failjob.yaml: stored only as a
 *   branch's JSON rewrite (`---` then `{ apiVersion: "batch/v1", … }`), the same mapping value for value;
 * - job-tmpl.yaml: its zh-cn copy (content/zh-cn/examples/…, the commit given), the page's bytes;
 * - job-pod-failure-policy-config-issue.yaml: the stored commit adds `status: "True"` under
 *   onPodConditions (as its sibling -ignore.yaml's, there indented with a tab, which no YAML parser
 *   reads); the page's rule names the type alone (status defaults to "True");
 * - dependent-envars.yaml: the stored commit has `busybox` and `$(PROTOCOL)` unescaped in
 *   ESCAPED_REFERENCE; the page's are busybox:1.28 and `$$(PROTOCOL)`, which its log output shows;
 * - job-sidecar.yaml: the stored commit adds a `# Setting restartPolicy: Always makes this a sidecar
 *   container.` comment the page does not show (it came with the open PR #53389 that also relabels
 *   deployment-sidecar.yaml); no last newline, as stored;
 * - pod-with-graceful-termination.yaml: the stored commit is PR #53389's (`app.kubernetes.io/name`
 *   labels); main's `app: nginx` is back, as explore-graceful-termination-nginx.yaml's selector needs.
 * Not served: the "Adopting Sidecar Containers" tutorial names no example file.
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file, for the pages named in the header. */
export const DOCS_EXAMPLES_JOBS: Readonly<Record<string, DocsExample>> = {
  'application/job/indexed-job.yaml': {
    commit: '81dca134e217806c3f4f0dff1365514bce01829c',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: 'indexed-job'\nspec:\n  completions: 5\n  parallelism: 3\n  completionMode: Indexed\n  template:\n    spec:\n      restartPolicy: Never\n      initContainers:\n      - name: 'input'\n        image: 'docker.io/library/bash'\n        command:\n        - \"bash\"\n        - \"-c\"\n        - |\n          items=(foo bar baz qux xyz)\n          echo ${items[$JOB_COMPLETION_INDEX]} > /input/data.txt\n        volumeMounts:\n        - mountPath: /input\n          name: input\n      containers:\n      - name: 'worker'\n        image: 'docker.io/library/busybox'\n        command:\n        - \"rev\"\n        - \"/input/data.txt\"\n        volumeMounts:\n        - mountPath: /input\n          name: input\n      volumes:\n      - name: input\n        emptyDir: {}\n",
  },
  'application/job/indexed-job-vol.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: 'indexed-job'\nspec:\n  completions: 5\n  parallelism: 3\n  completionMode: Indexed\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: 'worker'\n        image: 'docker.io/library/busybox'\n        command:\n        - \"rev\"\n        - \"/input/data.txt\"\n        volumeMounts:\n        - mountPath: /input\n          name: input\n      volumes:\n      - name: input\n        downwardAPI:\n          items:\n          - path: \"data.txt\"\n            fieldRef:\n              fieldPath: metadata.annotations['batch.kubernetes.io/job-completion-index']\n",
  },
  'application/job/job-tmpl.yaml': {
    commit: '7d84112828551feea81e161acf1e8907fca931ca',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: process-item-$ITEM\n  labels:\n    jobgroup: jobexample\nspec:\n  template:\n    metadata:\n      name: jobexample\n      labels:\n        jobgroup: jobexample\n    spec:\n      containers:\n      - name: c\n        image: busybox:1.28\n        command: [\"sh\", \"-c\", \"echo Processing item $ITEM && sleep 5\"]\n      restartPolicy: Never\n",
  },
  'controllers/job-pod-failure-policy-failjob.yaml': {
    commit: '7a090ad7363dc8f01a2304c43a0fa3d27b25b540',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job-pod-failure-policy-failjob\nspec:\n  completions: 8\n  parallelism: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: docker.io/library/bash:5\n        command: [\"bash\"]\n        args:\n        - -c\n        - echo \"Hello world! I'm going to exit with 42 to simulate a software bug.\" && sleep 30 && exit 42\n  backoffLimit: 6\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        containerName: main\n        operator: In\n        values: [42]\n",
  },
  'controllers/job-pod-failure-policy-ignore.yaml': {
    commit: '2dc42ff326a5240aff67a8399c10d46c64993598',
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job-pod-failure-policy-ignore\nspec:\n  completions: 4\n  parallelism: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: docker.io/library/bash:5\n        command: [\"bash\"]\n        args:\n        - -c\n        - echo \"Hello world! I'm going to exit with 0 (success).\" && sleep 90 && exit 0\n  backoffLimit: 0\n  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n",
  },
  'controllers/job-pod-failure-policy-config-issue.yaml': {
    commit: '05599a6097d089df3d38db5f33593a039d7a701b',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job-pod-failure-policy-config-issue\nspec:\n  completions: 8\n  parallelism: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: \"non-existing-repo/non-existing-image:example\"\n  backoffLimit: 6\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onPodConditions:\n      - type: ConfigIssue\n",
  },
  'controllers/job-backoff-limit-per-index-failindex.yaml': {
    commit: '048a0f5992fbd46491a82400d48865a291fc9598',
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job-backoff-limit-per-index-failindex\nspec:\n  completions: 4\n  parallelism: 2\n  completionMode: Indexed\n  backoffLimitPerIndex: 1\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: docker.io/library/python:3\n        command:\n          # The script:\n          # - fails the Pod with index 0 with exit code 1, which results in one retry;\n          # - fails the Pod with index 1 with exit code 42 which results\n          #   in failing the index without retry.\n          # - succeeds Pods with any other index.\n          - python3\n          - -c\n          - |\n            import os, sys\n            index = int(os.environ.get(\"JOB_COMPLETION_INDEX\"))\n            if index == 0:\n              sys.exit(1)\n            elif index == 1:\n              sys.exit(42)\n            else:\n              sys.exit(0)\n  backoffLimit: 6\n  podFailurePolicy:\n    rules:\n    - action: FailIndex\n      onExitCodes:\n        containerName: main\n        operator: In\n        values: [42]\n",
  },
  'pods/inject/dependent-envars.yaml': {
    commit: 'e76de95800c5734e6bea1076c9f89b37b4b1a539',
    restored: true,
    text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: dependent-envars-demo\nspec:\n  containers:\n    - name: dependent-envars-demo\n      args:\n        - while true; do echo -en '\\n'; printf UNCHANGED_REFERENCE=$UNCHANGED_REFERENCE'\\n'; printf SERVICE_ADDRESS=$SERVICE_ADDRESS'\\n';printf ESCAPED_REFERENCE=$ESCAPED_REFERENCE'\\n'; sleep 30; done;\n      command:\n        - sh\n        - -c\n      image: busybox:1.28\n      env:\n        - name: SERVICE_PORT\n          value: \"80\"\n        - name: SERVICE_IP\n          value: \"172.17.0.1\"\n        - name: UNCHANGED_REFERENCE\n          value: \"$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)\"\n        - name: PROTOCOL\n          value: \"https\"\n        - name: SERVICE_ADDRESS\n          value: \"$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)\"\n        - name: ESCAPED_REFERENCE\n          value: \"$$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)\"\n",
  },
  'application/deployment-sidecar.yaml': {
    commit: '778d6a0b242ce4c6dc90b083967155951d427aeb',
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: myapp\n  labels:\n    app: myapp\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: myapp\n  template:\n    metadata:\n      labels:\n        app: myapp\n    spec:\n      containers:\n        - name: myapp\n          image: alpine:latest\n          command: ['sh', '-c', 'while true; do echo \"logging\" >> /opt/logs.txt; sleep 1; done']\n          volumeMounts:\n            - name: data\n              mountPath: /opt\n      initContainers:\n        - name: logshipper\n          image: alpine:latest\n          restartPolicy: Always\n          command: ['sh', '-c', 'tail -F /opt/logs.txt']\n          volumeMounts:\n            - name: data\n              mountPath: /opt\n      volumes:\n        - name: data\n          emptyDir: {}",
  },
  'application/job/job-sidecar.yaml': {
    commit: '0ad55a1d7af988509e59bf13df6e4f0c663ddd40',
    restored: true,
    text: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: myjob\nspec:\n  template:\n    spec:\n      containers:\n        - name: myjob\n          image: alpine:latest\n          command: ['sh', '-c', 'echo \"logging\" > /opt/logs.txt']\n          volumeMounts:\n            - name: data\n              mountPath: /opt\n      initContainers:\n        - name: logshipper\n          image: alpine:latest\n          restartPolicy: Always\n          command: ['sh', '-c', 'tail -F /opt/logs.txt']\n          volumeMounts:\n            - name: data\n              mountPath: /opt\n      restartPolicy: Never\n      volumes:\n        - name: data\n          emptyDir: {}",
  },
  'service/pod-with-graceful-termination.yaml': {
    commit: 'b6a5c53f437ce75313927a396ea1a595d5992f85',
    restored: true,
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\n  labels:\n    app: nginx\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      terminationGracePeriodSeconds: 120 # extra long grace period\n      containers:\n      - name: nginx\n        image: nginx:latest\n        ports:\n        - containerPort: 80\n        lifecycle:\n          preStop:\n            exec:\n              # Real life termination may take any time up to terminationGracePeriodSeconds.\n              # In this example - just hang around for at least the duration of terminationGracePeriodSeconds,\n              # at 120 seconds container will be forcibly terminated.\n              # Note, all this time nginx will keep processing requests.\n              command: [\n                \"/bin/sh\", \"-c\", \"sleep 180\"\n              ]\n",
  },
  'service/explore-graceful-termination-nginx.yaml': {
    commit: 'eb584d2bfea1ef45b8329e07d42d34f7c318dca0',
    text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx-service\nspec:\n  selector:\n    app: nginx\n  ports:\n    - protocol: TCP\n      port: 80\n      targetPort: 80",
  },
};
