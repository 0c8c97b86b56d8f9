/**
 * Test helpers are not what the token-theft oracle judges: a contract named `Mock…`, or declared in a
 * `test`/`tests` folder or a `*.t.sol` file, has its public `mint`/`burn` on purpose.
 */
export function isTestHelper(file: string, name: string): boolean {
  const segments = file.split(/[\\/]/);
  return name.startsWith('Mock') || file.endsWith('.t.sol') || segments.slice(0, -1).some((s) => s === 'test' || s === 'tests');
}
