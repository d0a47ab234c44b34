# How the kubelet writes a configMap volume (its AtomicWriter): the files live in a timestamped
# directory, `..data` links to it, and each key is a link through `..data`. An update writes a new
# directory and swaps `..data` in one rename, so a reader never sees half an update. A subPath
# mount bound the file inside the old directory, so it never sees the update.
kubectl apply -f manifests/configmap-volume.yaml
kubectl wait --for=condition=Ready pod/reader --timeout=1m
kubectl exec reader -- ls -la /etc/cfg
kubectl exec reader -- cat /etc/cfg/color
kubectl exec reader -- readlink /etc/cfg/..data
kubectl exec reader -- ls -la /etc/cfg/..data/
# A Secret volume is written the same way; defaultMode sets the files' mode, not the links'.
kubectl exec reader -- ls -l /etc/creds/ /etc/creds/..data/
# Every Pod's ServiceAccount token volume (projected) is written the same way.
kubectl exec reader -- ls -la /var/run/secrets/kubernetes.io/serviceaccount
kubectl patch configmap colors -p '{"data":{"color":"red"}}'
sleep 90s
kubectl exec reader -- ls -la /etc/cfg
kubectl exec reader -- cat /etc/cfg/color
kubectl exec reader -- cat /etc/color
