import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../functions/api/route-table';

describe('the route table of docs/routes.md', () => {
  it('is the one the contracts make (run `npm run docs:routes` after changing a route)', () => {
    const page = readFileSync('docs/routes.md', 'utf8');
    expect(page).toContain('<!-- routes:start -->\n');
    expect(page).toContain('\n<!-- routes:end -->');
    const start = page.indexOf('<!-- routes:start -->\n') + '<!-- routes:start -->\n'.length;
    const end = page.indexOf('\n<!-- routes:end -->');
    expect(page.slice(start, end)).toBe(routeTable());
  });
});
