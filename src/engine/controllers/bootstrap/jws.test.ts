import { describe, expect, it } from 'vitest';
import { computeDetachedSignature } from './jws';

// k8s.io/cluster-bootstrap/token/jws's own vectors (jws_test.go).
const CONTENT = 'Hello from the other side. I must have called a thousand times.';

describe('computeDetachedSignature', () => {
  it('gives the signatures upstream’s tests expect, for content, empty content and an empty secret', () => {
    expect(computeDetachedSignature(CONTENT, 'joshua', 'my voice is my passcode')).toBe('eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..VShe2taLd-YTrmWuRkcL_8QTNDHYxQIEBsAYYiIj1_8');
    expect(computeDetachedSignature('', 'joshua', 'my voice is my passcode')).toBe('eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..7Ui1ALizW4jXphVUB7xUqC9vLYLL9RZeOFfVLoB7Tgk');
    expect(computeDetachedSignature(CONTENT, 'joshua', '')).toBe('eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..UfkqvDGiIFxrMnFseDj9LYJOLNrvjW8aHhF71mvvAs8');
  });
});
