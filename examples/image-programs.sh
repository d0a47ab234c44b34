# An image's programs are files, where `which` and `command -v` find them. debian:12 is
# merged-/usr (/bin is a link to usr/bin), /bin/sh is dash, awk is mawk through
# update-alternatives, and su and passwd are setuid root; its accounts are base-passwd's. The
# busybox image is one binary hard-linked under 404 applet names (one inode: `ls -l` shows the
# link count); Alpine links each applet to /bin/busybox instead. A program the classroom does not
# simulate says so when run.
kubectl run deb --image=debian:12 -- sleep 3600
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl run alp --image=alpine:3.22 -- sleep 3600
kubectl wait --for=condition=Ready pod/deb pod/bb pod/alp --timeout=1m
kubectl exec deb -- ls -l /bin /bin/sh /usr/bin/awk /etc/alternatives/awk
kubectl exec deb -- sh -c 'command -v sh; command -v awk; readlink -f /bin/sh /usr/bin/awk'
kubectl exec deb -- sh -c 'ls /usr/bin | wc -l'
kubectl exec deb -- ls -l /usr/bin/su /usr/bin/passwd /usr/bin/chage
kubectl exec deb -- bash -c 'echo $BASH; ls -l "$BASH"'
kubectl exec deb -- getent passwd root _apt nobody
kubectl exec deb -- pinky
kubectl exec bb -- ls -l /bin/busybox /bin/ls /bin/wget
kubectl exec bb -- sh -c 'ls /bin | wc -l'
kubectl exec alp -- ls -l /bin/ls /usr/bin/awk /sbin/ip
