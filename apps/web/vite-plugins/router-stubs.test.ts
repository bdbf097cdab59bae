import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_STUBS } from './router-stubs.ts';

// The stand-ins must keep matching the installed React Router: the module that imports the
// replaced one still does so by that specifier, and a stand-in exports every name of the module it
// replaces (a missing one would break the browser build; an extra export on React Router's side
// means the stand-in needs a look).
const require = createRequire(import.meta.url);
const routerDist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');

function exportedNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/^export \{([^}]*)\};?$/gm)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names.sort();
}

describe('React Router stand-ins of the browser build', () => {
  for (const stub of ROUTER_STUBS) {
    it(`${stub.importer} imports ${stub.source}, and the stand-in has all its exports`, async () => {
      const importer = readFileSync(join(routerDist, stub.importer), 'utf8');
      expect(importer).toContain(`from "${stub.source}"`);
      const replaced = readFileSync(join(routerDist, dirname(stub.importer), stub.source), 'utf8');
      const names = exportedNames(replaced);
      expect(names.length).toBeGreaterThan(0);
      const standIn: Record<string, unknown> = await import(stub.stub);
      expect(Object.keys(standIn).sort()).toEqual(names);
    });
  }
});
