import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = (r: ReturnType<Session['run']>): string => streamText(r);
const err = (r: ReturnType<Session['run']>): string => streamText(r, 'stderr');

let s: Session;

beforeAll(() => {
  loadKubectlChunks();
  const two = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: two\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n  - name: side\n    image: busybox:1.36\n    command: [sleep, "3600"]\n';
  s = new Session({ files: { 'two.yaml': two } });
  s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
  s.run('kubectl run web --image=nginx:1.27');
  s.run('kubectl create namespace team');
  s.run('kubectl run db -n team --image=mysql:8.4 --env=MYSQL_ROOT_PASSWORD=secret');
  s.run('kubectl run api --image=registry.example.com/go-api:v1.0.0');
  s.run('kubectl apply -f two.yaml');
  s.run('sim advance 40s');
});

describe('kubectl cp from a Pod', () => {
  it("unpacks tar's archive on the workstation: a file as the destination itself, tar's notice on stdout", () => {
    const r = s.run('kubectl cp bb:/etc/hostname hostname.txt');
    expect(r.exitCode).toBe(0);
    // BusyBox's wording, printed on kubectl's stdout (the tar pipe's ErrOut is o.Out).
    expect(out(r)).toBe("tar: removing leading '/' from member names\n");
    expect(Object.keys(r.files ?? {})).toContain('hostname.txt');
    expect(out(s.run('cat hostname.txt'))).toBe('bb\n');
    expect(out(s.run('kubectl cp web:/etc/hostname web-hostname'))).toBe("tar: Removing leading `/' from member names\n");
  });

  it("copies a directory's contents into the destination, which it creates", () => {
    expect(s.run('kubectl cp web:/etc/nginx conf').exitCode).toBe(0);
    // The image's `modules -> /usr/lib/nginx/modules` link is skipped, with kubectl's warning.
    expect(out(s.run('ls conf conf/conf.d'))).toBe('conf:\nconf.d\nfastcgi_params\nmime.types\nnginx.conf\nscgi_params\nuwsgi_params\n\nconf/conf.d:\ndefault.conf\n');
    expect(out(s.run('grep -c server conf/conf.d/default.conf'))).not.toBe('0\n');
    // An existing directory is merged into, never copied into by name (untarAll strips the prefix).
    s.run('kubectl cp web:/etc/nginx conf');
    expect(out(s.run('ls conf'))).toBe('conf.d\nfastcgi_params\nmime.types\nnginx.conf\nscgi_params\nuwsgi_params\n');
  });

  it("exits 0 with tar's messages when the source is missing (tar still closes its archive: kubernetes/kubectl#980)", () => {
    const r = s.run('kubectl cp web:/tmp/nope x.txt');
    expect(r.exitCode).toBe(0);
    expect(out(r)).toBe("tar: Removing leading `/' from member names\ntar: /tmp/nope: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n");
    expect(out(s.run('kubectl cp bb:/tmp/nope x.txt'))).toBe('tar: /tmp/nope: No such file or directory\ntar: error exit delayed from previous errors\n');
    expect(s.workstation.stat('x.txt').kind).toBe('none');
  });

  it('refuses a directory as the file to create, and paths it may not write', () => {
    const dot = s.run('kubectl cp bb:/etc/hostname .');
    expect(err(dot)).toBe('error: open .: is a directory\n');
    expect(dot.exitCode).toBe(1);
    expect(err(s.run('kubectl cp bb:/etc/hostname /etc/hostname'))).toBe('error: open /etc/hostname: permission denied\n');
    s.run('echo x > plain');
    expect(err(s.run('kubectl cp web:/etc/nginx plain/conf'))).toBe('error: mkdir plain: not a directory\n');
  });

  it("ends with the exec's status when no archive comes: an image without tar", () => {
    const r = s.run('kubectl cp team/db:/etc/hostname db-host');
    expect(out(r)).toBe('');
    expect(err(r)).toBe('command terminated with exit code 126\n');
    expect(r.exitCode).toBe(126);
  });

  it('reads the Pod and execs through kube-apiserver and the kubelet, in the namespace of the file spec', () => {
    const before = s.sim.lastTraceSeq;
    s.run('kubectl cp bb:/etc/hostname h2');
    const hops = s.sim.traceSince(before).map((r) => `${r.from} -> ${r.to}: ${r.summary}`);
    expect(hops).toContain('kubectl -> kube-apiserver: GET /api/v1/namespaces/default/pods/bb');
    expect(hops.some((h) => /^kube-apiserver -> kubelet\/node-\d: POST \/exec\/default\/bb\/bb\?command=tar&command=cf&command=-&command=%2Fetc%2Fhostname/.test(h))).toBe(true);
    expect(err(s.run('kubectl cp nosuch:/etc/hostname h3'))).toBe('Error from server (NotFound): pods "nosuch" not found\n');
    expect(err(s.run('kubectl cp team/bb:/etc/hostname h3'))).toBe('Error from server (NotFound): pods "bb" not found\n');
  });

  it("picks the container as exec does; the defaulting notice goes to stdout with tar's", () => {
    const r = s.run('kubectl cp two:/etc/hostname two-host');
    expect(out(r)).toBe('Defaulted container "web" out of: web, side\ntar: Removing leading `/\' from member names\n');
    expect(s.run('kubectl cp -c side two:/etc/hostname side-host').output).toEqual([{ stream: 'stdout', text: "tar: removing leading '/' from member names\n" }]);
    expect(err(s.run('kubectl cp -c nope two:/etc/hostname x'))).toBe('error: container nope is not valid for pod two out of: web, side\n');
  });

  it('--retries runs tar through sh and tail, and resumes an archive that ended early', () => {
    const r = s.run('kubectl cp --retries=2 bb:/etc/hostname r.txt');
    expect(r.exitCode).toBe(0);
    expect(out(s.run('cat r.txt'))).toBe('bb\n');
    // No tar: the stream is empty each time, so kubectl resumes, gives up, and reads an empty archive.
    const none = s.run('kubectl cp --retries=2 team/db:/etc/hostname r2.txt');
    expect(none.exitCode).toBe(0);
    expect(out(none)).toBe('sh: tar: not found\nResuming copy at 0 bytes, retry 1/2\nsh: tar: not found\nResuming copy at 0 bytes, retry 2/2\nsh: tar: not found\nDropping out copy after 2 retries\n');
  });
});

