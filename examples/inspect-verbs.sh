# kubectl exec, events, explain, diff and config: the verbs a learner inspects a cluster with.
# The kubeconfig: kubeadm's admin context, and a context for the restricted user jane.
kubectl config current-context
kubectl config get-contexts
# exec goes kubectl -> kube-apiserver (pods/exec, RBAC create) -> kubelet -> container runtime.
kubectl run toolbox --image=busybox:1.36 -- sleep 3600
kubectl exec toolbox -- hostname
kubectl wait --for=condition=Ready pod/toolbox --timeout=1m
kubectl exec toolbox -- cat /etc/resolv.conf
sim trace --last 11
kubectl exec toolbox -- sh -c 'echo checking; exit 3'
kubectl exec toolbox -c sidecar -- ls
kubectl exec toolbox ls
kubectl exec -it toolbox -- sh
kubectl exec -i toolbox -- sh <<'EOF'
echo "from stdin on $(hostname)"
EOF
# Events, oldest first, with repeats folded into (xN over M).
kubectl run broken --image=nginx:1.27-doesnotexist
sim advance 45s
kubectl events --for pod/broken
kubectl events --types=Warning
kubectl events --types=Info
# The served schema: one GET of kube-apiserver's OpenAPI v3 document.
kubectl explain deployment.spec.strategy
kubectl explain service.spec.ports --recursive
kubectl explain pod.spec.nosuchfield
# diff: a server-side dry run of the apply, compared with the live object.
kubectl apply -f manifests/app-settings.yaml
kubectl diff -f manifests/app-settings.yaml
kubectl diff -f manifests/app-settings-v2.yaml
kubectl get configmap app-settings -o jsonpath='{.data.LOG_LEVEL}'
# use-context: every later command authenticates as jane, whom RBAC lets only read default.
kubectl config use-context jane
kubectl get pods
kubectl exec toolbox -- hostname
kubectl delete pod toolbox
kubectl config view --minify
kubectl config use-context kubernetes-admin@kubernetes
kubectl exec toolbox -- hostname
