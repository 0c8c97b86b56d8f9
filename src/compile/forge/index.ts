export { forgeBuildInfo, isForgeAvailable } from './forgeBuild.js';
export type { ForgeBuildOptions, ForgeCompilation } from './types.js';
export { refuseProjectExecutables, untrustedToolEnvironment } from './untrustedProject.js';
