# A StatefulSet (the upstream tutorial's web): Pods with stable names created one at a time, each
# waiting for the one before it to be Running and Ready; a claim per Pod from its volumeClaimTemplate;
# DNS names under the headless Service; scale down from the highest ordinal with the claims kept
# for scale-up; a rolling update from the highest ordinal down, held by a partition; undo.
kubectl apply -f manifests/statefulset-web.yaml
kubectl get pods -w -l app=nginx --request-timeout=25s
kubectl get statefulset web -o wide
kubectl get pvc
kubectl get pods -l app=nginx -L apps.kubernetes.io/pod-index,controller-revision-hash
kubectl get pod web-0 -o jsonpath='{.spec.hostname}.{.spec.subdomain} {.spec.volumes[0].persistentVolumeClaim.claimName}{"\n"}'
# BusyBox 1.28's nslookup goes through libc, so `web-0.nginx` gets the search list.
kubectl run dns --image=busybox:1.28 --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/dns --timeout=1m
kubectl exec dns -- nslookup web-0.nginx
kubectl exec dns -- nslookup nginx
kubectl describe statefulset web
kubectl get controllerrevisions
# Scale down: the highest ordinal goes first; the claims stay (Retain) and come back on scale-up.
kubectl scale statefulset web --replicas=1
kubectl get pods -w -l app=nginx --request-timeout=20s
kubectl get pvc
kubectl scale statefulset web --replicas=3
kubectl rollout status statefulset/web --timeout=2m
kubectl get pods -l app=nginx -o wide
# A partition keeps ordinals below it on the old template: only web-2 is updated.
kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":2}}}}'
kubectl set image statefulset/web nginx=nginx:1.28
kubectl rollout status statefulset/web --timeout=2m
kubectl get pods -l app=nginx -L controller-revision-hash
kubectl get pods -l app=nginx -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.containers[0].image}{"\n"}{end}'
# Lowering the partition to 0 rolls the rest, highest ordinal first.
kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":0}}}}'
kubectl rollout status statefulset/web --timeout=3m
kubectl rollout history statefulset/web
kubectl rollout undo statefulset/web
kubectl rollout status statefulset/web --timeout=3m
kubectl get statefulset web -o jsonpath='{.status.currentRevision} {.status.updateRevision} {.status.updatedReplicas}{"\n"}'
kubectl get events --field-selector involvedObject.kind=StatefulSet
# Only replicas, ordinals, template, updateStrategy, revisionHistoryLimit, the claim retention
# policy and minReadySeconds may change.
kubectl patch statefulset web -p '{"spec":{"serviceName":"other"}}'
# Deleted with --cascade=orphan, the set leaves its Pods; a new one with the same name adopts them.
kubectl delete statefulset web --cascade=orphan
kubectl get pods -l app=nginx -o custom-columns=NAME:.metadata.name,OWNER:.metadata.ownerReferences[0].kind
kubectl apply -f manifests/statefulset-web.yaml
sleep 2s
kubectl get pods -l app=nginx -o custom-columns=NAME:.metadata.name,OWNER:.metadata.ownerReferences[0].kind
kubectl delete statefulset web
kubectl get pods,pvc -l app=nginx
