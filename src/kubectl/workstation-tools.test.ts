/**
 * The GNU tools at the prompt as learners use them in one-liners: base64 after a jsonpath, sed
 * editing a saved manifest in place, seq/date/diff around kubectl. The tools' own parity tables
 * are next to them (src/engine/images/tools-*.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

describe('base64 at the prompt', () => {
  it("decodes a Secret's value from a jsonpath, and encodes one for a manifest", () => {
    const s = new Session({ seed: 1 });
    expect(s.run('kubectl create secret generic db --from-literal=password=s3cret').exitCode).toBe(0);
    expect(s.run("kubectl get secret db -o jsonpath='{.data.password}' | base64 -d")).toEqual({ output: [{ stream: 'stdout', text: 's3cret' }], exitCode: 0 });
    expect(out(s.run('echo -n admin | base64'))).toBe('YWRtaW4=\n');
    expect(out(s.run('echo -n admin | base64 | base64 --decode'))).toBe('admin');
    const bad = s.run('echo "not base64!" | base64 -d');
    expect(bad.exitCode).toBe(1);
    expect(out(bad, 'stderr')).toBe('base64: invalid input\n');
  });
});

describe('seq and date at the prompt and in containers', () => {
  it('counts and tells the simulated time, in the terminal locale at the prompt and in C inside a container', () => {
    const s = new Session({ seed: 1 });
    expect(out(s.run('seq 3'))).toBe('1\n2\n3\n');
    expect(out(s.run('seq -s, 0 0.5 1'))).toBe('0.0,0.5,1.0\n');
    expect(out(s.run('seq -w 8 10 | tail -1'))).toBe('10\n');
    // The world boots at 2025-09-01T09:00:00Z, and the session's cluster has been up a few seconds.
    expect(out(s.run('date -u +%Y-%m-%dT%H:%M:%SZ'))).toMatch(/^2025-09-01T09:00:\d\dZ\n$/);
    expect(out(s.run('date'))).toMatch(/^Mon Sep {2}1 09:00:\d\d AM UTC 2025\n$/);
    s.run('export TZ=Asia/Tokyo');
    expect(out(s.run('date +%H:%M%Z'))).toBe('18:00JST\n');
    expect(out(s.run('date -d @0 -u'))).toBe('Thu Jan  1 12:00:00 AM UTC 1970\n');
    s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    s.run('sim advance 20s');
    expect(out(s.run('kubectl exec bb -- date -u +%s'))).toMatch(/^\d{10}\n$/);
    expect(out(s.run('kubectl exec bb -- date'))).toMatch(/^Mon Sep {2}1 09:00:\d\d UTC 2025\n$/);
    expect(out(s.run("kubectl exec bb -- sh -c 'seq -s \" \" 3; echo -n hi | base64'"))).toBe('1 2 3\naGk=\n');
  });
});

describe('diff at the prompt', () => {
  it('compares a saved manifest with an edited copy, as GNU diff prints it', () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl create deployment web --image=nginx --replicas=2 --dry-run=client -o yaml > web.yaml');
    s.run('cat web.yaml > web2.yaml');
    expect(s.run('diff web.yaml web2.yaml')).toEqual({ output: [], exitCode: 0 });
    s.run("kubectl create deployment web --image=nginx --replicas=3 --dry-run=client -o yaml > web2.yaml");
    expect(s.run('diff web.yaml web2.yaml')).toEqual({ output: [{ stream: 'stdout', text: '8c8\n<   replicas: 2\n---\n>   replicas: 3\n' }], exitCode: 1 });
    expect(out(s.run('diff -u web.yaml web2.yaml'))).toMatch(/^--- web\.yaml\t2025-09-01 09:00:\d\d\.\d{9} \+0000\n\+\+\+ web2\.yaml\t.*\n@@ -5,7 \+5,7 @@\n/);
    expect(s.run('diff -q web.yaml nope.yaml')).toEqual({ output: [{ stream: 'stderr', text: 'diff: nope.yaml: No such file or directory\n' }], exitCode: 2 });
  });
});

describe('sed at the prompt and in containers', () => {
  it('edits a saved manifest in place (the page sees the file change), and filters a pipeline', () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl create deployment web --image=nginx --replicas=2 --dry-run=client -o yaml > web.yaml');
    const edited = s.run("sed -i 's/replicas: 2/replicas: 3/' web.yaml");
    expect(edited.exitCode).toBe(0);
    expect(edited.files?.['web.yaml']).toContain('  replicas: 3\n');
    expect(out(s.run('grep replicas web.yaml'))).toBe('  replicas: 3\n');
    expect(out(s.run('sed -n 1,2p web.yaml'))).toBe('apiVersion: apps/v1\nkind: Deployment\n');
    expect(out(s.run("kubectl apply -f web.yaml | sed 's/created/made/'"))).toBe('deployment.apps/web made\n');
    expect(out(s.run("echo a-b | sed -E 's/(a)-(b)/\\2-\\1/'"))).toBe('b-a\n');
    const bad = s.run("sed -e 's/a/b' web.yaml");
    expect(bad).toEqual({ output: [{ stream: 'stderr', text: "sed: -e expression #1, char 5: unterminated `s' command\n" }], exitCode: 1 });
  });

  it("edits a file in a container's writable layer", () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    s.run('sim advance 20s');
    s.run("kubectl exec bb -- sh -c 'echo color=blue > /tmp/app.conf'");
    expect(s.run("kubectl exec bb -- sed -i 's/blue/green/' /tmp/app.conf").exitCode).toBe(0);
    expect(out(s.run('kubectl exec bb -- cat /tmp/app.conf'))).toBe('color=green\n');
    expect(out(s.run('kubectl exec bb -- diff /etc/hostname /etc/hostname; echo $?'))).toBe('0\n');
  });
});

describe('jq at the prompt', () => {
  it("reads kubectl's JSON: Pod names, a filtered field, a Secret's value through @base64d", () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl run web --image=nginx');
    s.run('kubectl run db --image=redis');
    s.run('kubectl create secret generic db --from-literal=password=s3cret');
    expect(s.run("kubectl get pods -o json | jq -r '.items[].metadata.name'")).toEqual({ output: [{ stream: 'stdout', text: 'db\nweb\n' }], exitCode: 0 });
    expect(out(s.run("kubectl get pods -o json | jq '.items | length'"))).toBe('2\n');
    expect(out(s.run(`kubectl get pods -o json | jq -c '[.items[] | select(.metadata.name == "web") | .spec.containers[].image]'`))).toBe('["nginx"]\n');
    expect(out(s.run("kubectl get secret db -o json | jq -r '.data.password | @base64d'"))).toBe('s3cret\n');
    // Pretty printed by default, as jq 1.6 prints into a pipe.
    expect(out(s.run("kubectl get pod web -o json | jq '.metadata.labels'"))).toBe('{\n  "run": "web"\n}\n');
    const bad = s.run("kubectl get pods | jq '.'");
    expect(bad.exitCode).toBe(4);
    expect(out(bad, 'stderr')).toBe('parse error: Invalid numeric literal at line 1, column 5\n');
    expect(out(s.run('type jq'))).toBe('jq is /usr/bin/jq\n');
  });

  it('typed alone at the page’s prompt prints its usage and exits 2; fed by a pipe, or in a script, it runs `.`', () => {
    const s = new Session({ seed: 1, interactive: true });
    // Recorded from jq 1.6 with stdin and stdout on a terminal (`script -qc jq`).
    const usage = "jq - commandline JSON processor [version 1.6]\n\nUsage:\tjq [options] <jq filter> [file...]\n\tjq [options] --args <jq filter> [strings...]\n\tjq [options] --jsonargs <jq filter> [JSON_TEXTS...]\n\njq is a tool for processing JSON inputs, applying the given filter to\nits JSON text inputs and producing the filter's results as JSON on\nstandard output.\n\nThe simplest filter is ., which copies jq's input to its output\nunmodified (except for formatting, but note that IEEE754 is used\nfor number representation internally, with all that that implies).\n\nFor more advanced filters see the jq(1) manpage (\"man jq\")\nand/or https://stedolan.github.io/jq\n\nExample:\n\n\t$ echo '{\"foo\": 0}' | jq .\n\t{\n\t\t\"foo\": 0\n\t}\n\nFor a listing of options, use jq --help.\n";
    const alone = s.run('jq');
    expect(alone.exitCode).toBe(2);
    expect(out(alone, 'stderr')).toBe(usage);
    expect(out(alone)).toBe('');
    expect(out(s.run(`echo '{"a":1}' | jq`))).toBe('{\n  "a": 1\n}\n');
    // The headless runner's stdout is a transcript, not a terminal: `.` over an empty stdin.
    expect(new Session({ seed: 1 }).run('jq')).toEqual({ output: [], exitCode: 0 });
  });
});

describe('ls -l at the prompt', () => {
  it('shows a redirected file with the time it was written, not the time it is listed', () => {
    const s = new Session({ seed: 1 });
    s.run('echo hi > a.txt');
    const written = out(s.run('ls -l a.txt'));
    s.run('sim advance 3h');
    expect(out(s.run('ls -l a.txt'))).toBe(written);
    s.run('echo more >> a.txt');
    expect(out(s.run('ls -l a.txt'))).not.toBe(written);
  });
});
