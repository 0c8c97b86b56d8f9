/**
 * `solc` as the suites import it (jest.config.js maps the package here): through Node's own require,
 * whose cache lives as long as the jest worker, so its 8 MB soljson is loaded and compiled once per
 * worker rather than once per test file (about half a second each, and a wasm memory a test file's
 * module registry keeps until it is collected).
 */
// Jest's `node:module` gives its own require (per test file, and mapped back here); the process's is Node's.
const { createRequire } = process.getBuiltinModule('node:module');
const solc: unknown = createRequire(import.meta.url)('solc');
export default solc;
