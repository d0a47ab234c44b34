import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

// Messages and exit codes recorded from OpenSSL 3.0.19 on the machine the formats come from;
// the error queue's thread address is fixed (800B7EA6AA7F0000).
describe('openssl at the laptop prompt', () => {
  it('writes a PKCS#8 key and a request from it, the same on a replay', () => {
    const first = sessionRunner(new Session());
    expect(first('openssl genrsa -out k.key 2048')).toEqual({ out: '', err: '', code: 0 });
    const key = first('cat k.key').out;
    expect(key).toMatch(/^-----BEGIN PRIVATE KEY-----\nMIIE/);
    const again = sessionRunner(new Session());
    again('openssl genrsa -out k.key 2048');
    expect(again('cat k.key').out).toBe(key);
    const req = first('openssl req -new -key k.key -subj "/CN=jane/O=dev/O=qa"').out;
    expect(req).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n[\s\S]+\n-----END CERTIFICATE REQUEST-----\n$/);
    first('openssl req -new -key k.key -subj "/CN=jane/O=dev/O=qa" -out k.csr');
    expect(first('openssl req -in k.csr -noout -subject').out).toBe('subject=CN = jane, O = dev, O = qa\n');
    const text = first('openssl req -in k.csr -noout -text').out;
    expect(text).toMatch(/^Certificate Request:\n {4}Data:\n {8}Version: 1 \(0x0\)\n {8}Subject: CN = jane, O = dev, O = qa\n/);
    expect(text).toContain('                Public-Key: (2048 bit)\n');
    expect(text).toContain('        Attributes:\n            (none)\n            Requested Extensions:\n    Signature Algorithm: sha256WithRSAEncryption\n');
  });

  it("answers as openssl 3.0 does to what it cannot do", () => {
    const run = sessionRunner(new Session());
    expect(run('openssl version')).toEqual({ out: 'OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)\n', err: '', code: 0 });
    expect(run('openssl genrsa abc')).toEqual({ out: '', err: 'genrsa: Can\'t parse "abc" as a number\n', code: 1 });
    expect(run('openssl foo')).toEqual({ out: '', err: 'Invalid command \'foo\'; type "help" for a list.\n', code: 1 });
    run('openssl genrsa -out k.key');
    expect(run('openssl req -new -key k.key -subj CN=jane')).toEqual({
      out: '',
      err: "req: subject name is expected to be in the format /type0=value0/type1=value1/type2=... where characters may be escaped by \\. This name is not in that format: 'CN=jane'\n",
      code: 1,
    });
    expect(run('openssl req -new -key k.key -subj "/CN=jane/FOO=x/O=" -out k.csr')).toEqual({
      out: '',
      err: 'req warning: Skipping unknown subject name attribute "FOO"\nreq warning: No value provided for subject name attribute "O", skipped\n',
      code: 0,
    });
    expect(run('openssl req -new -key nokey -subj /CN=x').err).toBe(
      'Could not open file or uri for loading private key from nokey\n800B7EA6AA7F0000:error:16000069:STORE routines:ossl_store_get0_loader_int:unregistered scheme:../crypto/store/store_register.c:237:scheme=file\n800B7EA6AA7F0000:error:80000002:system library:file_open:No such file or directory:../providers/implementations/storemgmt/file_store.c:266:calling stat(nokey)\n',
    );
    run('echo garbage > g.pem');
    expect(run('openssl req -new -key g.pem -subj /CN=x')).toEqual({ out: '', err: 'Could not read private key from g.pem\n', code: 1 });
    expect(run('openssl x509 -in g.pem -noout -subject')).toEqual({ out: '', err: 'Could not read certificate from g.pem\nUnable to load certificate\n', code: 1 });
    expect(run('openssl req -in g.pem -noout -subject')).toEqual({
      out: '',
      err: 'Unable to load X509 request\n800B7EA6AA7F0000:error:0480006C:PEM routines:get_name:no start line:../crypto/pem/pem_lib.c:760:Expecting: CERTIFICATE REQUEST\n',
      code: 1,
    });
    expect(run('openssl x509 -in nofile -noout -subject').err).toMatch(/^Could not open file or uri for loading certificate from nofile\n[\s\S]*\nUnable to load certificate\n$/);
  });
});
