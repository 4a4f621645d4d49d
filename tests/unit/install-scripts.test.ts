import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * npm 12 skips the install scripts of dependencies that `allowScripts` in package.json does not
 * name. The pinned `node` package downloads Node 22 in one, so an install that skipped it would
 * run every script on the machine's own Node. Every installed package with an install script is
 * named there, and nothing is named that no longer has one.
 */
const root = resolve(import.meta.dirname, '../..');
const HOOKS = ['preinstall', 'install', 'postinstall'] as const;

interface Manifest {
  name?: string;
  scripts?: Partial<Record<string, string>>;
  allowScripts?: Record<string, boolean>;
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** Every package folder under node_modules, nested ones and scoped ones included. */
function packageDirs(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const dir = join(modules, entry.name);
      if (entry.name.startsWith('@')) return packageDirs(dir);
      return [dir, ...packageDirs(join(dir, 'node_modules'))];
    });
}

/** What npm runs at install: its scripts, and node-gyp for a package with a binding.gyp and no install script. */
const runsAtInstall = (dir: string, manifest: Manifest) =>
  HOOKS.some((hook) => manifest.scripts?.[hook]) || existsSync(join(dir, 'binding.gyp'));

describe('install scripts', () => {
  const allowed = read(join(root, 'package.json')).allowScripts ?? {};
  const withScripts = [
    ...new Set(
      packageDirs(join(root, 'node_modules')).flatMap((dir) => {
        const path = join(dir, 'package.json');
        if (!existsSync(path)) return [];
        const manifest = read(path);
        return manifest.name && runsAtInstall(dir, manifest) ? [manifest.name] : [];
      }),
    ),
  ].sort();

  it('names every installed package that runs one in allowScripts', () => {
    expect(withScripts).toContain('node');
    expect(withScripts.filter((name) => allowed[name] === undefined)).toEqual([]);
  });

  it('names nothing that no longer runs one', () => {
    expect(Object.keys(allowed).filter((name) => !withScripts.includes(name))).toEqual([]);
  });
});
