// Fails when folders import each other in a loop (CONVENTIONS habit 8): in the web app, the API
// and each package, a folder's files may use another folder's only if that folder, directly or
// through others, uses nothing of theirs. Biome's noImportCycles catches loops between files;
// this catches the loops between folders that file-level checks let through (session imports
// the request state, which imports the session's type).
//
//   node scripts/lint/folder-loops.ts          # run by `npm run lint`
//
// Every relative import of the code counts, type-only ones too: a type is a dependency of the
// design even when the bundle drops it. Tests are left out (a test may reach into any folder to
// check it). A file directly in a root (apps/web/app/root.tsx, apps/api/src/app.ts) is a node of
// its own: those are the entry points that compose the folders, and a few modules every folder
// uses (the web's configuration), not a folder.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The trees checked, each on its own: imports between them (a package's) are not folder edges. */
export function sourceRoots(root = ROOT): string[] {
  const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join('packages', entry.name, 'src'));
  return ['apps/web/app', 'apps/api/src', ...packages];
}

const SOURCE = /\.(?:ts|tsx)$/;
const TEST = /\.test\.tsx?$/;
// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The relative imports of a source file, as the paths they name (a query such as `?url` dropped). */
export function relativeImports(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => (match[1] as string).split('?')[0] as string);
}

/** The node of a file: its folder relative to `root`, or the file itself when it lies in `root`. */
export function nodeOf(root: string, file: string): string {
  return relative(root, dirname(file)) || relative(root, file);
}

/** Folder → the folders its files import, inside `root`. */
export function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(root, file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier);
      const to = nodeOf(root, target);
      // Outside this root (another package, a test helper): not a folder of this tree.
      if (to.startsWith('..')) continue;
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The loops of a graph: its strongly connected components of more than one folder (Tarjan). */
export function folderLoops(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) loops.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

/** For a loop, one import of each edge inside it: which file of a folder imports which. */
function loopEdges(root: string, loop: string[]): string[] {
  const members = new Set(loop);
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(root, file);
    if (!members.has(from)) continue;
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier);
      const to = nodeOf(root, target);
      if (to === from || !members.has(to) || seen.has(`${from} ${to}`)) continue;
      seen.add(`${from} ${to}`);
      lines.push(`    ${from} -> ${to}  (${relative(root, file)} imports ${relative(root, target)})`);
    }
  }
  return lines.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  let failed = false;
  for (const tree of sourceRoots()) {
    const root = join(ROOT, tree);
    for (const loop of folderLoops(folderGraph(root))) {
      failed = true;
      console.error(`${tree}: folders import each other in a loop: ${loop.join(', ')}`);
      for (const line of loopEdges(root, loop)) console.error(line);
    }
  }
  if (failed) process.exit(1);
  console.log(`No loop between folders in ${sourceRoots().join(', ')}.`);
}
