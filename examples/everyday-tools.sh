# The everyday tools tutorials reach for inside a container, as each image really ships them:
# BusyBox's applets in busybox, GNU findutils and coreutils and debianutils' which in Debian.
# `which` walks PATH (Debian 12 is merged-/usr, so /usr/bin comes before /bin); `stat` prints
# GNU's or BusyBox's layout; `find` walks the tree; `xargs` runs a command with what it reads;
# `timeout` kills what outlives it (GNU says 124, BusyBox's killed process 143); `nohup` runs its
# command and, with no terminal involved, says nothing.
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl run deb --image=debian:12 -- sleep 3600
kubectl wait --for=condition=Ready pod/bb pod/deb --timeout=1m
kubectl exec bb -- which sh find
kubectl exec deb -- which -a sh
kubectl exec deb -- which nosuch
kubectl exec deb -- stat /etc/hostname
kubectl exec bb -- stat -c '%n: %s bytes, %A, owned by %U' /etc/hostname /etc/passwd
kubectl exec deb -- find /etc -maxdepth 1 -name 'host*'
kubectl exec deb -- find /nope
kubectl exec bb -- sh -c 'mkdir -p /data/logs; echo one > /data/logs/a.log; echo two > /data/logs/b.log; find /data -type f -name "*.log" -exec wc -c {} +'
kubectl exec bb -- sh -c 'find /data -name "*.log" | xargs cat'
kubectl exec deb -- sh -c 'echo web-1 web-2 web-3 | xargs -n 1 echo checking'
kubectl exec deb -- sh -c 'timeout 2 sleep 10; echo "exit status $?"'
kubectl exec bb -- sh -c 'timeout 2 sleep 10; echo "exit status $?"'
kubectl exec deb -- sh -c 'nohup echo still here'
# time: bash's keyword (at this prompt and in a container's bash) and BusyBox's applet measure
# simulated time; the classroom keeps no CPU accounts, so user and sys stay 0.
kubectl create deployment timed --image=nginx --replicas=2
time kubectl rollout status deployment/timed
kubectl exec deb -- bash -c 'time sleep 1.5'
kubectl exec bb -- time sh -c 'sleep 2; exit 3'
