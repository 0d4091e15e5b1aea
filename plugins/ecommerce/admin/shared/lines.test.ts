import { describe, expect, it } from 'vitest';
import { itemsSummary } from './lines';

const line = { product_id: 'p', image: '', amount: 100, type: 'onetime' as const, frequency: null };

describe('items summary', () => {
  it('names each line and its quantity when more than one', () => {
    expect(
      itemsSummary([
        { ...line, title: 'Course pack', quantity: 2 },
        { ...line, title: 'Club', quantity: 1 },
      ]),
    ).toBe('Course pack ×2, Club');
    expect(itemsSummary([])).toBe('');
  });
});
