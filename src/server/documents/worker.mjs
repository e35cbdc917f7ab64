// The entry of each document worker thread when the server runs from its source (docs/decisions/065):
// threads run plain Node, whether the server runs under `node --import tsx` or under Vitest, so
// tsx's API loads the TypeScript module. The build runs its own (dist/server, pool.ts).
import { tsImport } from 'tsx/esm/api';

const thread = await tsImport('./worker-task.ts', import.meta.url);
export default thread.default;
