# A LimitRange fills in what containers leave out and bounds what they ask for; a ResourceQuota
# caps what a whole namespace may use, and the apiserver refuses the object that would break it.
kubectl create namespace team-a
kubectl apply -f manifests/quota-limits.yaml
kubectl get limitrange -n team-a
kubectl describe limitrange defaults -n team-a
kubectl create quota compute --hard=pods=4,requests.cpu=1,requests.memory=1Gi,limits.cpu=2,limits.memory=1Gi,count/deployments.apps=1 -n team-a --dry-run=client -o yaml
kubectl create quota compute --hard=pods=4,requests.cpu=1,requests.memory=1Gi,limits.cpu=2,limits.memory=1Gi,count/deployments.apps=1 -n team-a
kubectl get quota -n team-a
# A container without resources gets the LimitRange's defaults, and the Pod says who set them.
kubectl run probe --image=nginx -n team-a
kubectl get pod probe -n team-a -o jsonpath='{.metadata.annotations}{"\n"}{.spec.containers[0].resources}{"\n"}'
kubectl get quota -n team-a
# Over the LimitRange's max, or its limit/request ratio: refused before the quota is asked.
kubectl apply -f manifests/quota-greedy.yaml
# A Deployment scaled past the quota: the ReplicaSet controller's creates are Forbidden.
kubectl create deployment web --image=nginx --replicas=2 -n team-a
sim advance 10s
kubectl describe quota compute -n team-a
kubectl scale deployment web --replicas=5 -n team-a
sim advance 10s
kubectl get deployment web -n team-a
kubectl get pods -n team-a
kubectl get events -n team-a --field-selector reason=FailedCreate -o jsonpath='{.items[0].message}{"\n"}'
kubectl get rs -n team-a
kubectl describe quota compute -n team-a
kubectl get deployment web -n team-a -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\n"}{end}'
# Object counts: one Deployment is all this namespace may have.
kubectl create deployment api --image=nginx -n team-a
# Deleting a Pod gives its share back: the quota controller recounts on the delete.
kubectl delete pod probe -n team-a
sim advance 5s
kubectl get quota -n team-a
kubectl get pods -n team-a
# Without the LimitRange's defaults, a quota on cpu and memory needs every container to name them.
kubectl delete limitrange defaults -n team-a
kubectl run bare --image=nginx -n team-a
kubectl describe namespace team-a
