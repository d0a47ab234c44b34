# Server-side apply's Update managers: every other write records its field manager too, and an
# apply that changes a field someone else wrote conflicts with that writer.
kubectl apply --server-side -f manifests/ssa-web.yaml
# kubectl scale PATCHes the scale subresource without a fieldManager, so the manager is its user
# agent's prefix, kubectl, with operation Update: it now owns .spec.replicas.
kubectl scale deployment web --replicas=5
kubectl get deployment web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation} {.apiVersion} {.subresource}{"\n"}{end}'
# Re-applying the manifest (replicas: 2) conflicts with the Update manager.
kubectl apply --server-side -f manifests/ssa-web.yaml
# kubectl label names its manager, kubectl-label; --force-conflicts takes .spec.replicas back.
kubectl label deployment web tier=frontend
kubectl apply --server-side --force-conflicts -f manifests/ssa-web.yaml
kubectl get deployment web -o jsonpath='{.spec.replicas}{"\n"}'
kubectl get deployment web -o yaml --show-managed-fields | grep -E 'manager:|operation:|subresource:|f:replicas:|f:tier:'
# An apply onto an object nobody applied before finds its fields owned by before-first-apply.
kubectl create configmap settings --from-literal=mode=dev
kubectl apply --server-side -f manifests/ssa-settings.yaml
