#!/usr/bin/env node
/**
 * npm test's import-walls step (docs/decisions/037): checks the repository (or `--root <dir>`) with
 * ./walls/check.mjs, prints every wrong-way import with the file it is in and exits 1, or prints that
 * the walls hold.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWalls, wallsReport } from './walls/check.mjs';

const rootArg = process.argv.indexOf('--root');
const root =
  rootArg > 0 && process.argv[rootArg + 1]
    ? path.resolve(process.argv[rootArg + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = await checkWalls(root);
if (result.problems.length > 0) {
  console.error(wallsReport(result));
  process.exit(1);
}
console.log(wallsReport(result));
