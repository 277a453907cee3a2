#!/usr/bin/env node
// The `cardwright` command of an installed package (npm install -g, npx): runs the TypeScript
// entry through tsx's loader API, so the package ships its sources and needs no build step.
import { tsImport } from "tsx/esm/api";

const { main } = await tsImport("./main.ts", import.meta.url);
await main(process.argv.slice(2));
