# An Ingress on a kubeadm cluster: stored, validated, printed — and served by nobody, because no
# ingress controller is installed. Its ADDRESS stays empty.
kubectl create deployment web --image=nginx:1.29 --replicas=2
kubectl expose deployment web --port=80
kubectl rollout status deployment/web --timeout=2m
kubectl create ingress web --rule="web.example.com/*=web:80" --rule="web.example.com/api=api:8080,tls=web-tls"
kubectl get ingress
kubectl describe ingress web
# Validation is kube-apiserver's, as for any object.
cat <<YAML | kubectl apply -f -
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: bad
spec:
  rules:
  - host: 10.0.0.1
    http:
      paths:
      - path: api
        pathType: Prefix
        backend:
          service:
            name: web
YAML
kubectl get ingressclasses
# An hour later nothing has reconciled it.
sim advance 1h
kubectl get ingress web -o jsonpath='{.status}{"\n"}'
