#!/usr/bin/env node
// After `vite build`: writes .gz and .br beside every asset (the kernel serves them precompressed)
// and reports the initial JavaScript of /dashboard — the entry chunk and the chunks it imports
// statically — gzipped. The budget is 250 KB; a build over it fails.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 250 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

for (const file of fs.readdirSync(path.join(dist, 'assets'))) {
  if (!/\.(js|css|svg|json)$/.test(file)) continue;
  const full = path.join(dist, 'assets', file);
  const body = fs.readFileSync(full);
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body));
}

const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (chunk === undefined || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const css of chunk.css ?? []) initial.add(css);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(Object.keys(manifest).find((key) => manifest[key] === entry));

let gzipped = 0;
const rows = [];
for (const file of initial) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  gzipped += size;
  rows.push(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
}
const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
const report = { initialJsGzipBytes: gzipped, budgetBytes: BUDGET_BYTES, initialFiles: [...initial], lazyChunks: lazy };
fs.writeFileSync(path.join(dist, 'size-report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `dashboard initial load, gzipped:\n${rows.join('\n')}\n  total ${(gzipped / 1024).toFixed(1)} KB of ${BUDGET_BYTES / 1024} KB; ${lazy} lazily loaded chunks`,
);
if (gzipped > BUDGET_BYTES) {
  console.error(`The dashboard's initial JavaScript is over its ${BUDGET_BYTES / 1024} KB budget.`);
  process.exit(1);
}
