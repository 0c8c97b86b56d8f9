import type { Address } from '../../abi/index.js';
import type { SavedCall, SavedInput } from './savedInputs.js';

/**
 * One file of an Echidna corpus (`corpusDir`'s `coverage/` and `reproducers/`): a JSON list of
 * transactions as Echidna's `Tx` writes them — `call` (`{tag: "SolCall", contents: [name, [AbiValue]]}`),
 * `src`, `dst`, `value`, `delay` ([seconds, blocks]); before Echidna 2.1 the same keys with a leading
 * `_`. Read as calls to the harness (Echidna calls only its contract): the function's signature is
 * rebuilt from the values' ABI types, so a function gone or retyped no longer matches. A `NoCall`
 * (Echidna waiting without calling) moves its delay onto the next call.
 */
export function echidnaInput(parsed: unknown, harness: string): SavedInput | undefined {
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  const input: SavedInput = [];
  let waited = { time: 0n, blocks: 0n };
  for (const tx of parsed) {
    if (!isTable(tx)) return undefined;
    const field = (key: string): unknown => tx[key] ?? tx[`_${key}`];
    const call = field('call');
    const delay = field('delay');
    if (!isTable(call) || !Array.isArray(delay) || delay.length !== 2) return undefined;
    const [time, blocks] = delay.map(word);
    const value = word(field('value'));
    if (time === undefined || blocks === undefined || value === undefined) return undefined;
    waited = { time: waited.time + time, blocks: waited.blocks + blocks };
    if (call.tag === 'NoCall') continue;
    const solCall = call.tag === 'SolCall' && Array.isArray(call.contents) ? call.contents : undefined;
    const [name, values] = solCall ?? [];
    const args = Array.isArray(values) ? values.map(abiValue) : undefined;
    if (typeof name !== 'string' || args === undefined || args.some((arg) => arg === undefined)) return undefined;
    const sender = address(field('src'));
    if (sender === undefined) return undefined;
    const typed = args as { type: string; json: unknown }[];
    const saved: SavedCall = {
      sender,
      to: harness,
      function: `${name}(${typed.map((arg) => arg.type).join(',')})`,
      args: typed.map((arg) => arg.json),
      value: value.toString(),
      // Past a safe integer the restore check drops the input as undecodable.
      timeDelay: Number(waited.time),
      blockDelay: Number(waited.blocks),
    };
    input.push(saved);
    waited = { time: 0n, blocks: 0n };
  }
  return input.length > 0 ? input : undefined;
}

/** An hevm word: `"0x1f"` (hevm's W256), a decimal string (older corpora) or a JSON number. */
function word(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value !== 'string' || !/^(?:0x[0-9a-fA-F]+|\d+)$/.test(value)) return undefined;
  return BigInt(value);
}

/** An hevm address, with or without its `0x` (older corpora), lowercased and padded. */
function address(value: unknown): Address | undefined {
  if (typeof value !== 'string' || !/^(?:0x)?[0-9a-fA-F]{1,40}$/.test(value)) return undefined;
  return `0x${value.replace(/^0x/, '').toLowerCase().padStart(40, '0')}` as Address;
}

/** An hevm `AbiValue` (aeson's `{tag, contents}`) as its Solidity type and the saved form's JSON. */
function abiValue(value: unknown): { type: string; json: unknown } | undefined {
  if (!isTable(value)) return undefined;
  const { contents: c } = value;
  const list = Array.isArray(c) ? c : [];
  switch (value.tag) {
    case 'AbiUInt':
    case 'AbiInt': {
      const [bits, n] = list;
      const unsigned = value.tag === 'AbiUInt';
      const pattern = unsigned ? /^\d+$/ : /^-?\d+$/;
      return typeof bits === 'number' && typeof n === 'string' && pattern.test(n) ? { type: `${unsigned ? 'uint' : 'int'}${bits}`, json: n } : undefined;
    }
    case 'AbiAddress': {
      const a = address(c);
      return a && { type: 'address', json: a };
    }
    case 'AbiBool':
      return typeof c === 'boolean' ? { type: 'bool', json: c } : undefined;
    case 'AbiBytes': {
      const [size, text] = list;
      const bytes = typeof text === 'string' ? haskellBytes(text) : undefined;
      return typeof size === 'number' && bytes ? { type: `bytes${size}`, json: hex(bytes) } : undefined;
    }
    case 'AbiBytesDynamic':
    case 'AbiString': {
      const bytes = typeof c === 'string' ? haskellBytes(c) : undefined;
      if (bytes === undefined) return undefined;
      return value.tag === 'AbiString' ? { type: 'string', json: new TextDecoder().decode(bytes) } : { type: 'bytes', json: hex(bytes) };
    }
    case 'AbiArray':
    case 'AbiArrayDynamic': {
      const [length, elementType, elements] = value.tag === 'AbiArray' ? list : [undefined, ...list];
      const type = abiType(elementType);
      const items = Array.isArray(elements) ? elements.map(abiValue) : undefined;
      if (type === undefined || items === undefined || items.some((item) => item === undefined)) return undefined;
      return { type: `${type}[${typeof length === 'number' ? length : ''}]`, json: items.map((item) => item!.json) };
    }
    case 'AbiTuple': {
      const items = list.map(abiValue);
      if (items.some((item) => item === undefined)) return undefined;
      return { type: `(${items.map((item) => item!.type).join(',')})`, json: items.map((item) => item!.json) };
    }
    default:
      return undefined;
  }
}

