import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, getPod, podManifest, inPod } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

// curl and wget as each image ships them, against nginx: versions, User-Agents, methods, the
// `-v` trace per curl release, and what nginx answers and logs (curl-builds.ts, curl-verbose.ts,
// nginx-http.ts say where each string comes from).

function logs(sim: Simulation, name: string): string[] {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: {} });
  if (!res.ok) throw new Error(res.error.message);
  return (res.text ?? '').split('\n');
}

const sleep = { container: { command: ['sleep', '3600'] } };
const NOT_ALLOWED = '<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx/1.29.1</center>\r\n</body>\r\n</html>\r\n';

describe('HTTP clients in Pods against nginx', () => {
  let sim: Simulation;
  let web: string;
  beforeAll(() => {
    sim = bootCluster();
    // 1.29.1, the last mainline on bookworm: Debian 12's curl 7.88.1 (1.29.2 and later: trixie's, debian-release.test.ts).
    createPod(sim, podManifest('web', 'nginx:1.29.1'));
    createPod(sim, podManifest('old', 'nginx:1.14.2'));
    createPod(sim, podManifest('slim', 'registry.k8s.io/nginx-slim:0.27'));
    createPod(sim, podManifest('ci', 'curlimages/curl:8.16.0', sleep));
    createPod(sim, podManifest('ci17', 'curlimages/curl:8.17.0', sleep));
    createPod(sim, podManifest('agn', 'registry.k8s.io/e2e-test-images/agnhost:2.53', sleep));
    createPod(sim, podManifest('bb', 'busybox:1.36', sleep));
    createPod(sim, podManifest('perl', 'perl:slim', sleep));
    sim.advance(30_000);
    web = (getPod(sim, 'web') as Pod).status!.podIP!;
  });

  it('each image runs its own curl: `--version` and the User-Agent nginx logs', () => {
    expect(inPod(sim, 'web', ['curl', '--version']).output.split('\n')[0]).toBe(
      'curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 brotli/1.0.9 zstd/1.5.4 libidn2/2.3.3 libpsl/0.21.2 (+libidn2/2.3.3) libssh2/1.10.0 nghttp2/1.52.0 librtmp/2.3 OpenLDAP/2.5.13',
    );
    expect(inPod(sim, 'slim', ['curl', '-V']).output).toBe(
      'curl 7.47.0 (x86_64-pc-linux-gnu) libcurl/7.47.0 GnuTLS/3.4.10 zlib/1.2.8 libidn/1.32 librtmp/2.3\nProtocols: dict file ftp ftps gopher http https imap imaps ldap ldaps pop3 pop3s rtmp rtsp smb smbs smtp smtps telnet tftp \nFeatures: AsynchDNS IDN IPv6 Largefile GSS-API Kerberos SPNEGO NTLM NTLM_WB SSL libz TLS-SRP UnixSockets \n',
    );
    expect(inPod(sim, 'ci', ['curl', '--version']).output).toMatch(/^curl 8\.16\.0 \(x86_64-pc-linux-musl\) libcurl\/8\.16\.0 .*\nRelease-Date: 2025-09-10\n/);
    expect(inPod(sim, 'agn', ['curl', '--version']).output).toMatch(/^curl 8\.14\.1 \(x86_64-alpine-linux-musl\) /);
    for (const pod of ['web', 'slim', 'ci', 'agn']) expect(inPod(sim, pod, ['curl', '-s', '-o', '/dev/null', `http://${web}/`]).exitCode).toBe(0);
    const agents = logs(sim, 'web').filter((l) => l.includes('"GET / HTTP/1.1" 200 615')).map((l) => /"([^"]+)" "-"$/.exec(l)?.[1]);
    expect(agents).toEqual(['curl/7.88.1', 'curl/7.47.0', 'curl/8.16.0', 'curl/8.14.1']);
  });

  it('a URL with no host is malformed, not the host `http` (curl 7.88.1 and BusyBox 1.35 here)', () => {
    // `curl http://"$(minikube ip):$NODE_PORT"` with no minikube.
    expect(inPod(sim, 'web', ['curl', 'http://:30489'])).toEqual({ exitCode: 3, output: 'curl: (3) URL using bad/illegal format or missing URL\n' });
    expect(inPod(sim, 'web', ['curl', '-s', 'http://:30489'])).toEqual({ exitCode: 3, output: '' });
    expect(inPod(sim, 'web', ['curl']).exitCode).toBe(2);
    expect(inPod(sim, 'bb', ['wget', 'http://:30489'])).toEqual({ exitCode: 1, output: "wget: bad address ':30489'\n" });
  });

  it('images without curl say so: nginx before 1.17.10, perl:slim', () => {
    expect(inPod(sim, 'old', ['curl', '-s', 'http://localhost/']).output).toContain('exec: "curl": executable file not found in $PATH');
    expect(inPod(sim, 'perl', ['sh', '-c', 'curl localhost']).exitCode).toBe(127);
  });

  it('curl -I sends a HEAD: nginx\'s head with the GET\'s Content-Length, no body, 0 bytes logged', () => {
    const r = inPod(sim, 'ci', ['curl', '-sI', `http://${web}/`]);
    expect(r.output).toMatch(/^HTTP\/1\.1 200 OK\r\nServer: nginx\/1\.29\.1\r\nDate: \w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT\r\nContent-Type: text\/html\r\nContent-Length: 615\r\nLast-Modified: [^\r]+\r\nConnection: keep-alive\r\nETag: "[0-9a-f]+-267"\r\nAccept-Ranges: bytes\r\n\r\n$/);
    expect(logs(sim, 'web').at(-2)).toMatch(/"HEAD \/ HTTP\/1\.1" 200 0 "-" "curl\/8\.16\.0" "-"$/);
  });

  it('a HEAD to an app that frames no head of its own gets its status line and the GET\'s length', () => {
    createPod(sim, podManifest('go', 'registry.k8s.io/e2e-test-images/agnhost:2.53', { container: { args: ['netexec'] } }));
    sim.advance(10_000);
    const go = (getPod(sim, 'go') as Pod).status!.podIP!;
    expect(inPod(sim, 'ci', ['curl', '-sI', `http://${go}:8080/hostname`]).output).toBe('HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n\r\n');
  });

  it('nginx refuses POST to a file and PUT/DELETE anywhere with its 405 page; a POST to a missing file is 404', () => {
    expect(inPod(sim, 'ci', ['curl', '-s', '-d', 'name=kube', `http://${web}/`]).output).toBe(NOT_ALLOWED);
    expect(inPod(sim, 'ci', ['curl', '-s', '-X', 'DELETE', '-o', '/dev/null', '-w', '%{http_code}', `http://${web}/nope`]).output).toBe('405');
    expect(inPod(sim, 'ci', ['curl', '-s', '-X', 'PUT', '-i', `http://${web}/index.html`]).output).toMatch(/^HTTP\/1\.1 405 Not Allowed\r\nServer: nginx\/1\.29\.1\r\nDate: [^\r]+\r\nContent-Type: text\/html\r\nContent-Length: 157\r\nConnection: keep-alive\r\n\r\n<html>/);
    expect(inPod(sim, 'ci', ['curl', '-s', '-o', '/dev/null', '-w', '%{http_code}', '-d', 'x', `http://${web}/nope`]).output).toBe('404');
    const tail = logs(sim, 'web').slice(-6, -1);
    expect(tail[0]).toMatch(/"POST \/ HTTP\/1\.1" 405 157 "-" "curl\/8\.16\.0" "-"$/);
    expect(tail[1]).toMatch(/"DELETE \/nope HTTP\/1\.1" 405 157 /);
    expect(tail[2]).toMatch(/"PUT \/index\.html HTTP\/1\.1" 405 157 /);
    expect(tail[3]).toMatch(/\[error\] 29#29: \*\d+ open\(\) "\/usr\/share\/nginx\/html\/nope" failed \(2: No such file or directory\), client: [\d.]+, server: localhost, request: "POST \/nope HTTP\/1\.1", host: "[\d.]+"$/);
    expect(tail[4]).toMatch(/"POST \/nope HTTP\/1\.1" 404 153 /);
  });

  it('curl 7.88.1 -v: the trace recorded on Debian 12, the meter around it, the body in its place', () => {
    const r = inPod(sim, 'web', ['curl', '-v', '-d', 'a=1', 'http://localhost:80/nope']);
    expect(r.output).toMatch(
      new RegExp(
        [
          '^  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n',
          '\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\\*   Trying 127\\.0\\.0\\.1:80\\.\\.\\.\n',
          '\\* Connected to localhost \\(127\\.0\\.0\\.1\\) port 80 \\(#0\\)\n',
          '> POST /nope HTTP/1\\.1\r\n> Host: localhost\r\n> User-Agent: curl/7\\.88\\.1\r\n> Accept: \\*/\\*\r\n> Content-Length: 3\r\n> Content-Type: application/x-www-form-urlencoded\r\n> \r\n',
          '\\} \\[3 bytes data\\]\n',
          '< HTTP/1\\.1 404 Not Found\r\n< Server: nginx/1\\.29\\.1\r\n< Date: [^\r]+\r\n< Content-Type: text/html\r\n< Content-Length: 153\r\n< Connection: keep-alive\r\n< \r\n',
          '\\{ \\[153 bytes data\\]\n<html>\r\n[^]*</html>\r\n',
          '\r100   153  100   153 [^\n]+\n\\* Connection #0 to host localhost left intact\n$',
        ].join(''),
      ),
    );
  });

  it('curl 8.17.0 -v: the resolve lines, `Established connection … from`, `Request completely sent off`, host:port', () => {
    const r = inPod(sim, 'ci17', ['curl', '-sv', '-o', '/dev/null', `http://${web}/`]);
    const ci = (getPod(sim, 'ci17') as Pod).status!.podIP!;
    const lines = r.output.split('\n');
    expect(lines[0]).toBe(`*   Trying ${web}:80...`);
    expect(lines[1]).toMatch(new RegExp(`^\\* Established connection to ${web.replace(/\./g, '\\.')} \\(${web.replace(/\./g, '\\.')} port 80\\) from ${ci.replace(/\./g, '\\.')} port \\d{5} $`));
    expect(lines[2]).toBe('> GET / HTTP/1.1\r');
    expect(lines.slice(6, 8)).toEqual(['> \r', '* Request completely sent off']);
    expect(lines.at(-2)).toBe(`* Connection #0 to host ${web}:80 left intact`);
    // `-X POST` with -d earns tool_operate.c's note (recorded with 7.88.1; not with -s).
    const noted = inPod(sim, 'ci17', ['curl', '-v', '-X', 'POST', '-d', 'a=1', '-o', '/dev/null', 'http://localhost:8080/']);
    expect(noted.output.startsWith('Note: Unnecessary use of -X or --request, POST is already inferred.\n')).toBe(true);
    expect(inPod(sim, 'ci17', ['curl', '-sv', '-X', 'POST', '-d', 'a=1', '-o', '/dev/null', `http://${web}/`]).output.startsWith('*   Trying')).toBe(true);
  });

  it('curl 8.5 and later dial localhost at ::1 first (hostip.c get_localhost): the trace and nginx\'s log say ::1', () => {
    createPod(sim, podManifest('na', 'nginx:alpine'));
    sim.advance(10_000);
    const r = inPod(sim, 'na', ['curl', '-sv', '-o', '/dev/null', 'http://localhost/']).output.split('\n');
    expect(r.slice(0, 6)).toEqual(['* Host localhost:80 was resolved.', '* IPv6: ::1', '* IPv4: 127.0.0.1', '*   Trying [::1]:80...', '* Connected to localhost (::1) port 80', '* using HTTP/1.x']);
    expect(logs(sim, 'na').at(-2)).toMatch(/^::1 - - \[[^\]]+\] "GET \/ HTTP\/1\.1" 200 615 "-" "curl\/8\.14\.1" "-"$/);
    // Debian's 7.88.1 puts 127.0.0.1 first, and connects there.
    expect(inPod(sim, 'web', ['curl', '-sv', '-o', '/dev/null', 'http://localhost/']).output).toMatch(/^\* {3}Trying 127\.0\.0\.1:80\.\.\.\n\* Connected to localhost \(127\.0\.0\.1\) port 80 \(#0\)\n/);
  });

  it('a refused connection under -v: each address tried, the failure, the connection closed — per release', () => {
    // Recorded with 7.88.1 here (`curl -sv localhost:8099`, nothing listening): 127.0.0.1, then ::1.
    expect(inPod(sim, 'web', ['curl', '-sv', 'localhost:8099'])).toEqual({
      exitCode: 7,
      output: "*   Trying 127.0.0.1:8099...\n* connect to 127.0.0.1 port 8099 failed: Connection refused\n*   Trying [::1]:8099...\n* connect to ::1 port 8099 failed: Connection refused\n* Failed to connect to localhost port 8099 after 0 ms: Couldn't connect to server\n* Closing connection 0\n",
    });
    // 8.17: ::1 first, `from SRC port N`, conncache.c's `closing connection #0`.
    const c17 = inPod(sim, 'ci17', ['curl', '-sSv', 'localhost:8099']).output.split('\n');
    expect(c17[3]).toBe('*   Trying [::1]:8099...');
    expect(c17[4]).toMatch(/^\* connect to ::1 port 8099 from ::1 port \d+ failed: Connection refused$/);
    expect(c17.slice(-3)).toEqual(['* closing connection #0', "curl: (7) Failed to connect to localhost port 8099 after 0 ms: Could not connect to server", '']);
    // 7.47.0's connect.c has no time in its message.
    expect(inPod(sim, 'slim', ['curl', '-sS', 'localhost:8099']).output).toBe('curl: (7) Failed to connect to localhost port 8099: Connection refused\n');
  });

  it('curl 8.14.1 -v (Alpine) says `using HTTP/1.x` and `upload completely sent off`', () => {
    const r = inPod(sim, 'agn', ['curl', '-sv', '-o', '/dev/null', '-d', 'k=v', `http://${web}/`]).output.split('\n');
    expect(r.slice(0, 3)).toEqual([`*   Trying ${web}:80...`, `* Connected to ${web} (${web}) port 80`, '* using HTTP/1.x']);
    expect(r).toContain('} [3 bytes data]');
    expect(r).toContain('* upload completely sent off: 3 bytes');
    expect(r.at(-2)).toBe(`* Connection #0 to host ${web} left intact`);
  });

  it('BusyBox wget: -S shows the server\'s head, --post-data is a POST nginx refuses, -U names the agent', () => {
    expect(inPod(sim, 'bb', ['wget', '-q', '-S', '--spider', `http://${web}/`]).output).toMatch(/^ {2}HTTP\/1\.1 200 OK\n {2}Server: nginx\/1\.29\.1\n {2}Date: [^\n]+\n {2}Content-Type: text\/html\n {2}Content-Length: 615\n {2}Last-Modified: [^\n]+\n {2}Connection: keep-alive\n {2}ETag: "[0-9a-f]+-267"\n {2}Accept-Ranges: bytes\n {2}\n$/);
    // Recorded with BusyBox 1.35: an error status shows its line alone, then wget's error.
    expect(inPod(sim, 'bb', ['wget', '-S', '-O', '-', '--post-data', 'a=1', `http://${web}/`])).toEqual({
      exitCode: 1,
      output: `Connecting to ${web} (${web}:80)\n  HTTP/1.1 405 Not Allowed\nwget: server returned error: HTTP/1.1 405 Not Allowed\n`,
    });
    expect(inPod(sim, 'bb', ['wget', '-q', '-U', 'probe/1.0', '-O', '/dev/null', `http://${web}/`]).exitCode).toBe(0);
    const tail = logs(sim, 'web').slice(-4, -1);
    expect(tail[0]).toMatch(/"GET \/ HTTP\/1\.1" 200 615 "-" "Wget" "-"$/);
    expect(tail[1]).toMatch(/"POST \/ HTTP\/1\.1" 405 157 "-" "Wget" "-"$/);
    expect(tail[2]).toMatch(/"GET \/ HTTP\/1\.1" 200 615 "-" "probe\/1\.0" "-"$/);
  });

  it('a directory without its slash: nginx\'s 301 page with an absolute Location (Host without its port, the listening port), which curl -L follows', () => {
    inPod(sim, 'web', ['sh', '-c', 'mkdir /usr/share/nginx/html/dir && echo in-dir > /usr/share/nginx/html/dir/index.html']);
    const moved = inPod(sim, 'web', ['curl', '-si', 'localhost/dir?a=1']).output;
    expect(moved).toMatch(/^HTTP\/1\.1 301 Moved Permanently\r\nServer: nginx\/1\.29\.1\r\nDate: [^\r]+\r\nContent-Type: text\/html\r\nContent-Length: 169\r\nLocation: http:\/\/localhost\/dir\/\?a=1\r\nConnection: keep-alive\r\n\r\n/);
    expect(moved.slice(moved.indexOf('\r\n\r\n') + 4)).toBe('<html>\r\n<head><title>301 Moved Permanently</title></head>\r\n<body>\r\n<center><h1>301 Moved Permanently</h1></center>\r\n<hr><center>nginx/1.29.1</center>\r\n</body>\r\n</html>\r\n');
    // The Host's port is dropped; port 80 is left out (port_in_redirect).
    expect(inPod(sim, 'ci', ['curl', '-sI', `http://${web}:80/dir`]).output).toContain(`\r\nLocation: http://${web}/dir/\r\n`);
    expect(inPod(sim, 'ci', ['curl', '-sL', `http://${web}/dir`])).toEqual({ exitCode: 0, output: 'in-dir\n' });
    expect(logs(sim, 'web').slice(-3, -1).map((l) => /"GET (\S+) HTTP\/1\.1" (\d+ \d+)/.exec(l)?.slice(1).join(' '))).toEqual(['/dir 301 169', '/dir/ 200 7']);
  });

  it('a file whose text is "dir" is a file to nginx (the docroot reader used that string to mean a directory)', () => {
    inPod(sim, 'web', ['sh', '-c', 'printf dir > /usr/share/nginx/html/odd.txt']);
    expect(inPod(sim, 'web', ['curl', '-s', '-o', '/dev/null', '-w', '%{http_code}', 'localhost/odd.txt']).output).toBe('200');
    expect(inPod(sim, 'web', ['curl', '-s', 'localhost/odd.txt']).output).toBe('dir');
  });
});
