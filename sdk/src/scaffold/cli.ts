#!/usr/bin/env node
/**
 * `npm run new-plugin -- <name> [--dir <path>] [--description <text>]`: creates a plugin package.
 * npm runs scripts from the repository root; INIT_CWD is where the command was typed.
 */
import { runCli } from './run-cli.js';

const code = await runCli(process.argv.slice(2), {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
