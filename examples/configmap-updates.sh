# kubernetes.io's tutorial "Updating Configuration via a ConfigMap", applied by URL as the page does
# (src/k8s/docs-examples-tasks.ts). The page changes each ConfigMap with `kubectl edit`; a script has
# no editor, so `kubectl patch` makes the same change.
# 1. A configMap volume: the kubelet rewrites the files after its next sync, and the loop that
#    reads the file every 10 s prints the new value without a restart.
kubectl create configmap sport --from-literal=sport=football
kubectl apply -f https://k8s.io/examples/deployments/deployment-with-configmap-as-volume.yaml
kubectl rollout status deployment configmap-volume --timeout=2m
kubectl get pods --selector=app.kubernetes.io/name=configmap-volume
sleep 30
kubectl logs deployments/configmap-volume
kubectl patch configmap sport -p '{"data":{"sport":"cricket"}}'
sleep 90
kubectl logs deployments/configmap-volume --tail=10
kubectl delete deployment configmap-volume
# 2. An environment variable is set once, when the container starts: the edit shows only in
#    the Pods a rollout makes.
kubectl create configmap fruits --from-literal=fruits=apples
kubectl apply -f https://k8s.io/examples/deployments/deployment-with-configmap-as-envvar.yaml
kubectl rollout status deployment configmap-env-var --timeout=2m
kubectl patch configmap fruits -p '{"data":{"fruits":"mangoes"}}'
sleep 60
kubectl logs deployment/configmap-env-var --tail=3
kubectl rollout restart deployment configmap-env-var
kubectl rollout status deployment configmap-env-var --watch=true
sleep 40
kubectl get pods --selector=app.kubernetes.io/name=configmap-env-var
kubectl logs deployment/configmap-env-var --tail=3
kubectl delete deployment configmap-env-var