describe('kubectl cp to a Pod', () => {
  it('copies into an existing directory by name, or to a new name, with tar -xmf', () => {
    s.run("printf 'héllo\\n' > note.txt");
    const before = s.sim.lastTraceSeq;
    expect(s.run('kubectl cp note.txt bb:/tmp').output).toEqual([]);
    const execs = s.sim.traceSince(before).filter((r) => r.summary.startsWith('POST /exec/')).map((r) => decodeURIComponent(r.summary));
    expect(execs.map((e) => e.replace(/^POST \/exec\/default\/bb\/bb\?/, ''))).toEqual(['command=test&command=-d&command=/tmp&container=bb&stdout=true&stderr=true', 'command=tar&command=-xmf&command=-&command=-C&command=/tmp&container=bb&stdin=true&stdout=true&stderr=true']);
    expect(out(s.run('kubectl exec bb -- cat /tmp/note.txt'))).toBe('héllo\n');
    s.run('kubectl cp --no-preserve note.txt web:/tmp/renamed.txt');
    expect(out(s.run('kubectl exec web -- ls /tmp'))).toBe('renamed.txt\n');
  });

  it('copies a directory tree', () => {
    s.run('mkdir -p tree/sub && echo a > tree/a && echo b > tree/sub/b');
    expect(s.run('kubectl cp tree bb:/tmp/tree').exitCode).toBe(0);
    expect(out(s.run('kubectl exec bb -- cat /tmp/tree/a /tmp/tree/sub/b'))).toBe('a\nb\n');
    // Into an existing directory: under the source's name.
    s.run('kubectl cp tree bb:/tmp/tree');
    expect(out(s.run('kubectl exec bb -- ls /tmp/tree'))).toBe('a\nsub\ntree\n');
  });

  it("copies a directory from the runner's real disk (the workstation's fallback)", () => {
    const disk: Record<string, string> = { 'site/index.html': '<h1>hi</h1>\n', 'site/css/a.css': 'b{}\n' };
    const listDir = (p: string): string[] | undefined => {
      const names = [...new Set(Object.keys(disk).filter((k) => k.startsWith(`${p}/`)).map((k) => `${p}/${k.slice(p.length + 1).split('/')[0]!}`))];
      return names.length > 0 ? names.sort() : undefined;
    };
    const runner = new Session({ fileSource: { readFile: (p) => disk[p], listDir } });
    runner.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    runner.run('sim advance 30s');
    expect(runner.run('kubectl cp site bb:/tmp/site').exitCode).toBe(0);
    expect(out(runner.run('kubectl exec bb -- cat /tmp/site/index.html /tmp/site/css/a.css'))).toBe('<h1>hi</h1>\nb{}\n');
  });

  it("reports tar's failure and a missing local source as kubectl does", () => {
    const nodir = s.run('kubectl cp note.txt web:/nodir/x');
    expect(err(nodir)).toBe('tar: /nodir: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\ncommand terminated with exit code 2\n');
    expect(nodir.exitCode).toBe(2);
    expect(err(s.run('kubectl cp missing.txt bb:/tmp'))).toBe("error: missing.txt doesn't exist in local filesystem\n");
    const distroless = s.run('kubectl cp note.txt api:/tmp');
    expect(out(distroless)).toBe('OCI runtime exec failed: exec failed: unable to start container process: exec: "tar": executable file not found in $PATH: unknown\n');
    expect(err(distroless)).toBe('command terminated with exit code 126\n');
  });

  it('refuses file specs as kubectl does', () => {
    expect(err(s.run('kubectl cp a'))).toBe('error: source and destination are required\n');
    expect(err(s.run('kubectl cp a b'))).toBe('error: one of src or dest must be a remote file specification\n');
    expect(err(s.run('kubectl cp bb:/a web:/b'))).toBe('error: one of src or dest must be a local file specification\n');
    expect(err(s.run('kubectl cp note.txt bb:'))).toBe('error: filepath can not be empty\n');
    expect(err(s.run('kubectl cp note.txt :/tmp'))).toBe('error: filespec must match the canonical format: [[namespace/]pod:]file/path\n');
  });
});

