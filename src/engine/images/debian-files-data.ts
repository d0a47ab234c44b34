/**
 * A generated data table (scripts/gen-debian-files.mjs), over 400 lines because it is data: one
 * row per program of two Debian releases; nothing here is logic to split.
 *
 * What debian:*-slim holds in /usr/bin and /usr/sbin, per Debian release: every program file and
 * link the packages of the image ship, with its size, recorded by scripts/record-debian-files.sh
 * (`dpkg-deb -c` of each package, fetched with `apt-get download` from deb.debian.org on
 * 2026-12-07: bookworm 12.11's and, with a private apt configuration, trixie 13.8's) and turned
 * into this table by scripts/gen-debian-files.mjs. The packages are debootstrap minbase's —
 * Priority: required, apt and what apt pulls in — as docker-library/repo-info lists them for
 * debian:bookworm-slim (adduser, gpgv, logsave, util-linux-extra, usr-is-merged beside the
 * required ones); trixie's apt pulls in sqv and neither adduser nor e2fsprogs. `procps` is the
 * procps package the buildpack-deps images add (`ps`, `free`, `top`…).
 *
 * Merged /usr: a package's ./bin and ./sbin are listed under /usr/bin and /usr/sbin, where the
 * image's /bin and /sbin links put them. Line: `name size` for a file (0755, root:root, one link)
 * with ` mMODE` (octal), ` gGID`, ` nLINKS` when they differ and ` =other` for a hard link of
 * `other` in the same directory; `name>target` for a symbolic link.
 * Maintainer scripts' links (update-alternatives) are in debian-files.ts. Sizes are bytes as
 * dpkg-deb lists them (a hard link takes its target's). This file is long on purpose: it is a table.
 */
import type { DebianCodename } from './catalog-types';

