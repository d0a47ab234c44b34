# "Expose Pod Information to Containers Through Files" (kubernetes.io): a downwardAPI volume holds
# the Pod's labels and annotations as `key="value"` lines, written by the kubelet's AtomicWriter
# like a configMap volume. The annotations include the two the kubelet adds to its own copy of
# the Pod (config.seen, config.source) and kubectl apply's last-applied-configuration.
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-volume.yaml
kubectl wait --for=condition=Ready pod/kubernetes-downwardapi-volume-example --timeout=1m
kubectl get pods
sleep 5s
kubectl logs kubernetes-downwardapi-volume-example --tail=12
kubectl exec kubernetes-downwardapi-volume-example -- cat /etc/podinfo/labels
kubectl exec kubernetes-downwardapi-volume-example -- ls -laR /etc/podinfo
# A label change reaches the file at the kubelet's next sync of the Pod.
kubectl label pod kubernetes-downwardapi-volume-example rack=rack-23 --overwrite
sleep 2s
kubectl exec kubernetes-downwardapi-volume-example -- cat /etc/podinfo/labels
# Container fields: resourceFieldRef with a divisor (1m: millicores, 1Mi: mebibytes).
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-volume-resources.yaml
kubectl wait --for=condition=Ready pod/kubernetes-downwardapi-volume-example-2 --timeout=1m
kubectl exec kubernetes-downwardapi-volume-example-2 -- cat /etc/podinfo/cpu_limit
kubectl exec kubernetes-downwardapi-volume-example-2 -- sh -c 'for f in cpu_request mem_limit mem_request; do echo "$f: $(cat /etc/podinfo/$f)"; done'
# Only metadata fields go in a volume; status.podIP is for environment variables.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "1h"]
  volumes:
  - name: info
    downwardAPI:
      items:
      - path: ip
        fieldRef:
          fieldPath: status.podIP
EOF
