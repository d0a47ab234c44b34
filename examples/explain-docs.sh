# kubectl explain: the schema kube-apiserver serves (OpenAPI v3), with Kubernetes' own field
# descriptions, enum values and required markers, rendered as kubectl v1.36's plaintext template.
kubectl explain pod
kubectl explain pod.spec.containers.image
kubectl explain pod.spec.containers.imagePullPolicy
kubectl explain deployment.spec.strategy --recursive
kubectl explain deploy.spec.strategy.rollingUpdate.maxSurge
# Kinds served this session: batch, RBAC, scheduling.
kubectl explain cronjob.spec.concurrencyPolicy
kubectl explain clusterrolebinding.roleRef
kubectl explain priorityclass.value
# --api-version picks the group version whose document is read.
kubectl explain deploy.spec.paused --api-version=apps/v1
kubectl explain deploy --api-version=v1
# Errors: an unknown field (after the header), an unknown resource type.
kubectl explain pod.spec.containers.nosuchfield
kubectl explain foo