describe('kubectl exec with stdin and two streams', () => {
  it('gives piped input to any command, and keeps stderr apart from stdout', () => {
    expect(out(s.run("printf 'abc' | kubectl exec -i bb -- wc -c"))).toBe('3\n');
    expect(s.run('kubectl exec -i bb -- cat < /dev/null').output).toEqual([]);
    const both = s.run('kubectl exec bb -- sh -c "echo out; echo err >&2; echo again"');
    expect(both.output.map((c) => [c.stream, c.text])).toEqual([['stdout', 'out\n'], ['stderr', 'err\n'], ['stdout', 'again\n']]);
    expect(out(s.run('kubectl exec bb -- sh -c "echo out; echo err >&2" 2>/dev/null'))).toBe('out\n');
  });
});

describe('tar on the workstation', () => {
  it("lists and unpacks what kubectl exec's tar writes, as cp's help suggests", () => {
    expect(out(s.run('kubectl exec web -- tar cf - /etc/nginx/conf.d | tar tf -'))).toBe('etc/nginx/conf.d/\netc/nginx/conf.d/default.conf\n');
    s.run('mkdir -p unpacked');
    const r = s.run('kubectl exec bb -- tar cf - /etc/hostname | tar xf - -C unpacked');
    expect(err(r)).toBe("tar: removing leading '/' from member names\n");
    expect(out(s.run('cat unpacked/etc/hostname'))).toBe('bb\n');
  });
});
