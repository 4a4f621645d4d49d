import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../functions/api/route-table';

describe("the README's route table", () => {
  it('is the one the contracts make (run `npm run docs:routes` after changing a route)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf('<!-- routes:start -->\n') + '<!-- routes:start -->\n'.length;
    const end = readme.indexOf('\n<!-- routes:end -->');
    expect(readme.slice(start, end)).toBe(routeTable());
  });
});
