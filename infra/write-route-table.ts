import { readFileSync, writeFileSync } from 'node:fs';
import { routeTable } from '../functions/api/route-table';

/** Rewrites the README's route table between its markers from the contracts. */
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';
const readme = readFileSync('README.md', 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} markers`);
writeFileSync('README.md', `${readme.slice(0, from + START.length)}\n${routeTable()}\n${readme.slice(to)}`);
console.log('README.md route table rewritten');
