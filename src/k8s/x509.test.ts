import { describe, expect, it } from 'vitest';
import { parsePemCertificates } from './x509';

// openssl req -x509 -newkey ec … -subj /CN=webhook-ca, and a server certificate it signed with
// subjectAltName DNS:webhook,DNS:webhook.default,DNS:webhook.default.svc,IP:10.96.0.50.
const CA = `-----BEGIN CERTIFICATE-----
MIIBgjCCASegAwIBAgIUAoZhQiT1rrhmL3AY6YwTqPg+IfUwCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKd2ViaG9vay1jYTAgFw0yNjEyMDUyMjE4MzBaGA8yMTI2MTEx
MTIyMTgzMFowFTETMBEGA1UEAwwKd2ViaG9vay1jYTBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABHZJMMcw7waVBpF6SOV7nLH1x/nQ5XmSjPU2Mehq+JmcZX45fmGR
BkUCfs54HysMMQgimxqSfHqUtCsMXA1pYjWjUzBRMB0GA1UdDgQWBBQpw6yB4Fcs
uVYDU5vleR0J4E78DTAfBgNVHSMEGDAWgBQpw6yB4FcsuVYDU5vleR0J4E78DTAP
BgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQDjkwB17bZ9nU6RfbdU
Ny+a+8AO6xwb7vJhhkop6NVJFAIhAPPI5VQDghthAQ+Ylb7Gn+1Zl9tFugculKUJ
IARTL+8F
-----END CERTIFICATE-----`;
const SERVER = `-----BEGIN CERTIFICATE-----
MIIBxzCCAWygAwIBAgIUV+vpkpCgOIIyKzLSAytr9dnuuVkwCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKd2ViaG9vay1jYTAgFw0yNjEyMDUyMjE4MzBaGA8yMTI2MTEx
MTIyMTgzMFowHjEcMBoGA1UEAwwTd2ViaG9vay5kZWZhdWx0LnN2YzBZMBMGByqG
SM49AgEGCCqGSM49AwEHA0IABEJcLYhXnPQZoakOYYiW7tBWRR6NDYdQKIrjON3L
02gBCECvqe7d9zogHnTuRB5s8aAQRshQVVoz9ZT0xkD5W6GjgY4wgYswPgYDVR0R
BDcwNYIHd2ViaG9va4IPd2ViaG9vay5kZWZhdWx0ghN3ZWJob29rLmRlZmF1bHQu
c3ZjhwQKYAAyMAkGA1UdEwQCMAAwHQYDVR0OBBYEFDw4tAcNnOm8kHM48geGj43K
JPNRMB8GA1UdIwQYMBaAFCnDrIHgVyy5VgNTm+V5HQngTvwNMAoGCCqGSM49BAMC
A0kAMEYCIQDBw85z9uMlxWGzY1BdQVHnMWzmBZ5VHrw7GNSKgtJH/gIhAMqeDn3H
AiSbr/2QlrWXgQUxppgAOEXbs8jSaiWMuPMs
-----END CERTIFICATE-----`;

describe('parsePemCertificates', () => {
  it('reads subject, issuer, basicConstraints and subjectAltName from DER', () => {
    const [ca] = parsePemCertificates(CA);
    const [server] = parsePemCertificates(SERVER);
    expect(ca).toMatchObject({ subjectCN: 'webhook-ca', issuerCN: 'webhook-ca', isCA: true, dnsNames: [], ipAddresses: [] });
    expect(ca!.subject).toBe(ca!.issuer);
    expect(server).toMatchObject({ subjectCN: 'webhook.default.svc', issuerCN: 'webhook-ca', isCA: false, dnsNames: ['webhook', 'webhook.default', 'webhook.default.svc'], ipAddresses: ['10.96.0.50'] });
    expect(server!.issuer).toBe(ca!.subject);
  });

  it('reads every certificate of a bundle and skips what is not one', () => {
    expect(parsePemCertificates(`${SERVER}\n${CA}\n`).map((c) => c.subjectCN)).toEqual(['webhook.default.svc', 'webhook-ca']);
    expect(parsePemCertificates('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')).toEqual([]);
    expect(parsePemCertificates('not a pem')).toEqual([]);
  });
});
