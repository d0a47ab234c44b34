# The tools learners reach for inside Pods: BusyBox's nc, ping and telnet, and nicolaka/netshoot's
# curl, dig, host, nslookup, ping and nc, each going through the cluster's DNS and kube-proxy rules.
kubectl create deployment web --image=nginx:1.27
kubectl expose deployment web --port 80
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl run nt --image=nicolaka/netshoot -- sleep 3600
kubectl rollout status deployment/web --timeout=2m
kubectl wait --for=condition=Ready pod/bb pod/nt --timeout=2m
# Is the Service's port open? A port it does not expose has no rule: the SYN goes nowhere.
kubectl exec bb -- nc -zv web 80
kubectl exec bb -- nc -zv -w 2 web 8080
# At the Pod itself a closed port refuses; one -v keeps a refusal quiet, -vv names it.
kubectl exec bb -- nc -zvv $(kubectl get pod -l app=web -o jsonpath='{.items[0].status.podIP}') 81
kubectl exec bb -- sh -c "printf 'GET / HTTP/1.0\r\n\r\n' | nc web 80 | head -1"
kubectl exec bb -- telnet web 80
# A bare connection is no HTTP request on the trace.
sim trace --kind proxy | tail -1
# A Pod IP answers ping; a ClusterIP never does: kube-proxy's rules only catch the Service's ports.
kubectl exec bb -- ping -c 2 $(kubectl get pod -l app=web -o jsonpath='{.items[0].status.podIP}')
kubectl exec bb -- ping -c 2 -W 1 web
# netshoot: dig asks CoreDNS (a bare name only with +search), host and nslookup walk the search list.
kubectl exec nt -- dig +short web.default.svc.cluster.local
kubectl exec nt -- dig +short web
kubectl exec nt -- dig +short +search web
kubectl exec nt -- dig nosuch.default.svc.cluster.local
kubectl exec nt -- host web
kubectl exec nt -- nslookup web
kubectl exec nt -- nc -zv web 80
kubectl exec nt -- ping -c 1 -W 1 web
kubectl exec nt -- curl -s http://web | grep '<title>'
