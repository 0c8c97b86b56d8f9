import type { BuildDiagnostic } from '../errors.js';

/** An entry of solc's standard-JSON `errors` array. */
export interface SolcError {
  severity: 'error' | 'warning' | 'info';
  type: string;
  message: string;
  formattedMessage?: string;
  sourceLocation?: { file: string; start: number; end: number };
}

export interface SolcDiagnostic extends BuildDiagnostic {
  severity: SolcError['severity'];
  type: string;
}

/** 1-based line and column of a byte offset (solc counts UTF-8 bytes, not characters). */
export function lineColumn(content: string, byteOffset: number): { line: number; column: number } {
  const bytes = Buffer.from(content, 'utf8');
  const before = bytes.subarray(0, Math.max(0, Math.min(byteOffset, bytes.length))).toString('utf8');
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

export function toDiagnostic(error: SolcError, contents: ReadonlyMap<string, string>): SolcDiagnostic {
  const location = error.sourceLocation;
  const content = location && contents.get(location.file);
  const position = location && content !== undefined && location.start >= 0 ? lineColumn(content, location.start) : { line: 0, column: 0 };
  return {
    file: location?.file ?? '',
    ...position,
    message: error.message,
    severity: error.severity,
    type: error.type,
  };
}

/** `path:line:column: Type: message`, or `Type: message` when solc gave no location. */
export function formatError(d: SolcDiagnostic): string {
  const where = d.file === '' ? '' : d.line === 0 ? `${d.file}: ` : `${d.file}:${d.line}:${d.column}: `;
  return `${where}${d.type}: ${d.message}`;
}

/** `file:line: message`, the form `CompiledProject.warnings` promises. */
export function formatWarning(d: SolcDiagnostic): string {
  const where = d.file === '' ? '' : d.line === 0 ? `${d.file}: ` : `${d.file}:${d.line}: `;
  return `${where}${d.message}`;
}
