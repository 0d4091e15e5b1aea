import type { Config } from '@puckeditor/core';
import { describe, expect, it } from 'vitest';
import { withIds } from './block-ids';

const render = () => null as never;
const config: Config = {
  components: {
    Heading: { fields: { text: { type: 'text' } }, render },
    Columns: { fields: { left: { type: 'slot' }, right: { type: 'slot' } }, render },
  },
};

describe('opening a stored document in the editor', () => {
  it('gives every block an id, nested ones and drop-zone ones included, and keeps existing ids', () => {
    const data = withIds(
      {
        root: { props: { title: 'x' } },
        content: [
          { type: 'Heading', props: { id: 'kept-1', text: 'A' } },
          { type: 'Columns', props: { left: [{ type: 'Heading', props: { text: 'B' } }], right: [] } },
        ],
        zones: { 'kept-1:extra': [{ type: 'Heading', props: { text: 'C' } }] },
      },
      config,
    );
    const [first, columns] = data.content;
    expect(first?.props.id).toBe('kept-1');
    expect(columns?.props.id).toMatch(/^Columns-/);
    const nested = (columns?.props.left as Array<{ props: { id?: string; text: string } }>)[0];
    expect(nested?.props).toMatchObject({ text: 'B', id: expect.stringMatching(/^Heading-/) });
    expect(data.zones?.['kept-1:extra']?.[0]?.props.id).toMatch(/^Heading-/);
    expect(data.root.props).toEqual({ title: 'x' });
    const ids = [columns?.props.id, nested?.props.id, data.zones?.['kept-1:extra']?.[0]?.props.id];
    expect(new Set(ids).size).toBe(3);
  });

  it('opens an empty document as an empty page', () => {
    const data = withIds({ root: {}, content: [] }, config);
    expect(data.content).toEqual([]);
    expect(data).not.toHaveProperty('zones');
  });
});
