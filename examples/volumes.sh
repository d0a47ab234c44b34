# Volume contents: configMap and secret volumes are files, envFrom fills the environment, a
# missing ConfigMap in envFrom is CreateContainerConfigError, emptyDir is shared by a Pod's
# containers, and a PVC's data outlives the Pod that wrote it.
kubectl apply -f manifests/volumes-config.yaml
sleep 15s
kubectl get pods
kubectl exec config-reader -- ls /etc/config/conf
kubectl exec config-reader -- cat /etc/config/conf/app.properties
kubectl exec config-reader -- cat /etc/creds/password
kubectl exec config-reader -- sh -c 'echo x > /etc/creds/password'
kubectl exec config-reader -- sh -c 'echo $CFG_LOG_LEVEL $username $MY_NODE'
kubectl describe pod missing-config
kubectl apply -f manifests/volumes-shared.yaml
sleep 20s
kubectl exec two-containers -c reader -- cat /data/msg
kubectl exec pvc-writer -- cat /data/first-run
kubectl delete pod pvc-writer
kubectl apply -f manifests/volumes-pvc-reader.yaml
sleep 15s
kubectl exec pvc-reader -- cat /data/first-run
# A changed ConfigMap reaches the mounted files at a periodic sync (up to ~1.5 min later); the
# environment keeps the values the container started with.
kubectl patch configmap app-config -p '{"data":{"app.properties":"color=red\n","LOG_LEVEL":"info"}}'
kubectl exec config-reader -- cat /etc/config/conf/app.properties
sleep 90s
kubectl exec config-reader -- cat /etc/config/conf/app.properties
kubectl exec config-reader -- sh -c 'echo $CFG_LOG_LEVEL'
kubectl describe pod config-reader
