import { describe, expect, it } from 'vitest';
import { linkLocal } from './netns';

describe('linkLocal', () => {
  it('derives the EUI-64 address as the kernel does, compressed as inet_ntop prints it (recorded: 02:fc:00:00:00:01 → fe80::fc:ff:fe00:1)', () => {
    expect(linkLocal('02:fc:00:00:00:01')).toBe('fe80::fc:ff:fe00:1');
    expect(linkLocal('6e:2b:e8:1b:6f:94')).toBe('fe80::6c2b:e8ff:fe1b:6f94');
    expect(linkLocal('ee:ee:ee:ee:ee:ee')).toBe('fe80::ecee:eeff:feee:eeee');
  });
});
