# kubectl's own wording for the mistakes a learner makes on day one.
# Global flags may come before a two-word command, as cobra finds the command path.
kubectl -n default create deployment web --image=nginx
kubectl create deployment web --image=nginx
kubectl create configmap settings --from-literal=mode=dev
kubectl create configmap settings --from-literal=mode=dev
kubectl get pods -o table
kubectl create deployment other --image=nginx -o table
kubectl get deployment other
kubectl logs nope
kubectl logs deployment/web -c app
kubectl get --raw /apis/apps/v1/namespaces/default/deployments/nope
kubectl get --raw /api/v1/namespaces/default/configmaps/settings
# v1.35+ prints KYAML too: every string quoted, braces and brackets, no significant whitespace.
kubectl get configmap settings -o kyaml
# A manifest that carries a stale metadata.resourceVersion is a 409 Conflict: apply retries
# against a fresh copy (five times, backing off 1 s after the first) and then gives up.
kubectl apply -f manifests/go-api.yaml
kubectl apply -f manifests/go-api-stale.yaml
kubectl get deployment go-api
kubectl drain node-1
kubectl drain node-1 --ignore-daemonsets
