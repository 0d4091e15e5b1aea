import { describe, expect, it } from 'vitest';
import { blockCount, blocksBody, EMPTY_DOCUMENT, isShellPart, storedDocument } from './shell-document';

const band = { root: { props: {} }, content: [{ type: 'RichText', props: { id: 'r1', html: '<p>Free shipping</p>' } }] };

describe('header and footer blocks', () => {
  it('opens the stored document, or an empty one when there is none or it is malformed', () => {
    expect(storedDocument({ header_search: true, document: band })).toEqual(band);
    expect(blockCount(storedDocument({ header_search: true }))).toBe(0);
    expect(storedDocument({ document: { content: 'nope' } })).toEqual(EMPTY_DOCUMENT);
    expect(storedDocument(undefined)).toEqual(EMPTY_DOCUMENT);
  });

  it("saves the blocks with the section's other settings kept, so the header keeps its buttons", () => {
    const stored = { header_style: 'classic', header_search: false, header_fontsize: 18, document: { root: { props: {} }, content: [] }, legacy_thing: 1 };
    expect(blocksBody('header', stored, band)).toEqual({ header: { header_style: 'classic', header_search: false, header_fontsize: 18, document: band } });
  });

  it('keeps the footer columns and bottom line when the footer blocks are cleared', () => {
    const stored = { footer_columns: [{ title: 'Links', type: 'links', data: [] }], footer_bottom: '<p>©</p>', document: band };
    expect(blocksBody('footer', stored, EMPTY_DOCUMENT)).toEqual({
      footer: { footer_columns: stored.footer_columns, footer_bottom: '<p>©</p>', document: EMPTY_DOCUMENT },
    });
    expect(blocksBody('footer', undefined, band)).toEqual({ footer: { document: band } });
  });

  it('knows the two parts by their route segment', () => {
    expect(isShellPart('header')).toBe(true);
    expect(isShellPart('footer')).toBe(true);
    expect(isShellPart('sidebar')).toBe(false);
    expect(isShellPart(undefined)).toBe(false);
  });
});