/** An hevm `AbiType` (`{tag: "AbiUIntType", contents: 256}`) as Solidity writes it. */
function abiType(type: unknown): string | undefined {
  if (!isTable(type)) return undefined;
  const { contents: c } = type;
  switch (type.tag) {
    case 'AbiUIntType':
      return typeof c === 'number' ? `uint${c}` : undefined;
    case 'AbiIntType':
      return typeof c === 'number' ? `int${c}` : undefined;
    case 'AbiAddressType':
      return 'address';
    case 'AbiBoolType':
      return 'bool';
    case 'AbiBytesType':
      return typeof c === 'number' ? `bytes${c}` : undefined;
    case 'AbiBytesDynamicType':
      return 'bytes';
    case 'AbiStringType':
      return 'string';
    case 'AbiArrayDynamicType': {
      const element = abiType(c);
      return element && `${element}[]`;
    }
    case 'AbiArrayType': {
      const [length, element] = Array.isArray(c) ? c : [];
      const inner = abiType(element);
      return typeof length === 'number' && inner ? `${inner}[${length}]` : undefined;
    }
    case 'AbiTupleType': {
      const parts = Array.isArray(c) ? c.map(abiType) : undefined;
      return parts && !parts.some((p) => p === undefined) ? `(${parts.join(',')})` : undefined;
    }
    default:
      return undefined;
  }
}

/** Haskell's names of the ASCII control characters, as `show` writes them (`\NUL`, `\SOH`, …). */
const CONTROL_NAMES = 'NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US'.split(' ');
const SINGLE_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, '"': 34, "'": 39 };

/** The bytes of a ByteString as Haskell's `show` writes it (hevm's JSON for bytes and strings): `"ab\NUL\188"`. */
function haskellBytes(text: string): Uint8Array | undefined {
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return undefined;
  const body = text.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length;) {
    const ch = body[i]!;
    if (ch !== '\\') {
      const code = body.charCodeAt(i++);
      if (code > 0xff) return undefined;
      bytes.push(code);
      continue;
    }
    const rest = body.slice(i + 1);
    const decimal = /^\d+/.exec(rest)?.[0];
    const hexCode = /^x([0-9a-fA-F]+)/.exec(rest);
    // Longest name first: `\SOH` is not `\SO` followed by `H`.
    const control = [...CONTROL_NAMES, 'DEL', 'SP'].sort((a, b) => b.length - a.length).find((name) => rest.startsWith(name));
    if (decimal !== undefined) (bytes.push(Number(decimal)), (i += 1 + decimal.length));
    else if (hexCode) (bytes.push(parseInt(hexCode[1]!, 16)), (i += 1 + hexCode[0].length));
    else if (rest.startsWith('&')) i += 2;
    else if (control !== undefined) (bytes.push(control === 'DEL' ? 127 : control === 'SP' ? 32 : CONTROL_NAMES.indexOf(control)), (i += 1 + control.length));
    else if (rest[0] !== undefined && rest[0] in SINGLE_ESCAPES) (bytes.push(SINGLE_ESCAPES[rest[0]]!), (i += 2));
    else return undefined;
    if (bytes[bytes.length - 1]! > 0xff) return undefined;
  }
  return Uint8Array.from(bytes);
}

function hex(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString('hex')}`;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
