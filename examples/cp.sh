# kubectl cp is exec plus the container's tar: each copy is a pods/exec of tar (and of test -d
# when copying into a Pod), and what lands on the workstation is what tar archived.
kubectl run web --image=nginx:1.27
kubectl run toolbox --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/web pod/toolbox --timeout=1m
# Out of a Pod: GNU tar's notice arrives on stdout; the destination is the copy itself.
kubectl cp web:/etc/nginx/conf.d/default.conf default.conf
cat default.conf
kubectl cp web:/etc/nginx nginx
ls nginx nginx/conf.d
kubectl cp web:/etc/hostname .
# A missing source: tar's errors, and kubectl still exits 0.
kubectl cp toolbox:/tmp/nothing-here copy.txt
echo "exit $?"
# Into a Pod: an existing directory receives the file by name, a new path is the new name.
echo 'server_tokens off;' > tokens.conf
kubectl cp tokens.conf web:/etc/nginx/conf.d
kubectl cp tokens.conf toolbox:/tmp/renamed.conf
kubectl exec toolbox -- cat /tmp/renamed.conf
kubectl cp tokens.conf toolbox:/no/such/dir
sim trace --last 8
# What cp's help suggests for the rest: tar on both ends of a pipe.
kubectl exec web -- tar cf - /etc/nginx/conf.d | tar tf -
