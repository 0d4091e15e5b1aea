#!/usr/bin/env node
// After `vite build`: writes .gz and .br beside every asset (the kernel serves them precompressed)
// and reports the JavaScript a page of the provider site loads, gzipped; fails over 80 KB, the
// default theme's budget (the sign-in and pricing chunks load only on their pages and do not count).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 80 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');
const assets = path.join(dist, 'assets');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

for (const file of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(file)) continue;
  const full = path.join(assets, file);
  const body = fs.readFileSync(full);
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body));
}

const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (chunk === undefined || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const next of chunk.imports ?? []) visit(next);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

let gzipped = 0;
for (const file of initial) gzipped += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const report = { initialJsGzipBytes: gzipped, budgetBytes: BUDGET_BYTES, initialFiles: [...initial] };
fs.writeFileSync(path.join(dist, 'size-report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`provider theme: ${initial.size} JavaScript file(s) on load, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
if (gzipped > BUDGET_BYTES) {
  console.error(`The provider theme's page JavaScript is over its ${(BUDGET_BYTES / 1024).toFixed(0)} KB budget.`);
  process.exit(1);
}
