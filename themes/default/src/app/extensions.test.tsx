import { describe, expect, it } from 'vitest';
import type { SitePageData, SiteRoute, ThemeExtensions } from '@lectern/sdk';
import { theme } from '../theme.js';
import { renderSitePage } from '../render/render-page.js';
import { contentItem, pageData, viewer } from '../testing/page-data.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const render = (data: SitePageData, extensions?: ThemeExtensions) =>
  renderSitePage(data, { manifest: null, now: NOW, ...(extensions === undefined ? {} : { extensions }) });
const embedded = (html: string) =>
  JSON.parse(/<script type="application\/json" id="lectern-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { data: SitePageData };
/** The document without its JSON data block: what the visitor sees. */
const markup = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
const mainOf = (html: string) => /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';

/** A plugin's view as the LMS would write one: a React component of the loader's data and the page. */
function CourseView({ data, page }: { data: unknown; page: SitePageData }) {
  const course = data as { title?: string; lessons?: string[] };
  return (
    <section data-testid="course-view">
      <h1>{course.title}</h1>
      <ol>
        {(course.lessons ?? []).map((lesson) => (
          <li key={lesson}>{lesson}</li>
        ))}
      </ol>
      <p>{`Viewed on ${page.shell.account.name}`}</p>
    </section>
  );
}

const extensions: ThemeExtensions = {
  views: new Map([['lms/course', CourseView]]),
  blocks: {
    CourseGrid: {
      label: 'Courses',
      fields: { heading: { type: 'text' } },
      defaultProps: { heading: 'Popular' },
      render: ({ heading }: { heading?: unknown }) => <p data-testid="course-grid">{`${String(heading)} courses`}</p>,
    },
    // A plugin cannot change how the theme's own blocks draw.
    Heading: { fields: {}, defaultProps: {}, render: () => <p>hijacked</p> },
    // Not a block: skipped.
    Broken: { fields: null },
  },
};

const course = (chrome = true): SiteRoute => ({
  kind: 'plugin',
  plugin: 'lms',
  view: 'course',
  chrome,
  params: { slug: 'baking' },
  data: { title: 'Baking bread', lessons: ['Flour', 'Yeast'] },
  adminLinks: [],
});
const headerNotice = { enable_header_notice: true, header_notice: '<p>Open day on Friday</p>' };
const heading = (text: string) => ({ root: { props: {} }, content: [{ type: 'Heading', props: { id: text, text, level: 'h2' } }] });

describe("plugins' pages", () => {
  it("draws the plugin's view with the loader's data in the main area, with header and footer", () => {
    const { status, html } = render(pageData({ route: course(), path: '/course/baking' }), extensions);
    expect(status).toBe(200);
    const main = mainOf(html);
    expect(main).toContain('<h1>Baking bread</h1>');
    expect(main).toContain('<li>Flour</li><li>Yeast</li>');
    expect(main).toContain('Viewed on Maple School');
    expect(html).toContain('data-testid="site-header"');
    expect(html).toContain('data-testid="site-footer"');
  });

  it('drops header, footer, notices and the admin rail for a page without chrome', () => {
    const html = markup(
      render(pageData({ route: course(false), path: '/checkout', viewer: viewer(['manage_options']) }, { notices: headerNotice }), extensions).html,
    );
    expect(mainOf(html)).toContain('<h1>Baking bread</h1>');
    expect(html).not.toContain('data-testid="site-header"');
    expect(html).not.toContain('data-testid="site-footer"');
    expect(html).not.toContain('Open day on Friday');
    expect(html).not.toContain('admin-rail');
    // The same page with chrome has all of them.
    const withChrome = markup(render(pageData({ route: course(true), viewer: viewer(['manage_options']) }, { notices: headerNotice }), extensions).html);
    expect(withChrome).toContain('Open day on Friday');
    expect(withChrome).toContain('data-testid="admin-rail"');
  });

  it('answers 404 with the not-found page when the view is missing', async () => {
    const page = await theme.render(pageData({ route: course(), path: '/course/baking' }));
    expect(page.status).toBe(404);
    expect(page.html).toContain('data-testid="not-found"');
    expect(page.html).not.toContain('course-view');
    expect((await theme.render(pageData({ route: course() }), extensions)).status).toBe(200);
  });

  it("keeps the loader's data out of the page's embedded JSON (the browser keeps the HTML)", () => {
    const { html } = render(pageData({ route: course() }), extensions);
    const route = embedded(html).data.route;
    expect(route).toMatchObject({ kind: 'plugin', plugin: 'lms', view: 'course', chrome: true, data: null });
    expect(html.match(/Yeast/g)).toHaveLength(1);
  });
});

describe("plugins' blocks", () => {
  it('draws them in stored pages, posts and the home page; the theme keeps its own blocks', () => {
    const document = {
      root: { props: {} },
      content: [
        { type: 'CourseGrid', props: { id: 'g' } },
        { type: 'Heading', props: { id: 'h', text: 'Ours', level: 'h2' } },
        { type: 'Broken', props: {} },
      ],
    };
    for (const route of [
      { kind: 'page', page: contentItem({ document }), preview: false },
      { kind: 'post', post: contentItem({ type: 'post', document }), preview: false },
      { kind: 'home', page: contentItem({ document }) },
    ] satisfies SiteRoute[]) {
      const main = mainOf(render(pageData({ route }), extensions).html);
      expect(main).toContain('<p data-testid="course-grid">Popular courses</p>');
      expect(main).toContain('Ours');
      expect(main).not.toContain('hijacked');
    }
  });

  it('skips them when the plugin is off for the site', () => {
    const document = { root: { props: {} }, content: [{ type: 'CourseGrid', props: { id: 'g' } }] };
    const { status, html } = render(pageData({ route: { kind: 'page', page: contentItem({ document }), preview: false } }));
    expect(status).toBe(200);
    expect(html).not.toContain('course-grid');
  });
});

describe('the header and footer documents of the visual editor', () => {
  it('draws the header document as a band inside the site header, under the bar', () => {
    const base = pageData();
    const { html } = render(
      pageData(
        {},
        { header: { ...base.shell.header, document: { root: { props: {} }, content: [{ type: 'CourseGrid', props: { id: 'g', heading: 'New' } }] } } },
      ),
      extensions,
    );
    expect(html).toMatch(
      /<header class="site-header[^"]*" data-testid="site-header"><div class="site-header__inner">[\s\S]*<\/div><div class="site-header__band"><div class="site-header__document" data-testid="header-document">(?:<!--\$-->)?<p data-testid="course-grid">New courses<\/p>(?:<!--\/\$-->)?<\/div><\/div><\/header>/,
    );
  });

  it('draws the footer document above the footer columns', () => {
    const base = pageData();
    const { html } = render(pageData({}, { footer: { ...base.shell.footer, document: heading('Join our newsletter') } }));
    expect(html).toMatch(
      /<footer class="site-footer site-footer--dark" data-testid="site-footer"><div class="site-footer__document" data-testid="footer-document">[\s\S]*Join our newsletter[\s\S]*<\/div><div class="site-footer__columns">/,
    );
    // A footer with nothing else still shows its document.
    const only = render(pageData({}, { footer: { document: heading('Only this') } })).html;
    expect(only).toContain('Only this');
    expect(only).not.toContain('site-footer--empty');
  });

  it('adds no element for an empty document', () => {
    const base = pageData();
    const empty = { root: { props: {} }, content: [] };
    const { html } = render(pageData({}, { header: { ...base.shell.header, document: empty }, footer: { ...base.shell.footer, document: empty } }));
    expect(html).not.toContain('site-header__band');
    expect(html).not.toContain('header-document');
    expect(html).not.toContain('footer-document');
    expect(html).toBe(render(pageData()).html);
  });

  it('sends the browser whether there is a header document, not its blocks, and nothing of the footer document', () => {
    const base = pageData();
    const { html } = render(
      pageData(
        {},
        { header: { ...base.shell.header, document: heading('Spring sale') }, footer: { ...base.shell.footer, document: heading('Join our newsletter') } },
      ),
    );
    const shell = embedded(html).data.shell;
    expect(shell.header.document).toEqual({ root: { props: {} }, content: [{ type: 'Heading', props: {} }] });
    expect(shell.footer.document).toBeUndefined();
    expect(html.match(/Spring sale/g)).toHaveLength(1);
    expect(html.match(/Join our newsletter/g)).toHaveLength(1);
  });
});
