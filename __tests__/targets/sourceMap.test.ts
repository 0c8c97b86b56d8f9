import { decodeSourceMap } from '../../src/targets/sourceMap.js';

describe('decodeSourceMap', () => {
  it('returns no entries for an empty map', () => {
    expect(decodeSourceMap('')).toEqual([]);
  });

  it('inherits empty and missing trailing fields from the previous entry', () => {
    expect(decodeSourceMap('1:2:0:i:1;;3;:4::o;-1:-1:-1:-;:::-:0')).toEqual([
      { start: 1, length: 2, file: 0, jump: 'i', modifierDepth: 1 },
      { start: 1, length: 2, file: 0, jump: 'i', modifierDepth: 1 },
      { start: 3, length: 2, file: 0, jump: 'i', modifierDepth: 1 },
      { start: 3, length: 4, file: 0, jump: 'o', modifierDepth: 1 },
      { start: -1, length: -1, file: -1, jump: '-', modifierDepth: 1 },
      { start: -1, length: -1, file: -1, jump: '-', modifierDepth: 0 },
    ]);
  });

  it('starts from unknown locations when the first entry omits fields', () => {
    expect(decodeSourceMap(';5')[0]).toEqual({ start: -1, length: -1, file: -1, jump: '-', modifierDepth: 0 });
    expect(decodeSourceMap(';5')[1].start).toBe(5);
  });

  it('rejects an invalid jump field', () => {
    expect(() => decodeSourceMap('1:2:0:x')).toThrow(/jump field 'x'/);
  });
});
