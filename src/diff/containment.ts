import path from 'node:path';

/** Whether `target` is `root` or lies under it, compared as written (resolve links first where they matter). */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
