# HTTP clients in Pods and what nginx makes of them: each image runs the curl it ships (its
# version is the User-Agent in nginx's access log), HEAD gets headers only, POST/PUT/DELETE to a
# static file get nginx's 405, and `curl -v` shows the request and response as that curl prints them.
kubectl create deployment web --image=nginx:1.29
kubectl expose deployment web --port 80
kubectl rollout status deployment/web --timeout=2m
kubectl run client --image=curlimages/curl:8.17.0 --command -- sleep 3600
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/client pod/bb --timeout=1m
# Which curl: curlimages/curl's own build; nginx:1.29's image carries Debian 13 (trixie)'s.
kubectl exec client -- curl --version
kubectl exec deploy/web -- sh -c 'curl --version | head -1'
# HEAD: nginx's response head, no body.
kubectl exec client -- curl -sI http://web/
# A form POST to a static file, a DELETE: nginx's 405.
kubectl exec client -- curl -s -d 'name=kube' http://web/
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' -X DELETE http://web/index.html
# The request and response as curl 8.17.0 traces them (stderr), and as Debian 13's 8.14.1 does
# (localhost is ::1 first, where nginx listens too).
kubectl exec client -- curl -sv -o /dev/null http://web/
kubectl exec deploy/web -- curl -sv -o /dev/null -d a=1 localhost/nope
# BusyBox wget: -S shows the server's head; --post-data is a POST.
kubectl exec bb -- wget -q -S --spider http://web/
kubectl exec bb -- wget -q -O - --post-data 'a=1' http://web/
# nginx's log: the method, the status, the body bytes (0 for HEAD) and each client's User-Agent.
kubectl logs deploy/web --tail=8
