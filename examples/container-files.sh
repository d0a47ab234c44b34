# Why nginx's access log is in `kubectl logs`: the official image links its log files to the
# container's stdout and stderr (`ln -sf /dev/stdout /var/log/nginx/access.log` in its
# Dockerfile), and the runtime keeps what PID 1 writes there as the container's log.
kubectl create deployment web --image=nginx:1.29
kubectl expose deployment web --port=80
kubectl run client --image=nginx:1.29
kubectl wait --for=condition=Available deployment/web --timeout=1m
kubectl wait --for=condition=Ready pod/client --timeout=1m
kubectl exec deploy/web -- ls -la /var/log/nginx
kubectl exec deploy/web -- ls -l /dev/stdout /dev/stderr
# The server block answering on port 80: the root, the index, the 50x page.
kubectl exec deploy/web -- cat /etc/nginx/conf.d/default.conf
# From another Pod: the Service's name through the search list (glibc's getent), the Pod's own IP.
kubectl exec client -- getent hosts web
kubectl exec client -- hostname -i
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' http://web
kubectl logs deploy/web --tail=1
# busybox has no getent; its hostname -i reads /etc/hosts too, and ls prints BusyBox's columns.
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/bb --timeout=1m
kubectl exec bb -- sh -c 'getent hosts web'
kubectl exec bb -- hostname -i
kubectl exec bb -- ls -l /etc
