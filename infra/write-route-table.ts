import { readFileSync, writeFileSync } from 'node:fs';
import { routeTable } from '../functions/api/route-table';

/** Rewrites the route table of docs/routes.md between its markers from the contracts. */
const FILE = 'docs/routes.md';
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';
const page = readFileSync(FILE, 'utf8');
const from = page.indexOf(START);
const to = page.indexOf(END);
if (from < 0 || to < from) throw new Error(`${FILE} has no ${START} … ${END} markers`);
writeFileSync(FILE, `${page.slice(0, from + START.length)}\n${routeTable()}\n${page.slice(to)}`);
console.log(`${FILE} route table rewritten`);
