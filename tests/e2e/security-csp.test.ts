import { describe, expect, it } from 'vitest';
import { openSession, pathOf } from './browser';
import { signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * The CSP is strict enough to matter and must still let the app work: every page a user walks
 * through loads, renders and reports no violation (the browser fires `securitypolicyviolation`
 * for each thing it refused).
 */
describe('the Content-Security-Policy fits the app', () => {
  const browser = useBrowser();

  it('signing in and walking the main pages raises no CSP violation', async () => {
    const { context, page, url } = await openSession(browser());
    try {
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
        );
      });
      const violations: string[] = [];
      const collect = async () => {
        violations.push(
          ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
        );
      };
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });

      await page.goto(url('/auth'));
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await collect();
      const account = await verifiedAccount('Csp');
      await signIn(page, url, account);
      for (const path of ['/', '/settings/user', '/settings/companies', '/calendar', '/media', '/dev/mailbox']) {
        await page.goto(url(path));
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Everything the page loads after its first paint (lazy parts, data) has come in.
        await untilLoaded(page);
        expect(pathOf(page), path).not.toBe('/auth');
        await collect();
      }
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
