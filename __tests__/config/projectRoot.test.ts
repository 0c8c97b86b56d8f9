import path from 'node:path';
import { findProjectRoot } from '../../src/config/projectRoot.js';
import { cleanUp, SOL, tempProject } from '../compile/project/tempProject.js';

describe('findProjectRoot', () => {
  let base: string;
  beforeAll(() => {
    base = tempProject({
      'foundry/.git/HEAD': 'ref: refs/heads/main\n',
      'foundry/foundry.toml': '[profile.default]\n',
      'foundry/package.json': '{}',
      'foundry/src/deep/nested/A.sol': SOL,
      'foundry/packages/app/package.json': '{}',
      'foundry/packages/app/contracts/B.sol': SOL,
      'remap/.git/HEAD': 'x',
      'remap/remappings.txt': 'a/=lib/a/\n',
      'remap/pkg/package.json': '{}',
      'remap/pkg/src/C.sol': SOL,
      'npm/.git/HEAD': 'x',
      'npm/package.json': '{}',
      'npm/contracts/D.sol': SOL,
      'gitonly/.git/HEAD': 'x',
      'gitonly/src/E.sol': SOL,
      'outer/foundry.toml': '',
      'outer/repo/.git/HEAD': 'x',
      'outer/repo/src/F.sol': SOL,
      'bare/src/G.sol': SOL,
    });
  });
  afterAll(() => cleanUp(base));

  it.each([
    ['an absolute file path in a nested folder', 'foundry/src/deep/nested/A.sol', 'foundry'],
    ['a folder', 'foundry/src/deep', 'foundry'],
    ['a nested package.json loses to the foundry.toml above it', 'foundry/packages/app/contracts/B.sol', 'foundry'],
    ['remappings.txt higher up beats package.json lower down', 'remap/pkg/src/C.sol', 'remap'],
    ['package.json without foundry.toml or remappings.txt', 'npm/contracts/D.sol', 'npm'],
    ['only a git work tree', 'gitonly/src/E.sol', 'gitonly'],
    ['a foundry.toml above the repository does not claim it', 'outer/repo/src/F.sol', 'outer/repo'],
    ['no marker at all: the start folder', 'bare/src/G.sol', 'bare/src'],
    ['a file that does not exist yet', 'foundry/src/New.sol', 'foundry'],
  ])('%s', (_name, start, expected) => {
    expect(findProjectRoot(path.join(base, start))).toBe(path.join(base, expected));
  });
});
