# A PodDisruptionBudget bounds voluntary disruptions: kubectl drain evicts through the
# pods/eviction subresource, which asks the budget first and answers 429 while it would be broken.
# All three replicas start on node-1, so draining it needs the budget's permission three times.
kubectl cordon node-2 node-3
kubectl create deployment web --image=nginx --replicas=3
kubectl create pdb web --selector=app=web --min-available=2 --dry-run=client -o yaml
kubectl create pdb web --selector=app=web --min-available=2
sim advance 30s
kubectl uncordon node-2 node-3
kubectl get pods -o wide
kubectl get pdb
kubectl describe pdb web
# One eviction is allowed at a time: the others are retried every 5 s until a replacement is Ready.
kubectl drain node-1 --ignore-daemonsets
kubectl get pods -o wide
kubectl get pdb web -o yaml
kubectl uncordon node-1
# A budget that allows nothing: drain gives up at --timeout.
kubectl create pdb web-all --selector=app=web --min-available=100% --dry-run=client -o name
kubectl delete pdb web
kubectl create pdb web --selector=app=web --max-unavailable=0
sim advance 5s
kubectl get pdb web
kubectl drain node-3 --ignore-daemonsets --timeout=12s
# Two budgets over the same Pods: the eviction subresource refuses to choose.
kubectl create pdb web-second --selector=app=web --max-unavailable=1
kubectl drain node-3 --ignore-daemonsets --timeout=12s
# --disable-eviction deletes, and no budget is asked.
kubectl drain node-3 --ignore-daemonsets --disable-eviction
kubectl uncordon node-3
# Validation: at most one of minAvailable and maxUnavailable, and no more than 100%.
kubectl apply -f manifests/pdb-both.yaml
kubectl create pdb bad --selector=app=web --min-available=1 --max-unavailable=1
kubectl create pdb bad --selector='app!=web' --min-available=1
