# kubernetes.io's StatefulSet task pages, followed on application/web/web.yaml (the StatefulSet
# Basics tutorial's nginx `web`, label app=nginx): "Scale a StatefulSet", "Debug a StatefulSet",
# "Force Delete StatefulSet Pods" and "Delete a StatefulSet".
kubectl apply -f https://k8s.io/examples/application/web/web.yaml
kubectl rollout status statefulset/web --timeout=2m
# Scale a StatefulSet: kubectl scale, then kubectl patch, each as the page writes it.
kubectl get statefulsets web
kubectl scale statefulsets web --replicas=3
kubectl rollout status statefulset/web --timeout=2m
kubectl get statefulsets web
kubectl patch statefulsets web -p '{"spec":{"replicas":2}}'
sim advance 30s
kubectl get statefulsets web
# Scaling down removes the highest ordinal; its claim stays.
kubectl get pods -l app=nginx
kubectl get pvc -l app=nginx
# Debug a StatefulSet: list its Pods by label; one stuck in Terminating or Unknown needs the
# force-deletion page. Power off the node under web-1: its kubelet can no longer confirm anything.
kubectl get pods -l app=nginx -o wide
sim fail node/node-1
sim advance 1m
kubectl get nodes
kubectl get pods -l app=nginx -o wide
# Graceful deletion only marks it: the name is not freed until the kubelet reports it gone.
kubectl delete pods web-1 --wait=false
sim advance 1m
kubectl get pods -l app=nginx -o wide
kubectl get statefulsets web
# Force deletion frees the name at once; the StatefulSet controller creates web-1 again. Its claim's
# volume is a local-path directory on the powered-off node (the PV's nodeAffinity), so the new web-1
# waits for that node: force deletion gives the name back, not the data.
kubectl delete pods web-1 --grace-period=0 --force
sim advance 20s
kubectl get pods -l app=nginx -o wide
kubectl describe pod web-1 | sed -n '/^Events:/,$p'
sim recover node/node-1
sim advance 1m
kubectl get pods -l app=nginx -o wide
# A Pod stuck with a finalizer: removing the finalizers lets the deletion finish.
kubectl patch pod web-0 -p '{"metadata":{"finalizers":["example.com/block"]}}'
kubectl delete pod web-0 --wait=false
sim advance 40s
kubectl get pod web-0
kubectl patch pod web-0 -p '{"metadata":{"finalizers":null}}'
sim advance 15s
kubectl get pods -l app=nginx
# Delete a StatefulSet: --cascade=orphan leaves the Pods behind; they go by label afterwards.
kubectl delete -f https://k8s.io/examples/application/web/web.yaml --cascade=orphan
kubectl get pods -l app=nginx
kubectl delete pods -l app=nginx
kubectl get pvc -l app=nginx
# Complete deletion: wait the Pods' grace period, then delete the claims (their volumes go with them:
# the standard class's reclaim policy is Delete).
kubectl apply -f https://k8s.io/examples/application/web/web.yaml
kubectl rollout status statefulset/web --timeout=2m
grace=$(kubectl get pods web-0 --template '{{.spec.terminationGracePeriodSeconds}}')
# web.yaml labels the Pods, not the StatefulSet: the page's label selector finds no StatefulSet here.
kubectl delete statefulset -l app=nginx
kubectl delete statefulset web
sleep $grace
kubectl get pods -l app=nginx
kubectl delete pvc -l app=nginx
kubectl get pv
