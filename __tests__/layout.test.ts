import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT as repoRoot } from './helpers/repoRoot.js';

// The stack of DESIGN.md, bottom first: a unit imports only units before it here, type-only imports
// included, and another folder only through its door (`index.ts`).
const STACK = [
  'errors.ts',
  'logger.ts',
  'rng.ts',
  'clock.ts',
  'abi/',
  'bytecode/',
  'diff/',
  'config/',
  'compile/',
  'targets/',
  'evm/',
  'analysis/',
  'deploy/',
  'oracles/',
  'fuzz/',
  'foundryTests/',
  'report/',
  'reproducers/',
  'github/',
  'run/',
  'command.ts',
  'main.ts',
  'cli.ts',
];
const MAX_LOOSE_FILES = 7;

const src = path.join(repoRoot, 'src');

interface Import {
  file: string;
  target: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import and re-export, static or dynamic, type-only ones included. */
function imports(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.map((specifier) => ({ file, target: path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')) }));
}

function unitOf(file: string): string {
  const [first, ...rest] = path.relative(src, file).split(path.sep);
  return rest.length > 0 ? `${first}/` : first!;
}

const all = sources(src).flatMap(imports);
const crossing = all.filter((i) => unitOf(i.file) !== unitOf(i.target));
const show = (i: Import) => `${path.relative(repoRoot, i.file)} → ${path.relative(repoRoot, i.target)}`;

describe('the layout of src/', () => {
  it('names every unit in the stack', () => {
    const units = new Set(sources(src).map(unitOf));
    expect([...units].filter((u) => !STACK.includes(u))).toEqual([]);
  });

  it('imports only downward, type-only imports included', () => {
    const rank = (file: string) => STACK.indexOf(unitOf(file));
    expect(crossing.filter((i) => rank(i.target) > rank(i.file)).map(show)).toEqual([]);
  });

  it('enters another folder only through its door', () => {
    const door = (i: Import) => unitOf(i.target).endsWith('/') && i.target !== path.join(src, unitOf(i.target), 'index.ts');
    expect(crossing.filter(door).map(show)).toEqual([]);
  });

  it('gives every folder a door and keeps few loose files', () => {
    const folders = STACK.filter((u) => u.endsWith('/'));
    expect(folders.filter((f) => !readdirSync(path.join(src, f)).includes('index.ts'))).toEqual([]);
    expect(readdirSync(src).filter((f) => f.endsWith('.ts')).length).toBeLessThanOrEqual(MAX_LOOSE_FILES);
  });
});