export const DEBIAN_FILES: Readonly<Record<DebianCodename, { base: string; procps: string }>> = {
  bookworm: { base: `
/usr/bin
[ 68496
addpart 31040
apt 18752
apt-cache 88456
apt-cdrom 22920
apt-config 26944
apt-get 51592
apt-key 27972
apt-mark 59784
arch 43888
b2sum 60400
base32 48016
base64 48016
basename 43856
basenc 56208
bash 1265648
bashbug 6865
captoinfo>tic
cat 44016
chage 80376 m2755 g42
chattr 14584
chcon 68720
chfn 62672 m4755
chgrp 68656
chmod 64496
choom 55616
chown 72752
chrt 67904
chsh 52880 m4755
cksum 142384
clear 14584
clear_console 14488
cmp 52176
comm 48048
cp 151152
csplit 122032
cut 48112
dash 125640
date 121904
dd 89240
deb-systemd-helper 24358
deb-systemd-invoke 6241
debconf 2859
debconf-apt-progress 11541
debconf-communicate 608
debconf-copydb 1719
debconf-escape 647
debconf-set-selections 2995
debconf-show 1827
delpart 31040
df 102200
diff 155216
diff3 68752
dir 151344
dircolors 52144
dirname 39760
dmesg 88656
dnsdomainname>hostname
domainname>hostname
dpkg 318096
dpkg-deb 170512
dpkg-divert 158264
dpkg-maintscript-helper 21206
dpkg-query 162384
dpkg-realpath 4186
dpkg-split 129520
dpkg-statoverride 63824
dpkg-trigger 88560
du 175440
echo 43856
egrep 41
env 48536
expand 43952
expiry 31184 m2755 g42
expr 117808
factor 85200
faillog 23072
fallocate 35136
false 35664
fgrep 41
fincore 35184
find 224848
findmnt 85600
flock 35216
fmt 48016
fold 43920
getconf 27136
getent 36320
getopt 35136
gpasswd 88496 m4755
gpgv 474112
grep 203152
groups 43920
gunzip 2346 n2
gzexe 6447
gzip 98136
hardlink 51600
head 48080
hostid 39760
hostname 22680
i386>setarch
iconv 64648
id 48144
infocmp 63808
infotocap>tic
install 159544
ionice 35136
ipcmk 35200
ipcrm 35136
ipcs 76096
ischroot 14664
join 56304
last 51520
lastb>last
lastlog 32512
ld.so>/lib64/ld-linux-x86-64.so.2
ldd 5407
link 39760
linux32>setarch
linux64>setarch
ln 72824
locale 47272
localedef 298912
logger 56216
login 53024
logname 39760
ls 151344
lsattr 14584
lsblk 207168
lscpu 129344
lsfd 123192
lsipc 100672
lsirq 35312
lslocks 72400
lslogins 96576
lsmem 67904
lsns 84288
mawk 158376
mcookie 35200
md5sum 52176
md5sum.textutils>md5sum
mesg 18744
mkdir 97552
mkfifo 68784
mknod 72912
mktemp 43952
more 59712
mount 59704 m4755
mountpoint 18744
mv 142968
namei 35136
newgrp 48896 m4755
nice 43888
nisdomainname>hostname
nl 113776
nohup 43920
nproc 43920
nsenter 35368
numfmt 68624
od 80912
partx 121152
passwd 68248 m4755
paste 43920
pathchk 43888
perl 3808560 n2
perl5.36.0 3808560 n2 =perl
pidof>/sbin/killall5
pinky 48176
pldd 23232
pr 81008
printenv 35664
printf 64432
prlimit 39760
ptx 138480
pwd 43952
rbash>bash
readlink 52112
realpath 52144
rename.ul 22840
renice 14648
reset>tset
resizepart 72000
rev 14648
rgrep 30
rm 72752
rmdir 56240
run-parts 27560
runcon 43984
savelog 10487
script 71992
scriptlive 55608
scriptreplay 47416
sdiff 56400
sed 126424
seq 60336
setarch 27216
setpriv 80192
setsid 14648
setterm 47424
sg>newgrp
sh>dash
sha1sum 56272
sha224sum 60368
sha256sum 60368
sha384sum 64464
sha512sum 64464
shred 64656
shuf 60400
sleep 43888
sort 118456
split 60984
stat 97488
stdbuf 60336
stty 85008
su 72000 m4755
sum 52184
sync 39824
tabs 18672
tac 113712
tail 76944
tar 531984
taskset 63808
tee 43984
tempfile 14520
test 60304
tic 92512
timeout 48632
toe 22768
touch 109616
tput 26896
tr 56208
true 35664
truncate 43920
tset 30968
tsort 56208
tty 35696
tzselect 15352
uclampset 63808
umount 35128 m4755
uname 43888
uncompress 2346 n2 =gunzip
unexpand 43952
uniq 48080
unlink 39760
unshare 84520
update-alternatives 59712
users 39824
utmpdump 31032
vdir 151344
wall 39224
wc 52280
wdctl 72024
whereis 31504
which.debianutils 946
who 60432
whoami 39792
x86_64>setarch
xargs 72136
yes 39760
ypdomainname>hostname
zcat 1984
zcmp 1678
zdiff 6460
zdump 23064
zegrep 29
zfgrep 29
zforce 2081
zgrep 8103
zless 2206
zmore 1842
znew 4577
/usr/sbin
add-shell 1053
addgroup>adduser
adduser 48382
agetty 69112
badblocks 35072
blkdiscard 35136
blkid 125280
blkzone 80192
blockdev 80192
chcpu 47416
chgpasswd 67880
chmem 67904
chpasswd 63856
chroot 48112
cpgr>cppw
cppw 61880
ctrlaltdel 39224
debugfs 239440
delgroup>deluser
deluser 16727
dpkg-fsys-usrunmess 17401
dpkg-preconfigure 3925
dpkg-reconfigure 4485
dumpe2fs 31040
e2freefrag 14648
e2fsck 356624
e2image 55760
e2label>tune2fs
e2mmpstatus>dumpe2fs
e2scrub 7294
e2scrub_all 5394
e2undo 22840
e4crypt 26936
e4defrag 30960
faillock 14584
filefrag 18696
findfs 14648
fsck 55664
fsck.cramfs 43384
fsck.ext2>e2fsck
fsck.ext3>e2fsck
fsck.ext4>e2fsck
fsck.minix 125272
fsfreeze 14648
fstab-decode 14576
fstrim 76096
getty>agetty
groupadd 101416
groupdel 88936
groupmems 67920
groupmod 101384
grpck 67888
grpconv 59536
grpunconv 59536
hwclock 88512
iconvconfig 31584
installkernel 2659
invoke-rc.d 16517
isosize 31040
killall5 26944
ldattach 35136
ldconfig 982880
logsave 14424
losetup 117168
mke2fs 141904
mkfs 14648
mkfs.bfs 35136
mkfs.cramfs 43256
mkfs.ext2>mke2fs
mkfs.ext3>mke2fs
mkfs.ext4>mke2fs
mkfs.minix 112968
mkhomedir_helper 22800
mklost+found 14576
mkswap 117056
newusers 105392
nologin 14568
pam-auth-update 21288
pam_getenv 2890
pam_namespace_helper 467
pam_timestamp_check 14584
pivot_root 14648
pwck 59656
pwconv 55432
pwhistory_helper 18680
pwunconv 55472
readprofile 35168
remove-shell 1111
resize2fs 63800
rmt-tar 60432
rtcwake 47424
runuser 72000
service 9107
shadowconfig 2273
start-stop-daemon 44464
sulogin 55616
swaplabel 18744
swapoff 22840
swapon 51512
switch_root 18744
tarcat 936
tune2fs 117264
unix_chkpwd 39160 m2755 g42
unix_update 39160
update-passwd 39416
update-rc.d 17742
update-shells 3984
useradd 159536
userdel 113608
usermod 147056
vigr>vipw
vipw 74384
wipefs 47424
zic 60136
zramctl 117168
`, procps: `
/usr/bin
free 26936
kill 22840
pgrep 35248
pidwait 35248
pkill>pgrep
pmap 35160
ps 146360
pwdx 14648
skill 31056
slabtop 22904
snice>skill
tload 18760
top 134736
uptime 14648
vmstat 35552
w 22840
watch 27352
/usr/sbin
sysctl 31040
` },
  trixie: { base: `
/usr/bin
[ 55720
apt 18752
apt-cache 92552
apt-cdrom 27016
apt-config 31040
apt-get 59784
apt-mark 63880
arch 43464
b2sum 63944
base32 47528
base64 47528
basename 43432
basenc 59816
bash 1298416
bashbug 6944
captoinfo>tic
cat 47592
chage 113848 m2755 g42
chcon 80296
chfn 70888 m4755
chgrp 76232
chmod 72136
choom 55688
chown 76232
chrt 72072
chsh 52936 m4755
cksum 137672
clear 14584
clear_console 14488
cmp 56272
comm 47560
cp 149960
csplit 59848
cut 55752
dash 129736
date 100808
dd 76272
deb-systemd-helper 24358
deb-systemd-invoke 7135
debconf 2870
debconf-apt-progress 11846
debconf-communicate 623
debconf-copydb 1718
debconf-escape 668
debconf-set-selections 3216
debconf-show 1825
df 109488
diff 163440
diff3 72848
dir 158632
dircolors 55752
dirname 43432
dmesg 90840
dnsdomainname>hostname
domainname>hostname
dpkg 326704
dpkg-deb 182816
dpkg-divert 162584
dpkg-maintscript-helper 21124
dpkg-query 174864
dpkg-realpath 59728
dpkg-split 145904
dpkg-statoverride 88584
dpkg-trigger 92672
du 113096
echo 43432
egrep 41
env 56144
expand 47560
expiry 31256 m2755 g42
expr 51624
factor 76232
fallocate 35208
false 43432
fgrep 41
find 233040
findmnt 102296
flock 35288
fmt 51624
fold 47528
getconf 26920
getent 35480
getopt 35208
gpasswd 88568 m4755
grep 203152
groups 43432
gunzip 2335
gzexe 6469
gzip 102200
hardlink 63976
head 51656
hostid 43432
hostname 26776
i386>setarch
iconv 68032
id 51656
infocmp 67904
infotocap>tic
install 154096
ionice 35208
ipcmk 35280
ipcrm 80264
ipcs 84360
ischroot 14752
join 59880
ld.so>../lib64/ld-linux-x86-64.so.2
ldd 5356
link 43432
linux32>setarch
linux64>setarch
ln 76240
locale 46656
localedef 310328
logger 60392
login 92552
logname 43432
ls 158632
lsblk 248208
lscpu 170384
lsipc 113032
lslocks 80696
lslogins 113032
lsmem 72072
lsns 92560
mawk 170664
mcookie 39376
md5sum 55752
mkdir 88488
mkfifo 76200
mknod 84392
mktemp 47528
more 63888
mount 72072 m4755
mountpoint 18824
mv 149960
namei 39304
newgrp 18816 m4755
nice 43432
nisdomainname>hostname
nl 51720
nohup 47528
nproc 47528
nsenter 88728
numfmt 68072
od 84424
partx 137616
passwd 118168 m4755
paste 47560
pathchk 43432
perl 3935376 n2
perl5.40.1 3935376 n2 =perl
pidof>../sbin/killall5
pinky 59848
pldd 22904
pr 80392
printenv 43432
printf 68008
prlimit 43928
ptx 63976
pwd 43432
rbash>bash
readlink 55720
realpath 55752
rename.ul 31112
renice 14720
reset>tset
rev 14728
rgrep 30
rm 76232
rmdir 43432
run-parts 27392
runcon 47528
savelog 10487
script 80264
scriptlive 67976
scriptreplay 47496
sdiff 68704
sed 130520
seq 47528
setarch 88736
setpriv 92560
setsid 14728
setterm 47496
sg>newgrp
sh>dash
sha1sum 55752
sha224sum 55752
sha256sum 55752
sha384sum 55752
sha512sum 55752
shred 68040
shuf 63912
sleep 43432
sort 121552
split 72560
sqv 1870376
stat 104904
stdbuf 47528
stty 76232
su 84360 m4755
sum 51632
sync 43432
tabs 18672
tac 47528
tail 80360
tar 458280
taskset 67976
tee 47560
tempfile 14576
test 47528
tic 96608
timeout 47984
toe 22768
touch 88520
tput 30992
tr 59816
true 43432
truncate 47528
tset 30968
tsort 59816
tty 43432
tzselect 21877
uclampset 72072
umount 55688 m4755
uname 43464
uncompress>gunzip
unexpand 47560
uniq 55752
unlink 43432
unshare 92792
update-alternatives 59712
users 51624
vdir 158632
wall 47496
wc 68048
wdctl 76168
whereis 31112
which.debianutils 1080
who 63944
whoami 43432
x86_64>setarch
xargs 76232
yes 43432
ypdomainname>hostname
zcat 1973
zcmp 1678
zdiff 6436
zdump 26840
zegrep 29
zfgrep 29
zforce 2076
zgrep 8199
zless 2434
zmore 1837
znew 4862
/usr/sbin
add-shell 1053
agetty 110152
blkdiscard 35208
blkid 141736
blkzone 92552
blockdev 96648
chcpu 47496
chgpasswd 68016
chmem 72072
chpasswd 97368
chroot 51624
dpkg-preconfigure 4563
dpkg-reconfigure 4536
faillock 22776
findfs 14728
fsck 59784
fsfreeze 14728
fstab-decode 14576
fstrim 88456
getty>agetty
groupadd 105632
groupdel 93176
groupmod 105624
grpck 63928
grpconv 59672
grpunconv 59672
iconvconfig 31128
installkernel 2711
invoke-rc.d 16517
isosize 35208
killall5 26944
ldattach 35208
ldconfig 988168
losetup 133664
mkfs 14728
mkhomedir_helper 14600
mkswap 137616
newusers 109536
nologin 22912
pam-auth-update 21441
pam_getenv 2890
pam_namespace_helper 467
pam_timestamp_check 14584
pivot_root 14728
pwck 59784
pwconv 55560
pwhistory_helper 22776
pwunconv 55576
readprofile 35248
remove-shell 1111
rmt-tar 64704
rtcwake 55688
runuser 84360
service 9215
shadowconfig 1983
start-stop-daemon 44464
sulogin 59792
swaplabel 18824
swapoff 51584
swapon 59784
switch_root 18824
tarcat 936
unix_chkpwd 43256 m2755 g42
unix_update 43256
update-passwd 39416
update-rc.d 18147
update-shells 4066
useradd 159640
userdel 113728
usermod 147192
vigr>vipw
vipw 74520
wipefs 51592
zic 63816
zramctl 137736
`, procps: `
/usr/bin
free 26936
kill 22840
pgrep 39344
pidwait 39344
pkill>pgrep
pmap 35160
ps 154552
pwdx 14648
skill 31056
slabtop 22904
snice>skill
tload 22856
top 138864
uptime 14648
vmstat 39648
w 31032
watch 31512
/usr/sbin
sysctl 31040
` },
};
