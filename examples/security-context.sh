# Configure a Security Context for a Pod or Container, applied by URL as the page says. The page's
# `kubectl exec -it … -- sh` session is run here one line at a time (this runner has no terminal).
kubectl apply -f https://k8s.io/examples/pods/security/security-context.yaml
kubectl wait --for=condition=Ready pod/security-context-demo --timeout=1m
kubectl get pod security-context-demo
# runAsUser 1000 for every process; fsGroup 2000 owns the volume and what is written in it.
kubectl exec security-context-demo -- ps
kubectl exec security-context-demo -- ls -l /data
kubectl exec security-context-demo -- sh -c 'cd /data/demo && echo hello > testfile && ls -l'
kubectl exec security-context-demo -- id
# The container's runAsUser (2000) overrides the Pod's (1000).
kubectl apply -f https://k8s.io/examples/pods/security/security-context-2.yaml
kubectl wait --for=condition=Ready pod/security-context-demo-2 --timeout=1m
kubectl exec security-context-demo-2 -- ps aux
# Capabilities: containerd's default set, then NET_ADMIN (bit 12) and SYS_TIME (bit 25) added.
kubectl apply -f https://k8s.io/examples/pods/security/security-context-3.yaml
kubectl wait --for=condition=Ready pod/security-context-demo-3 --timeout=1m
kubectl exec security-context-demo-3 -- ps aux
kubectl exec security-context-demo-3 -- sh -c 'cd /proc/1 && cat status' | grep Cap
kubectl apply -f https://k8s.io/examples/pods/security/security-context-4.yaml
kubectl wait --for=condition=Ready pod/security-context-demo-4 --timeout=1m
kubectl exec security-context-demo-4 -- sh -c 'cd /proc/1 && cat status' | grep Cap
# A process that is not root keeps only the bounding set; allowPrivilegeEscalation: false is no_new_privs.
kubectl exec security-context-demo -- grep -E '^(Uid|Gid|Groups|CapEff|CapBnd|NoNewPrivs|Seccomp):' /proc/1/status
kubectl delete pod security-context-demo
# Implicit group memberships: agnhost's /etc/group puts uid 1000 in group 50000.
kubectl apply -f https://k8s.io/examples/pods/security/security-context-5.yaml
kubectl wait --for=condition=Ready pod/security-context-demo --timeout=1m
kubectl exec security-context-demo -- id
kubectl exec security-context-demo -- cat /etc/group | tail -n 2
kubectl delete pod security-context-demo
# supplementalGroupsPolicy: Strict keeps the image's groups out, and the kubelet reports the process's.
kubectl get node node-1 -o jsonpath='{.status.features}{"\n"}'
kubectl apply -f https://k8s.io/examples/pods/security/security-context-6.yaml
kubectl wait --for=condition=Ready pod/security-context-demo --timeout=1m
kubectl exec security-context-demo -- id
kubectl get pod security-context-demo -o jsonpath='{.status.containerStatuses[0].user}{"\n"}'
kubectl delete pod security-context-demo security-context-demo-2 security-context-demo-3 security-context-demo-4
