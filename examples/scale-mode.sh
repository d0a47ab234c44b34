# Scale mode (issue #16): past 100 workers the trace keeps the newest 20,000 records in full and
# counts the older ones exactly by kind, from -> to. Objects, Events and `sim why` stay exact.
sim topology basic --nodes 101
kubectl get nodes --no-headers | wc -l
kubectl create deployment web --image=nginx --replicas=40
sim advance 60s
kubectl get deployment web
sim trace --kind schedule --last 2
sim trace --kind proxy --all
