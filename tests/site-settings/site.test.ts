import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface SiteBody {
  name: string;
  slug: string;
  custom_domain: string | null;
  settings: Record<string, unknown>;
  menus: Record<string, unknown>;
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
  theme: Record<string, unknown>;
  misc: Record<string, unknown>;
  notices: Record<string, unknown>;
  languages: string[];
  currencies: Array<{ code: string; digits: number; name: string }>;
}

const item = (id: string, label: string, extra: Record<string, unknown> = {}, parent?: string) => ({
  id,
  ...(parent === undefined ? {} : { parent }),
  data: { menuItem: { label, item_url: `/${id}`, item_type: 'plain', ...extra } },
});

describe('site settings', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ name: 'Maple School' });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async () => {
    const res = await t.request({ url: '/api/account/site', as: owner });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SiteBody;
  };
  const put = (payload: unknown, as: TestMember = owner) => t.request({ method: 'PUT', url: '/api/account/site', as, payload });
  const expectInvalid = async (payload: unknown, pathOrMessage: RegExp) => {
    const res = await put(payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe('validation_failed');
    expect(body.message).toMatch(pathOrMessage);
  };

  it('shows the site with the new-account defaults, the 20 languages and ISO currencies', async () => {
    const site0 = await read();
    expect(site0).toMatchObject({ name: 'Maple School', slug: site.slug, custom_domain: null });
    expect(site0.settings).toMatchObject({ sitetitle: 'Maple School', currency: 'USD', defaultLanguage: 'en', logo_width: 4 });
    expect(site0.languages).toHaveLength(20);
    expect(site0.languages).toEqual(expect.arrayContaining(['en', 'ar', 'uk', 'th', 'bn']));
    const byCode = new Map(site0.currencies.map((c) => [c.code, c]));
    expect(byCode.get('USD')).toEqual({ code: 'USD', digits: 2, name: 'US Dollar' });
    expect(byCode.get('JPY')?.digits).toBe(0);
    expect(byCode.get('BHD')?.digits).toBe(3);
    expect(byCode.has('BDT')).toBe(true);
    // Metals and the testing code are not money anyone prices in.
    expect(byCode.has('XAU')).toBe(false);
    expect(byCode.has('XTS')).toBe(false);
    expect(site0.currencies.length).toBeGreaterThan(150);
  });

  it('lets only managers read or change the settings', async () => {
    expect((await t.request({ url: '/api/account/site', as: student })).statusCode).toBe(403);
    const res = await put({ name: 'Hijacked' }, student);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
    expect((await t.request({ url: '/api/account/site', account: site })).statusCode).toBe(401);
    expect((await read()).name).toBe('Maple School');
  });

  it('saves each section and reads it back; a section sent replaces the stored one whole', async () => {
    const settings = {
      logo: 'site-assets/logo.png',
      dark_logo: 'https://cdn.example.com/dark.svg',
      icon: 'site-assets/icon.png',
      sitetitle: 'Maple Academy',
      logo_width: 6,
      currency: 'EUR',
      defaultLanguage: 'fr',
      onboard: true,
      backend: { url: 'https://abc.supabase.co', key: 'public-anon-key' },
    };
    const header = {
      header_style: 'centered',
      header_fix: true,
      header_fontsize: 16,
      header_darklight: true,
      header_search: false,
      header_cart: true,
      header_login: true,
    };
    const footer = {
      footer_style: 'dark',
      footer_columns: [
        { title: 'Links', type: 'links', width: 3, data: [{ label: 'About', url: '/about' }] },
        { title: 'Contact', type: 'text', width: 6, data: '<p>Call us</p>' },
      ],
      footer_bottom: '<p>© Maple</p>',
      footer_bottom_links: [{ label: 'Privacy', url: '/privacy' }],
    };
    const theme = { bodyStyle: 'boxed', mode: 'dark', primaryColor: '#123abc' };
    const notices = {
      enable_header_notice: true,
      header_notice: 'Enrolment opens Monday',
      header_notice_bg: 'rgba(0, 128, 255, 0.5)',
      header_notice_start: 1_760_000_000_000,
      header_notice_expire: 1_760_086_400_000,
      enable_footer_notice: false,
      footer_notice: 'Cookies',
      footer_notice_bg: '#fff',
    };
    const menus = { header: [item('home', 'Home'), item('courses', 'Courses', { children: [item('math', 'Math')] })], mobile: [item('home', 'Home')] };
    const misc = { scripts: '<script>window.analytics = 1</script>' };
    const res = await put({ name: 'Maple Academy Ltd', settings, header, footer, theme, notices, menus, misc });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { name: 'Maple Academy Ltd', settings, header, footer, theme, notices, menus, misc };
    expect(res.json()).toMatchObject(expected);
    expect(await read()).toMatchObject(expected);

    // The public site configuration sees the change at once (the cached account was purged).
    const config = await t.request({ url: '/api/site/config', account: site });
    expect(config.json()).toMatchObject({ name: 'Maple Academy Ltd', language: 'fr', currency: 'EUR', theme });

    // Sending a section replaces it: fields left out are gone; other sections stay.
    const again = await put({ header: { header_style: 'minimal' } });
    expect(again.statusCode, again.body).toBe(200);
    const after = again.json() as SiteBody;
    expect(after.header).toEqual({ header_style: 'minimal' });
    expect(after.footer).toEqual(footer);
    expect(after.settings).toEqual(settings);
  });

  it('removes scripts from mega-menu columns and other rich text but keeps the formatting', async () => {
    const mega = {
      item_type: 'megamenu',
      mega_menu: {
        columnCount: 2,
        columns: [
          { colSpan: 1, rowSpan: 1, content: '<h4>Courses</h4><script>alert(1)</script><a href="/c" onclick="steal()">All</a>' },
          { colSpan: 1, rowSpan: 2, content: '<img src="javascript:alert(1)"><b>New</b>' },
        ],
      },
    };
    const res = await put({
      menus: { header: [item('shop', 'Shop', mega)] },
      footer: { footer_columns: [{ title: 'About', type: 'text', data: '<p>Hi</p><script>x()</script>' }] },
      notices: { header_notice: '<b>Sale</b><img src=x onerror="alert(1)">' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = (await read()) as SiteBody & { menus: { header: Array<{ data: { menuItem: { mega_menu: { columns: Array<{ content: string }> } } } }> } };
    const [first, second] = body.menus.header[0]!.data.menuItem.mega_menu.columns;
    expect(first!.content).toBe('<h4>Courses</h4><a href="/c">All</a>');
    expect(second!.content).not.toMatch(/javascript|script/);
    expect(second!.content).toContain('<b>New</b>');
    expect((body.footer.footer_columns as Array<{ data: string }>)[0]!.data).toBe('<p>Hi</p>');
    expect(body.notices.header_notice).not.toMatch(/onerror/);
    expect(body.notices.header_notice).toContain('<b>Sale</b>');
  });

  it('refuses bad colours', async () => {
    for (const colour of ['red', '#12345', '#ggg', 'rgba(300, 0, 0, 1)', 'rgba(0,0,0)', 'rgb(0,0,0,1)']) {
      await expectInvalid({ notices: { header_notice_bg: colour } }, /header_notice_bg/);
    }
    await expectInvalid({ theme: { primaryColor: '#zzzzzz' } }, /primaryColor/);
    // Accepted forms.
    for (const colour of ['#abc', '#A1B2C3', 'rgba(255,255,255,1)', 'rgba(0, 0, 0, 0.25)']) {
      expect((await put({ notices: { footer_notice_bg: colour } })).statusCode, colour).toBe(200);
    }
  });

  it('refuses unknown currencies and languages and out-of-range logo widths', async () => {
    await expectInvalid({ settings: { currency: 'ABC' } }, /currency/);
    await expectInvalid({ settings: { currency: 'usd' } }, /currency/);
    await expectInvalid({ settings: { defaultLanguage: 'xx' } }, /defaultLanguage/);
    await expectInvalid({ settings: { logo_width: 0 } }, /logo_width/);
    await expectInvalid({ settings: { logo_width: 41 } }, /logo_width/);
    await expectInvalid({ settings: { logo: 'javascript:alert(1)' } }, /logo/);
    await expectInvalid({ settings: { backend: { url: 'http://insecure.example.com', key: 'k' } } }, /backend/);
    expect((await put({ settings: { currency: 'JPY', defaultLanguage: 'ja', backend: { server_id: 'srv-1' } } })).statusCode).toBe(200);
    expect((await read()).settings).toEqual({ currency: 'JPY', defaultLanguage: 'ja', backend: { server_id: 'srv-1' } });
  });

  it('refuses menus nested deeper than three levels, by children or by parent ids', async () => {
    const deep = item('a', 'A', { children: [item('b', 'B', { children: [item('c', 'C', { children: [item('d', 'D')] })] })] });
    await expectInvalid({ menus: { header: [deep] } }, /children|must NOT have additional properties/);
    const flat = [item('a', 'A'), item('b', 'B', {}, 'a'), item('c', 'C', {}, 'b'), item('d', 'D', {}, 'c')];
    await expectInvalid({ menus: { mobile: flat } }, /at most 3 levels/);
    await expectInvalid({ menus: { header: [item('a', 'A', {}, 'b'), item('b', 'B', {}, 'a')] } }, /cycle/);
    await expectInvalid({ menus: { header: [item('a', 'A', {}, 'missing')] } }, /not in the menu/);
    await expectInvalid({ menus: { header: [item('a', 'A'), item('a', 'Again')] } }, /used twice/);
    // Three levels are fine, mixing both ways of nesting.
    const ok = [item('a', 'A'), item('b', 'B', { children: [item('c', 'C')] }, 'a')];
    const res = await put({ menus: { header: ok } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses unknown properties, bad labels and notices that expire before they start', async () => {
    await expectInvalid({ settings: { plan: 'enterprise' } }, /additional properties/);
    await expectInvalid({ colour: 'blue' }, /additional properties/);
    await expectInvalid({ header: { header_fix: true, sticky: true } }, /additional properties/);
    await expectInvalid({}, /fewer than 1 properties/);
    await expectInvalid({ menus: { header: [item('a', '')] } }, /label/);
    await expectInvalid({ menus: { header: [item('a', 'A', { item_type: 'dropdown' })] } }, /item_type/);
    await expectInvalid({ misc: { scripts: 'x'.repeat(20_001) } }, /scripts/);
    await expectInvalid({ notices: { header_notice_start: 2000, header_notice_expire: 1000 } }, /before/);
    await expectInvalid({ notices: { header_notice_start: 1000, header_notice_expire: 1000 } }, /before/);
    await expectInvalid({ name: '   ' }, /name/);
  });
});
