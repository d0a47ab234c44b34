import { describe, expect, it } from 'vitest';
import { echoserverBody, type EchoRequest } from './echoserver';

const req = (extra: Partial<EchoRequest> = {}): EchoRequest => ({
  method: 'GET',
  path: '/',
  headers: [
    ['Host', '203.0.113.10'],
    ['User-Agent', 'curl/8.17.0'],
    ['Accept', '*/*'],
  ],
  clientIP: '10.0.0.11',
  serverPort: 8080,
  hostname: 'source-ip-app-5c5c6c6c8c-bbcc9',
  env: () => undefined,
  serverAddr: '10.244.2.2',
  ...extra,
});

describe('echoserver', () => {
  it("1.10: the test image's template, line for line (minikube's hello-minikube transcripts)", () => {
    expect(echoserverBody('1.10', req())).toBe(
      '\n\nHostname: source-ip-app-5c5c6c6c8c-bbcc9\n\nPod Information:\n\t-no pod information available-\n\n' +
        'Server values:\n\tserver_version=nginx: 1.13.3 - lua: 10008\n\n' +
        'Request Information:\n\tclient_address=10.0.0.11\n\tmethod=GET\n\treal path=/\n\tquery=\n\trequest_version=1.1\n\trequest_scheme=http\n\trequest_uri=http://203.0.113.10:8080/\n\n' +
        'Request Headers:\n\taccept=*/*  \n\thost=203.0.113.10  \n\tuser-agent=curl/8.17.0  \n\n' +
        'Request Body:\n\t-no body in request-\n\n',
    );
  });

  it('1.10: request_uri names the Host without its port and the container port; values are HTML-escaped; POD_NAME fills Pod Information', () => {
    const env: Record<string, string> = { POD_NAME: 'p', NODE_NAME: 'node-2', POD_NAMESPACE: 'default', POD_IP: '10.244.2.2' };
    const body = echoserverBody('1.10', req({ path: '/a?x=1', headers: [['Host', '10.0.0.12:31000'], ['X-Q', '"hi"']], method: 'POST', body: 'k=v', env: (n) => env[n] }));
    expect(body).toContain('\tnode name:\tnode-2\n\tpod name:\tp\n\tpod namespace:\tdefault\n\tpod IP:\t10.244.2.2\n');
    expect(body).toContain('\tmethod=POST\n\treal path=/a?x=1\n\tquery=x=1\n');
    expect(body).toContain('\trequest_uri=http://10.0.0.12:8080/a?x=1\n');
    expect(body).toContain('\thost=10.0.0.12:31000  \n\tx-q=&quot;hi&quot;  \n');
    expect(body.endsWith('Request Body:\nk=v\n\n')).toBe(true);
  });

  it('1.4: CLIENT VALUES … BODY, query=nil, no newline after the body', () => {
    expect(echoserverBody('1.4', req())).toBe(
      'CLIENT VALUES:\nclient_address=10.0.0.11\ncommand=GET\nreal path=/\nquery=nil\nrequest_version=1.1\nrequest_uri=http://203.0.113.10:8080/\n\n' +
        'SERVER VALUES:\nserver_version=nginx: 1.10.0 - lua: 10001\n\nHEADERS RECEIVED:\naccept=*/*\nhost=203.0.113.10\nuser-agent=curl/8.17.0\nBODY:\n-no body in request-',
    );
  });
});
