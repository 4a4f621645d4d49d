import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';
import { serveSite, type LoopbackSite } from '../support/loopback-site';

/**
 * The Overview's lab Core Web Vitals card, after an audit with JavaScript rendering on a phone:
 * the site's figures with their levels, the pages' figures as a table, the device and "lab" said.
 * axe finds nothing; screenshots at 1366 and 390 px.
 */
let site: LoopbackSite;

/**
 * A page whose links a script writes. The home page also blocks the main thread after its first
 * paint and pushes its content down (a banner shown late), so its figures are not all great.
 */
const page = (
  title: string,
  links: string[],
  heavy = false,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><h1>${title}</h1><p id="intro">Fresh bread every morning from the harbour bakery, baked since 1921.</p>
<nav id="menu"></nav>
<script>
  for (const href of ${JSON.stringify(links)}) {
    const a = document.createElement('a'); a.href = href; a.textContent = 'Visit ' + href;
    document.getElementById('menu').append(a, ' ');
  }
  if (${heavy}) addEventListener('load', () => {
    setTimeout(() => { const until = performance.now() + 400; while (performance.now() < until) {} }, 50);
    setTimeout(() => { const banner = document.createElement('div'); banner.style.height = '400px';
      banner.textContent = 'Today only: two loaves for one'; document.body.prepend(banner); }, 100);
  });
</script></body></html>`;

beforeAll(async () => {
  site = await serveSite((req, res) => {
    const path = req.url ?? '/';
    const pages: Record<string, string> = {
      '/': page('Harbour bakery', ['/loaves', '/cakes'], true),
      '/loaves': page('Loaves at the harbour bakery', ['/']),
      '/cakes': page('Cakes at the harbour bakery', ['/']),
    };
    const body = pages[path];
    if (body) return void res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    res.writeHead(404).end();
  });
});
afterAll(() => site.close());

describe('the Core Web Vitals card', () => {
  const browser = useBrowser();

  it('shows the lab values of a rendered audit with their levels, at 1366 and 390 px', async () => {
    const account = await verifiedAccount('Vitals');
    const { page: tab, url } = await openSession(browser(), { viewport: { width: 1366, height: 900 } });
    await signIn(tab, url, account);
    const api = (path: string, method: string, data: unknown) =>
      tab.request.fetch(`${appUrl()}${path}`, { method, data, headers: { origin: appUrl() } });
    expect((await api('/api/company/company', 'PATCH', { website: site.origin })).status()).toBe(200);
    expect((await api('/api/seo/audit/settings', 'PUT', { renderJavaScript: true, device: 'mobile' })).status()).toBe(
      200,
    );

    await tab.goto(url('/seo-report'));
    await tab.getByRole('heading', { name: 'Overall Score' }).waitFor({ timeout: 90_000 });
    await tab.goto(url('/seo-report/overview'));
    const card = tab.locator('.card', { has: tab.getByRole('heading', { name: 'Core Web Vitals (lab)' }) });
    await card.waitFor();
    await expect
      .poll(() => card.getByText(/Lab values: measured by our crawler in a browser the size of a phone/).count())
      .toBe(1);
    const rows = card.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await card.getByRole('table').locator('tbody th').allTextContents()).toEqual(
      expect.arrayContaining(['/', '/loaves', '/cakes']),
    );
    await expect.poll(() => card.getByText(/lab stand-in for INP/).count()).toBe(1);
    // Every figure carries its level in words, not in colour only; the home page's late banner is a poor CLS.
    expect(await rows.first().locator('.badge').count()).toBe(3);
    const home = rows.filter({ has: tab.getByRole('rowheader', { name: '/', exact: true }) });
    expect(await home.getByText('Poor', { exact: true }).count()).toBe(1);
    await untilLoaded(tab);
    expect(await axeViolations(tab)).toEqual([]);
    await screenshot(card, 'audit-web-vitals-1366');
    await tab.setViewportSize({ width: 390, height: 844 });
    await untilLoaded(tab);
    await expect.poll(() => tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(card, 'audit-web-vitals-390');
    expect(await axeViolations(tab)).toEqual([]);

    // The settings say what the audit ran with: rendering on (this runtime has Chromium), a phone.
    await tab.goto(url('/seo-report/settings'));
    const rendering = tab.getByRole('checkbox', { name: 'Render JavaScript' });
    await rendering.waitFor();
    expect(await rendering.isChecked()).toBe(true);
    expect(await rendering.isEnabled()).toBe(true);
    expect(await tab.getByRole('combobox', { name: 'Device' }).inputValue()).toBe('mobile');
    await untilLoaded(tab);
    const settingsCard = tab.locator('.card', { has: tab.getByRole('heading', { name: 'JavaScript and device' }) });
    await screenshot(settingsCard, 'audit-rendering-settings-390');
    expect(await axeViolations(tab)).toEqual([]);
  }, 150_000);
});
