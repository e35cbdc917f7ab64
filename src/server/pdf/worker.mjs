// The entry of each document worker thread (docs/decisions/065). Threads run plain Node, whether
// the server runs under `node --import tsx` or under vitest: tsx's API loads the TypeScript task.
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./worker-task.ts', import.meta.url);
export default task.default;
