#!/usr/bin/env node
// Runs after `vite build` of the default theme:
// 1. writes .gz and .br copies beside every js, css and svg asset (the kernel serves them
//    precompressed; woff2 is compressed already, so it is left alone);
// 2. measures the JavaScript a content page loads — the client entry and the chunks it imports
//    statically, gzipped — into dist/client/size-report.json and stdout, and fails over 80 KB
//    (the budget; lazily loaded chunks such as sign-in do not count).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 80 * 1024;
const ENTRY = 'src/client.tsx';
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run vite build first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else yield full;
  }
}

let compressed = 0;
for (const file of files(dist)) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const body = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  compressed += 1;
}

if (manifest[ENTRY] === undefined) {
  console.error(`The manifest has no ${ENTRY} entry.`);
  process.exit(1);
}
const scripts = [];
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (chunk === undefined) return;
  if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(ENTRY);

const rows = scripts.map((file) => ({ file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length }));
const total = rows.reduce((sum, row) => sum + row.gzipBytes, 0);
const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => ({ key, file: chunk.file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(dist, chunk.file)), { level: 9 }).length }));
const report = { contentPageJsGzipBytes: total, budgetBytes: BUDGET_BYTES, files: rows, lazyChunks: lazy };
fs.writeFileSync(path.join(dist, 'size-report.json'), `${JSON.stringify(report, null, 2)}\n`);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`theme-default: compressed ${compressed} files; JavaScript of a content page, gzipped:`);
for (const row of rows) console.log(`  ${row.file.padEnd(48)} ${kb(row.gzipBytes).padStart(9)}`);
console.log(`  total ${kb(total)} of ${kb(BUDGET_BYTES)}; ${lazy.length} lazily loaded chunk(s) not counted`);
if (total > BUDGET_BYTES) {
  console.error(`The default theme's content-page JavaScript is over its ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}
