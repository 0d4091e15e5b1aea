#!/usr/bin/env node
// Builds every TypeScript package of the workspace with project references: the kernel, the SDK,
// and whatever plugins and themes are installed (a new plugin needs no edit here); then the admin SPA.
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
if (result.status !== 0) process.exit(result.status ?? 1);

// Each theme's browser bundle (Vite), then its after-build step (precompressed copies and the size
// report of the JavaScript a content page loads, checked against its budget).
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const themesDir = path.join(root, 'themes');
for (const entry of fs.existsSync(themesDir) ? fs.readdirSync(themesDir).sort() : []) {
  const themeRoot = path.join(themesDir, entry);
  if (!fs.existsSync(path.join(themeRoot, 'vite.config.ts'))) continue;
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: themeRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const after = path.join(themeRoot, 'scripts', 'after-build.mjs');
  if (fs.existsSync(after)) {
    const reported = spawnSync(process.execPath, [after], { cwd: themeRoot, stdio: 'inherit' });
    if (reported.status !== 0) process.exit(reported.status ?? 1);
  }
}

// The admin SPA (and the plugins' admin screens it gathers): type-checked, then bundled by Vite,
// which reports the dashboard's initial JavaScript against its budget.
const adminTsc = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'admin', 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
if (adminTsc.status !== 0) process.exit(adminTsc.status ?? 1);
const bundle = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'admin'), stdio: 'inherit' });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);
const report = spawnSync(process.execPath, [path.join(root, 'admin', 'scripts', 'after-build.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(report.status ?? 1);
