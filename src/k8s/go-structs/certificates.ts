/**
 * certificates.k8s.io/v1 field schemas (strict decoding) of CertificateSigningRequest, as
 * k8s.io/api v0.36's certificates/v1 types.go declares them: `request` is []byte (base64 in
 * JSON), the requestor fields are the server's to fill, `status` is written by the approver and
 * the signer only.
 */
import type { StructSchema } from './core';

const TYPE_META = { apiVersion: 'string?', kind: 'string?' };

export const CERTIFICATES_STRUCTS: Record<string, StructSchema> = {
  CertificateSigningRequest: { go: 'v1.CertificateSigningRequest', fields: { ...TYPE_META, metadata: 'ObjectMeta', spec: 'CertificateSigningRequestSpec', status: 'any' } },
  CertificateSigningRequestSpec: {
    go: 'v1.CertificateSigningRequestSpec',
    fields: { request: 'bytes', signerName: 'string', expirationSeconds: '*int32', usages: '[]string', username: 'string?', uid: 'string?', groups: '[]string', extra: 'any' },
  },
};
