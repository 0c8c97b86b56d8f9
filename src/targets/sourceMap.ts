import type { JumpKind, SourceMapEntry } from './types.js';

/**
 * Decodes solc's compressed source map `s:l:f:j:m;...`: one entry per instruction index, where an
 * empty field (or a missing trailing field) repeats the previous entry's value.
 */
export function decodeSourceMap(map: string): SourceMapEntry[] {
  if (map === '') return [];
  const entries: SourceMapEntry[] = [];
  let previous: SourceMapEntry = { start: -1, length: -1, file: -1, jump: '-', modifierDepth: 0 };
  for (const item of map.split(';')) {
    const [s, l, f, j, m] = item.split(':');
    const entry: SourceMapEntry = {
      start: s ? Number(s) : previous.start,
      length: l ? Number(l) : previous.length,
      file: f ? Number(f) : previous.file,
      jump: j ? jumpKind(j) : previous.jump,
      modifierDepth: m ? Number(m) : previous.modifierDepth,
    };
    entries.push(entry);
    previous = entry;
  }
  return entries;
}

function jumpKind(field: string): JumpKind {
  if (field === 'i' || field === 'o' || field === '-') return field;
  throw new Error(`invalid source map jump field '${field}'`);
}
