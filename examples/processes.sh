# A container is just processes on the node. nginx's PID 1 is its master process (the title it
# writes over its argv), which forks one worker per CPU of the node (worker_processes auto) as
# user nginx; an exec's own shell is a process too, the parent of what it runs. The nginx image
# has no ps until procps is installed. BusyBox's ps prints PID USER TIME COMMAND and ignores
# BSD words such as aux. From the node (kubectl debug node/… with chroot /host) the same
# processes sit under containerd's shims, next to each Pod's /pause.
kubectl create deployment web --image=nginx:1.27
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Available deploy/web --timeout=2m
kubectl wait --for=condition=Ready pod/bb --timeout=1m
kubectl exec deploy/web -- ps aux
kubectl exec deploy/web -- sh -c 'apt-get update -qq && apt-get install -y -qq procps > /dev/null'
kubectl exec deploy/web -- ps aux
kubectl exec deploy/web -- sh -c 'ps -ef; echo'
kubectl exec deploy/web -- ps -C nginx -o pid,ppid,user,comm,args
kubectl exec bb -- ps
kubectl exec bb -- ps aux
kubectl exec bb -- sh -c 'ps -o pid,ppid,user,comm,args'
kubectl debug node/$(kubectl get pod -l app=web -o jsonpath='{.items[0].spec.nodeName}') --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod -l app.kubernetes.io/managed-by=kubectl-debug --timeout=1m
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- chroot /host ps aux
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- chroot /host ps -C nginx -o pid,ppid,user,args
# The control plane's static Pods are processes too: their flags are the manifests' (a common way
# to check what kube-apiserver actually runs with).
sim ssh control-plane -- 'ps -eo pid,ppid,user,args | grep [k]ube-scheduler'
