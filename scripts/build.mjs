#!/usr/bin/env node
// Builds every TypeScript package of the workspace with project references: the kernel, the SDK,
// and whatever plugins and themes are installed (a new plugin needs no edit here).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['core', 'sdk'];
for (const folder of ['plugins', 'themes']) {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir).sort()) {
    if (fs.existsSync(path.join(dir, entry, 'tsconfig.json'))) projects.push(`${folder}/${entry}`);
  }
}
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-b', ...projects, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
