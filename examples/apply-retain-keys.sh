# Client-side apply of one-of fields the manifest never set: the Deployment's strategy and its
# volume were defaulted by the server (rollingUpdate, emptyDir). Switching to Recreate and to a
# configMap volume works because the patch carries $retainKeys (DeploymentSpec.strategy and
# PodSpec.volumes have the retainKeys patch strategy), so kube-apiserver drops the defaulted
# fields instead of keeping them beside the new choice.
kubectl apply -f manifests/retain-web.yaml
kubectl rollout status deployment/web --timeout=2m
kubectl get deployment web -o jsonpath='{.spec.strategy}{"\n"}{.spec.template.spec.volumes}{"\n"}'
kubectl create configmap web-content --from-literal=index.html=hello
kubectl apply -f manifests/retain-web-recreate.yaml
kubectl get deployment web -o jsonpath='{.spec.strategy}{"\n"}{.spec.template.spec.volumes}{"\n"}'
kubectl rollout status deployment/web --timeout=2m
kubectl apply -f manifests/retain-web-recreate.yaml
# Back to the default: the last-applied strategy is deleted and the server defaults it again.
kubectl apply -f manifests/retain-web.yaml
kubectl get deployment web -o jsonpath='{.spec.strategy}{"\n"}{.spec.template.spec.volumes}{"\n"}'
# Finalizers merge as a set: apply removes the one the manifest dropped
# ($deleteFromPrimitiveList) and adds the new one, keeping the manifest's order.
kubectl apply -f manifests/retain-settings.yaml
kubectl apply -f manifests/retain-settings-v2.yaml
kubectl get configmap settings -o jsonpath='{.metadata.finalizers}{"\n"}'
kubectl patch configmap settings -p '{"metadata":{"finalizers":[]}}'
kubectl patch configmap settings -p '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/audit"]}}'
kubectl get configmap settings -o jsonpath='{.metadata.finalizers}{"\n"}'
kubectl patch configmap settings -p '{"metadata":{"$retainKeys":["name"],"labels":{"tier":"web"}}}'
kubectl patch configmap settings --type=merge -p '{"metadata":{"finalizers":null}}'
kubectl delete configmap settings
