import { bytesToHex } from 'viem';
import type { CheatcodeDefinition } from './types.js';

/** `recordLogs` keeps every log emitted from then on (reverted frames' too, as forge's inspector sees them); `getRecordedLogs` hands them over and starts again. */
export const recordedLogCheatcodes: readonly CheatcodeDefinition[] = [
  {
    signature: 'function recordLogs()',
    run: (_args, call) => {
      call.state.recordedLogs ??= [];
    },
  },
  {
    signature: 'function getRecordedLogs() returns ((bytes32[] topics, bytes data, address emitter)[] logs)',
    run: (_args, call) => {
      const logs = call.state.recordedLogs ?? [];
      if (call.state.recordedLogs !== undefined) call.state.recordedLogs = [];
      return [logs.map((log) => ({ topics: log.topics.map((t) => bytesToHex(t)), data: bytesToHex(log.data), emitter: log.emitter }))];
    },
  },
];
