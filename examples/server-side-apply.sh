# Server-side apply: kube-apiserver merges each manager's apply configuration and records who
# owns which field in metadata.managedFields.
kubectl apply --server-side -f manifests/ssa-web.yaml
kubectl apply --server-side -f manifests/ssa-web.yaml
# A second manager that sets fields kubectl owns with other values: a 409 Conflict.
kubectl apply --server-side --field-manager=ci -f manifests/ssa-web-ci.yaml
# --force-conflicts takes the fields over.
kubectl apply --server-side --field-manager=ci --force-conflicts -f manifests/ssa-web-ci.yaml
kubectl get deployment web -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}{"\n"}'
kubectl get deployment web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation}{"\n"}{end}'
# kubectl's own manifest now conflicts with ci on the fields ci took.
kubectl apply --server-side -f manifests/ssa-web.yaml
# A server-side dry run changes nothing.
kubectl apply --server-side --field-manager=ci --force-conflicts --dry-run=server -f manifests/ssa-web.yaml
kubectl get deployment web -o jsonpath='{.spec.replicas}{"\n"}'
# kubectl's own checks of the flags.
kubectl apply --server-side --dry-run=client -f manifests/ssa-web.yaml
kubectl apply --force-conflicts -f manifests/ssa-web.yaml
