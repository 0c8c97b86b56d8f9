import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  for (const dir of [process.env.LOOKOUT_COMPILE_CACHE, process.env.LOOKOUT_JEST_RUN_ROOT]) if (dir) rmSync(dir, { recursive: true, force: true });
}
