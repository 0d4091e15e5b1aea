import { describe, expect, it } from 'vitest';
import { containsProfanity, maskProfanity } from './profanity.js';

describe('profanity check (SPEC §5)', () => {
  it('finds listed words whatever their case, in more than one language', () => {
    expect(containsProfanity('What a SHIT day')).toBe(true);
    expect(containsProfanity('du Arschloch')).toBe(true);
    expect(containsProfanity('Lovely course, thank you')).toBe(false);
    expect(containsProfanity('')).toBe(false);
  });

  it('matches whole words only', () => {
    expect(containsProfanity('Scunthorpe and Essex are towns; arsenic is a poison')).toBe(false);
  });

  it('masks a listed word with *', () => {
    expect(maskProfanity('what the fuck')).toBe('what the *uck');
    expect(maskProfanity('nothing here')).toBe('nothing here');
  });
});
