/**
 * The strategic-merge patch keys of the list fields this simulator serves (the `patchMergeKey`
 * tags in k8s.io/api's types.go): kube-apiserver's patch handler and kubectl's three-way apply
 * patch must agree on them, so there is one table.
 */
export const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  volumes: 'name',
  env: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  conditions: 'type',
};
