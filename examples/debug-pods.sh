# kubernetes.io's "Debug Pods" and "Debug Running Pods", followed as written (their Deployment is
# application/nginx-with-request.yaml, src/k8s/docs-examples-debug.ts). The pages' interactive
# sessions (`kubectl exec -it`, `kubectl debug -it`) attach a terminal; here each runs a command.
kubectl apply -f https://k8s.io/examples/application/nginx-with-request.yaml
sim advance 13s
kubectl get pods
kubectl describe pod $(kubectl get pods -o jsonpath='{.items[0].metadata.name}')
kubectl get pod $(kubectl get pods -o jsonpath='{.items[0].metadata.name}') -o yaml | sed -n '/^spec:/,/terminationMessagePolicy/p'
# Debugging Pending Pods: five replicas asking for 3 CPUs each, on workers with 4: one fits per node.
curl -sL https://k8s.io/examples/application/nginx-with-request.yaml | sed -e 's/replicas: 2/replicas: 5/' -e 's/500m/3/' | kubectl apply -f -
sim advance 20s
kubectl get pods
kubectl describe pod $(kubectl get pods --field-selector=status.phase=Pending -o jsonpath='{.items[0].metadata.name}') | sed -n '/^Events:/,$p'
kubectl get events --field-selector reason=FailedScheduling
# Three replicas or fewer fit; leaving the Pending ones would be harmless too.
kubectl scale deployment nginx-deployment --replicas=3
sim advance 5s
kubectl get pods
kubectl delete deployment nginx-deployment
# "You are using hostPort": one such Pod per node.
kubectl create deployment hp --image=nginx --replicas=4 --port=80 --dry-run=client -o yaml | sed 's/- containerPort: 80/- containerPort: 80\n          hostPort: 8080/' | kubectl apply -f -
sim advance 20s
kubectl get pods -l app=hp -o wide
kubectl describe pod $(kubectl get pods -l app=hp --field-selector=status.phase=Pending -o jsonpath='{.items[0].metadata.name}') | sed -n '/^Events:/,$p'
kubectl delete deployment hp
# My pod stays waiting: the image's name is wrong.
kubectl run nginx-typo --image=ngnix
sim advance 30s
kubectl get pod nginx-typo
kubectl describe pod nginx-typo | sed -n '/State:/,/Reason:/p;/^Events:/,$p'
kubectl delete pod nginx-typo
# My pod is running but not doing what I told it to do: `commnd` is no field of a container.
kubectl apply --validate -f manifests/debug-mypod.yaml
kubectl apply --validate=false -f manifests/debug-mypod.yaml
kubectl get pods/mypod -o yaml > mypod-on-apiserver.yaml
kubectl get pod mypod -o jsonpath='{.spec.containers[0].command}{"|"}{.spec.containers[0].args}{"\n"}'
kubectl delete pod mypod
# Debugging Services: the endpoints, and the Pods a selector matches.
kubectl get endpoints nosuch
kubectl get pods --selector=name=nginx,type=frontend
# Examining pod logs, the previous instance's too.
kubectl run --image=busybox:1.28 myapp -- sh -c 'echo starting; echo giving up >&2; false'
sim advance 30s
kubectl logs myapp myapp
kubectl logs --previous myapp myapp
kubectl describe pod myapp | sed -n '/^Containers:/,/Exit Code/p'
# Debugging using a copy of the Pod while changing its command.
kubectl debug myapp --copy-to=myapp-debug --container=myapp -- sleep 1d
sim advance 5s
kubectl get pod myapp-debug -o jsonpath='{.spec.containers[0].command}{"\n"}'
kubectl exec myapp-debug -- sh -c 'echo starting; false; echo exit $?'
kubectl delete pod myapp myapp-debug
# Ephemeral containers: pause has no shell; kubectl debug adds one beside it.
kubectl run ephemeral-demo --image=registry.k8s.io/pause:3.1 --restart=Never
kubectl wait --for=condition=Ready pod/ephemeral-demo
kubectl exec ephemeral-demo -- sh
kubectl debug ephemeral-demo --image=busybox:1.28 --target=ephemeral-demo -- sleep 1d
sim advance 5s
kubectl describe pod ephemeral-demo | sed -n '/^Ephemeral Containers:/,/Mounts/p'
kubectl exec ephemeral-demo -c $(kubectl get pod ephemeral-demo -o jsonpath='{.spec.ephemeralContainers[0].name}') -- ps
kubectl delete pod ephemeral-demo
# A copy with a new container sharing the process namespace, then a copy with its image changed.
kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
kubectl debug myapp --image=ubuntu --share-processes --copy-to=myapp-debug -- sleep 1d
sim advance 10s
kubectl get pod myapp-debug -o jsonpath='{.spec.shareProcessNamespace} {.spec.containers[*].name}{"\n"}'
kubectl exec myapp-debug -c $(kubectl get pod myapp-debug -o jsonpath='{.spec.containers[1].name}') -- ps -e
kubectl delete pod myapp-debug
kubectl debug myapp --copy-to=myapp-debug --set-image=*=ubuntu
sim advance 10s
kubectl get pod myapp-debug -o jsonpath='{.spec.containers[0].image}{"\n"}'
kubectl delete pod myapp-debug
# Debugging profiles: sysadmin makes the ephemeral container privileged.
# The page types `grep Cap /proc/$$/status` into the attached shell. In command and args the kubelet
# reads $$ as an escaped $ (as it reads $(VAR) as a variable), so a script there writes $$$$.
kubectl debug myapp --image=busybox:1.28 --target=myapp --profile=sysadmin -- sh -c 'grep Cap /proc/$$$$/status; sleep 1d'
sim advance 5s
kubectl logs myapp -c $(kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].name}')
kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].securityContext}'
kubectl delete pod myapp
