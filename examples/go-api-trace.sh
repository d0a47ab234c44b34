# The apply → Running chain of one go-api Pod, hop by hop, as the README shows it.
kubectl apply -f manifests/go-api.yaml
kubectl rollout status deployment/go-api --timeout=2m
kubectl get deployment go-api
kubectl get pods -l app=go-api -o wide
sim trace --all --kind request,etcd-commit,watch,schedule,cri,cni,pleg,probe --object deployment/go-api --object replicaset/go-api-568fb6b74 --object pod/go-api-568fb6b74-gnn8t
