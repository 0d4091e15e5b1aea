import fs from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `from` whose package.json declares npm workspaces; undefined if none. */
export function findRepoRoot(from: string): string | undefined {
  let dir = path.resolve(from);
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { workspaces?: unknown };
        if (pkg.workspaces !== undefined) return dir;
      } catch {
        // An unreadable package.json is not the root; keep walking up.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
