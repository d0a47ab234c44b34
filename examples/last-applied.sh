# Declarative management: kubectl apply keeps what it applied in the
# kubectl.kubernetes.io/last-applied-configuration annotation and merges the next apply three
# ways — that annotation, the file, the live object. `kubectl apply view-last-applied` shows it.
kubectl apply -f manifests/last-applied-web.yaml
kubectl apply view-last-applied deployment/web
# kubectl scale changes the live object, not the annotation, so the next apply of the same file
# puts the file's replicas back.
kubectl scale deployment web --replicas=5
kubectl apply view-last-applied deployment/web -o json
kubectl apply -f manifests/last-applied-web.yaml
kubectl get deployment web -o jsonpath='{.spec.replicas}{"\n"}'
# set-last-applied records a file as applied without applying it: the annotation now says
# nginx:1.28 while the Pods still run nginx:1.27; a second run has nothing to change.
kubectl apply set-last-applied -f manifests/last-applied-web-v2.yaml
kubectl apply view-last-applied deployment/web
kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
kubectl apply set-last-applied -f manifests/last-applied-web-v2.yaml
# An object made imperatively has no annotation: view prints nothing for it, and set-last-applied
# creates one only when asked.
kubectl create configmap settings --from-literal=mode=dev
kubectl apply view-last-applied configmap/settings
kubectl apply set-last-applied -f manifests/last-applied-settings.yaml
kubectl apply set-last-applied -f manifests/last-applied-settings.yaml --create-annotation
kubectl apply view-last-applied configmap/settings
