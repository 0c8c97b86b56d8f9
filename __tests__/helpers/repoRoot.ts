import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (Jest 29's ESM modules have no `import.meta.dirname`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
