import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { EmailBlock } from './blocks.js';

/** A campaign drawn once, with placeholders where each person's details and links go. */
export interface MessageTemplate {
  subject: string;
  html: string;
  text: string;
  /** The addresses the message links to, in order: `{{link_N}}` in the template is the N-th. */
  links: string[];
}

export interface TemplateWords {
  /** The footer's line with `{{site}}` filled: why the person gets this. */
  why: string;
  unsubscribe: string;
}

const colors = { text: '#1f2937', muted: '#6b7280', accent: '#2563eb', line: '#e5e7eb', page: '#f3f4f6' };
const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((part) => part.trim() !== '');

function Block({ block, link }: { block: EmailBlock; link: (url: string) => string }) {
  switch (block.type) {
    case 'heading':
      return (
        <Heading as="h2" style={{ color: colors.text, fontSize: '22px', lineHeight: '28px', margin: '24px 0 8px' }}>
          {block.text}
        </Heading>
      );
    case 'text':
      return (
        <>
          {paragraphs(block.text).map((paragraph, index) => (
            <Text key={index} style={{ color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', whiteSpace: 'pre-line' }}>
              {paragraph.trim()}
            </Text>
          ))}
        </>
      );
    case 'button':
      return (
        <Section style={{ margin: '8px 0 24px' }}>
          <Button
            href={link(block.url)}
            style={{
              background: colors.accent,
              color: '#ffffff',
              borderRadius: '6px',
              padding: '12px 20px',
              fontSize: '16px',
              fontWeight: 600,
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'image':
      return <Img src={block.url} alt={block.alt} width="560" style={{ maxWidth: '100%', height: 'auto', margin: '0 0 16px', border: 0 }} />;
    case 'divider':
      return <Hr style={{ borderColor: colors.line, margin: '24px 0' }} />;
  }
}

/**
 * Renders a campaign to e-mail-safe HTML (tables and inline styles, through React Email) and its
 * plain-text twin, once for the whole send: each person's name, links (tracked through their own
 * token), unsubscribe address and open pixel are placeholders filled by `personalize`.
 */
export async function renderCampaign(
  message: { subject: string; preheader: string; blocks: readonly EmailBlock[] },
  site: { name: string; language: string },
  words: TemplateWords,
): Promise<MessageTemplate> {
  const links: string[] = [];
  const link = (url: string) => {
    links.push(url);
    return `{{link_${links.length - 1}}}`;
  };
  const body = message.blocks.map((block, index) => <Block key={index} block={block} link={link} />);
  const document = (
    <Html lang={site.language}>
      <Head />
      {message.preheader.trim() === '' ? null : <Preview>{message.preheader}</Preview>}
      <Body style={{ background: colors.page, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ background: '#ffffff', borderRadius: '8px', maxWidth: '600px', padding: '8px 20px 24px' }}>
          {body}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            {words.why}{' '}
            <Link href="{{unsubscribe_url}}" style={{ color: colors.muted, textDecoration: 'underline' }}>
              {words.unsubscribe}
            </Link>
          </Text>
          <Img src="{{open_url}}" width="1" height="1" alt="" style={{ display: 'block', border: 0 }} />
        </Container>
      </Body>
    </Html>
  );
  const html = await render(document);
  return { subject: message.subject, html, text: toPlainText(html), links };
}

const PLACEHOLDER = /\{\{\s*([a-z_0-9]+)\s*\}\}/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** What fills one person's copy: their details, and each link already made theirs (tracked). */
export interface PersonValues {
  name: string;
  email: string;
  site: string;
  unsubscribe_url: string;
  open_url: string;
  links: readonly string[];
}

/** One person's copy of the template, in one pass (a value holding braces is never read as a placeholder). */
export function personalize(template: MessageTemplate, values: PersonValues): { subject: string; html: string; text: string } {
  const valueOf = (key: string): string | undefined => {
    if (key.startsWith('link_')) return values.links[Number(key.slice(5))];
    return key === 'name' || key === 'email' || key === 'site' || key === 'unsubscribe_url' || key === 'open_url' ? values[key] : undefined;
  };
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(PLACEHOLDER, (whole, key: string) => {
      const value = valueOf(key);
      return value === undefined ? whole : escape(value);
    });
  return {
    subject: fill(template.subject, (value) => value)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: fill(template.html, escapeHtml),
    text: fill(template.text, (value) => value),
  };
}
