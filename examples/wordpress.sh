# kubernetes.io's "Example: Deploying WordPress and MySQL with Persistent Volumes", line by line.
# The page runs it on minikube; this cluster is kubeadm's, with a default StorageClass (standard)
# that provisions each 20Gi claim, and no cloud: the LoadBalancer Service's EXTERNAL-IP stays
# <pending>, as the page's note says it does on minikube, and its NodePort reaches WordPress.
# Create a kustomization.yaml — add a Secret generator (YOUR_PASSWORD as the page writes it).
cat <<EOF >./kustomization.yaml
secretGenerator:
- name: mysql-pass
  literals:
  - password=YOUR_PASSWORD
EOF
# Add resource configs for MySQL and WordPress.
curl -LO https://k8s.io/examples/application/wordpress/mysql-deployment.yaml
curl -LO https://k8s.io/examples/application/wordpress/wordpress-deployment.yaml
cat <<EOF >>./kustomization.yaml
resources:
  - mysql-deployment.yaml
  - wordpress-deployment.yaml
EOF
# Apply and Verify. kustomize names the Secret after a hash of its data: YOUR_PASSWORD gives 5m26tmdb5k.
kubectl apply -k ./
kubectl get secrets
kubectl get pvc
kubectl get pods
# "It can take up to a few minutes for the Pod's Status to be RUNNING": the images pull (about
# 170 and 225 MB). The Deployments count as available once their containers run: neither
# manifest has a readiness probe.
kubectl rollout status deployment/wordpress-mysql --timeout=5m
kubectl rollout status deployment/wordpress --timeout=5m
kubectl get pods
kubectl get services wordpress
# There is no minikube here. `minikube service wordpress --url` prints http://NODE-IP:NODE-PORT;
# this function stands in for it so the page's line works as written: a node's InternalIP (the
# laptop reaches the nodes) and the Service's NodePort.
minikube() { echo "http://$(kubectl get node node-1 -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}'):$(kubectl get service "$2" -o jsonpath='{.spec.ports[0].nodePort}')"; }
minikube service wordpress --url
URL=$(minikube service wordpress --url)
# Loaded this early, the page is WordPress's database error: MySQL is still initialising its
# empty volume (no readiness probe held its Pod back), and WordPress dials it on every request.
curl -s -o /dev/null -w '%{http_code}\n' $URL
curl -s $URL
kubectl logs deployment/wordpress-mysql --tail=2
sim advance 30s
# MySQL's first start on the empty claim: a temporary server without networking (port: 0)
# creates the wordpress database and user from MYSQL_DATABASE/MYSQL_USER, then mysqld serves 3306.
kubectl logs deployment/wordpress-mysql
# WordPress's entrypoint found /var/www/html (its claim) empty, copied itself in and wrote
# wp-config.php from the WORDPRESS_ variables — the kubelet's WORDPRESS_SERVICE_* and
# WORDPRESS_PORT* for the Service named wordpress among them; then Apache, and the request above.
kubectl logs deployment/wordpress
# "Load the page in your browser": WordPress redirects to its installer, whose page a browser shows.
curl -sI $URL
curl -sL $URL | head -8
# Its database is the wordpress-mysql Service, a headless one: the name resolves to the MySQL Pod.
kubectl exec deployment/wordpress -- getent hosts wordpress-mysql
kubectl exec deployment/wordpress-mysql -- ls /var/lib/mysql
kubectl exec deployment/wordpress -- ls /var/www/html
# Persistent volumes: new Pods on the same claims find their data and initialise nothing.
kubectl delete pod -l app=wordpress
sim advance 30s
kubectl get pods
kubectl logs deployment/wordpress-mysql
kubectl logs deployment/wordpress
curl -s -o /dev/null -w '%{http_code}\n' $URL
# Cleaning up: the Secret, Deployments, Services and PersistentVolumeClaims (their volumes go too:
# the StorageClass's reclaim policy is Delete).
kubectl delete -k ./
sim advance 40s
kubectl get pods,pvc,pv
