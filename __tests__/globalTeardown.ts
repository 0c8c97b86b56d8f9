import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.LOOKOUT_COMPILE_CACHE;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
