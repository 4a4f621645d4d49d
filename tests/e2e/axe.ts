import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsEnded } from './support';

/** axe-core's browser build, injected into pages under test (never fetched from a CDN). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, the level the product commits to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[]; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe on the page once its finite animations and transitions have ended (a toast fading
 * in is part-transparent, and its blended colours are not the ones users read) and returns one
 * line per failing element, e.g.
 * `color-contrast .btn--primary: Fix any of the following: Element has insufficient color contrast…`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsEnded(page);
  // Evaluated through the DevTools protocol, which the app's CSP (script-src 'self') does not
  // govern: the pages are tested with their real policy on, no bypass needed.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_TAGS,
  );
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} ${node.target.join(' ')}: ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
    ),
  );
}
