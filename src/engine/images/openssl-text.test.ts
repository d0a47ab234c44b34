import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pemDecode } from '../../k8s/der';
import { parseCertificateRequest, parseX509 } from '../../k8s/pkix';
import { opensslCertificateText, opensslRequestText } from './openssl-text';

const DATA = join(__dirname, 'testdata', 'openssl');
const read = (f: string): string => readFileSync(join(DATA, f), 'utf8');
const der = (f: string): Uint8Array => pemDecode(read(f))!.der;

// Real OpenSSL 3.0.19 files and the `-text` it printed for them (testdata/openssl/README.md).
describe('openssl -text layouts', () => {
  it('prints a request as `openssl req -noout -text` did', () => {
    const req = parseCertificateRequest(der('jane.csr'))!;
    expect(req.subject).toEqual([
      { type: 'CN', value: 'jane' },
      { type: 'O', value: 'dev' },
    ]);
    expect(opensslRequestText(req)).toBe(read('jane.csr.txt'));
  });

  it('prints a certificate as `openssl x509 -noout -text` did: a long serial in colon hex, extensions in their order', () => {
    const cert = parseX509(der('jane.crt'))!;
    expect(cert.extKeyUsage).toEqual(['clientAuth']);
    expect(opensslCertificateText(cert)).toBe(read('jane.crt.txt'));
  });

  it('prints a serial that fits a long as decimal and hex', () => {
    expect(opensslCertificateText(parseX509(der('j2.crt'))!)).toBe(read('j2.crt.txt'));
  });
});
