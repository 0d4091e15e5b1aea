import { describe, expect, it } from 'vitest';
import { campaignLinks, type EmailBlock } from './blocks.js';
import { personalize, renderCampaign } from './render.js';

const BLOCKS: EmailBlock[] = [
  { type: 'heading', text: 'Spring <term>' },
  { type: 'text', text: 'Hello {{name}},\n\nsee you soon.' },
  { type: 'button', label: 'Courses', url: 'https://a.example.com/courses?x=1&y=2' },
  { type: 'divider' },
  { type: 'button', label: 'Shop', url: 'https://a.example.com/shop' },
];

describe('a campaign as e-mail', () => {
  it('draws e-mail-safe HTML and text once, with each link a numbered placeholder in the order tracking reads them', async () => {
    const template = await renderCampaign(
      { subject: 'News for {{name}}', preheader: 'Soon', blocks: BLOCKS },
      { name: 'Academy', language: 'fr' },
      { why: 'Why', unsubscribe: 'Leave' },
    );
    expect(template.links).toEqual(campaignLinks(BLOCKS));
    expect(template.links).toEqual(['https://a.example.com/courses?x=1&y=2', 'https://a.example.com/shop']);
    expect(template.html).toContain('<html dir="ltr" lang="fr">');
    expect(template.html).toContain('role="presentation"');
    expect(template.html).toContain('Spring &lt;term&gt;');
    expect(template.html).toContain('href="{{link_0}}"');
    expect(template.html).toContain('href="{{link_1}}"');
    expect(template.html).not.toContain('a.example.com');
    expect(template.text).toContain('Hello {{name}},');
    expect(template.text).toContain('{{unsubscribe_url}}');
  });

  it('fills one person’s copy in one pass, escaping what they typed in the HTML', async () => {
    const template = await renderCampaign(
      { subject: 'News for {{name}}', preheader: '', blocks: BLOCKS },
      { name: 'Academy', language: 'en' },
      { why: 'Why', unsubscribe: 'Leave' },
    );
    const copy = personalize(template, {
      name: '<b>Ada</b> {{link_0}}',
      email: 'ada@example.com',
      site: 'Academy',
      unsubscribe_url: 'https://academy.test/subscribe/unsubscribe?contact=1&token=2',
      open_url: 'https://academy.test/open/abc',
      links: ['https://academy.test/click/abc/0', 'https://academy.test/click/abc/1'],
    });
    expect(copy.subject).toBe('News for <b>Ada</b> {{link_0}}');
    expect(copy.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt; {{link_0}},');
    expect(copy.html).toContain('href="https://academy.test/click/abc/0"');
    expect(copy.html).toContain('href="https://academy.test/click/abc/1"');
    expect(copy.html).toContain('src="https://academy.test/open/abc"');
    expect(copy.html).toContain('https://academy.test/subscribe/unsubscribe?contact=1&amp;token=2');
    expect(copy.text).toContain('Hello <b>Ada</b> {{link_0}},');
    expect(copy.text).toContain('https://academy.test/click/abc/0');
    // Only the braces the person typed are left.
    expect(copy.text.replaceAll('Ada</b> {{link_0}}', '')).not.toContain('{{');
  });

  it('keeps a subject on one line', async () => {
    const template = await renderCampaign(
      { subject: 'Hi {{name}}', preheader: '', blocks: BLOCKS },
      { name: 'A', language: 'en' },
      { why: 'Why', unsubscribe: 'Leave' },
    );
    expect(personalize(template, { name: 'Ada\r\nBcc: x@evil.test', email: '', site: '', unsubscribe_url: '', open_url: '', links: [] }).subject).toBe(
      'Hi Ada Bcc: x@evil.test',
    );
  });
});
