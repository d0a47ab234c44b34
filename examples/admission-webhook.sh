# A validating admission webhook whose backend is down blocks every write it matches
# (failurePolicy: Fail) — its own backend's Pods included. Deleting the configuration lets the
# backend start; agnhost's webhook server then judges each Pod over TLS, and a mutating
# webhook's JSONPatch labels a ConfigMap.
kubectl apply -f manifests/webhook-deny-pods.yaml
kubectl get validatingwebhookconfigurations
kubectl run nginx --image=nginx
kubectl apply -f manifests/webhook-backend.yaml
sim advance 5s
kubectl get deployment webhook
kubectl get events --field-selector reason=FailedCreate
kubectl delete validatingwebhookconfiguration pod-policy
sim advance 20s
kubectl get pods
kubectl apply -f manifests/webhook-deny-pods.yaml
kubectl run nginx --image=nginx
kubectl run bad --image=nginx --labels=webhook-e2e-test=webhook-disallow
kubectl apply -f manifests/webhook-add-label.yaml
kubectl create configmap settings --from-literal=a=b
kubectl get configmap settings --show-labels
kubectl scale deployment webhook --replicas=0
sim advance 5s
kubectl run other --image=nginx
