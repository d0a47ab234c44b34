# "Configure a Security Context for a Pod or Container": with fsGroup 2000 the kubelet gives the
# emptyDir group 2000 and the setgid bit (SetVolumeOwnership), so a file the container's user
# (uid 1000, gid 3000) creates there belongs to group 2000.
kubectl apply -f https://k8s.io/examples/pods/security/security-context.yaml
kubectl wait --for=condition=Ready pod/security-context-demo --timeout=1m
kubectl exec security-context-demo -- id
kubectl exec security-context-demo -- ls -l /data
kubectl exec security-context-demo -- sh -c 'cd /data/demo && echo hello > testfile && ls -l'
# The token volume is chowned too: read-only volumes get group read (0440), the token was written 0600.
kubectl exec security-context-demo -- ls -l /var/run/secrets/kubernetes.io/serviceaccount/..data/
# An emptyDir with medium Memory is a tmpfs (mode 1777), sized by sizeLimit or the Pod's memory
# limit; what is written there is memory the container uses.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    resources:
      limits:
        memory: 128Mi
    volumeMounts:
    - name: cache
      mountPath: /cache
  volumes:
  - name: cache
    emptyDir:
      medium: Memory
      sizeLimit: 64Mi
EOF
kubectl wait --for=condition=Ready pod/cache --timeout=1m
kubectl exec cache -- ls -ld /cache
kubectl exec cache -- df -h /cache
kubectl exec cache -- cat /sys/fs/cgroup/memory.current
kubectl exec cache -- sh -c 'seq 1 100000 > /cache/numbers; df /cache; cat /sys/fs/cgroup/memory.current'
