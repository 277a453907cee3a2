// The entry of each `cardwright sim` worker thread, in plain JavaScript because a worker thread
// does not run TypeScript by itself: on Node 20 a worker inherits the parent's execArgv, so the
// `--import tsx/…/loader.mjs` that the tsx command adds is there, but the hooks it registers do
// not apply in the worker (importing a .ts file there fails with ERR_UNKNOWN_FILE_EXTENSION; tried
// on Node 20.20). And the installed command (bin.js) and the tests (vitest) load TypeScript without
// that flag at all. So the worker registers tsx itself, through its API, exactly as bin.js does,
// which works however the parent process was started, and loads the handler from there.
import { tsImport } from "tsx/esm/api";

const { runGames } = await tsImport("./worker.ts", import.meta.url);
export default runGames;
