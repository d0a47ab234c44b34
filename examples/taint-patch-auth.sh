# Taints: NoSchedule keeps new Pods off a node, NoExecute makes the taint eviction controller
# delete the Pods already there that do not tolerate it.
kubectl taint nodes node-1 dedicated=gpu:NoSchedule
kubectl taint nodes node-1 dedicated=db:NoSchedule
kubectl taint nodes node-1 dedicated=db:NoSchedule --overwrite
kubectl taint nodes node-1 dedicated=gpu:Sometimes
kubectl create deployment web --image=nginx --replicas=3
sleep 20s
kubectl get pods -o wide
kubectl taint nodes node-2 maintenance:NoExecute
sleep 10s
kubectl get pods -o wide
kubectl taint nodes node-1 dedicated-
kubectl taint nodes node-2 maintenance:NoExecute-
kubectl taint nodes node-2 maintenance-
# patch: strategic (default), merge and JSON patch.
kubectl patch deployment web -p '{"spec":{"replicas":2}}'
kubectl patch deployment web -p '{"spec":{"replicas":2}}'
kubectl patch deployment web --type merge -p '{"metadata":{"labels":{"tier":"frontend"}}}'
kubectl patch deployment web --type json -p '[{"op":"replace","path":"/spec/replicas","value":1}]'
kubectl patch deployment web --type json -p '[{"op":"test","path":"/spec/replicas","value":5}]'
kubectl patch deployment web --type json -p '{"op":"remove"}'
kubectl patch deployment web --type yaml -p '{}'
# replace: a PUT of the file as written; --force deletes and creates.
kubectl replace -f manifests/replace-web.yaml
kubectl replace --force -f manifests/replace-web.yaml
# auth: the apiserver answers through SelfSubject*Review objects, RBAC deciding.
kubectl auth can-i delete nodes
kubectl auth can-i delete nodes --as=jane
kubectl auth can-i list pods --as=jane
kubectl auth can-i list pods -n kube-system --as=jane
kubectl auth can-i get pods/log --as=jane
kubectl auth can-i --list --as=jane
kubectl auth whoami
kubectl auth whoami --as=jane
# Not modelled: it says so in one line.
kubectl top nodes
