import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as Sparticuz from '@sparticuz/chromium';

type SparticuzModule = typeof Sparticuz;

/** Debian's Chromium, the browser the suites are written for. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export interface ProvidedBrowser {
  executablePath: string;
  /** Where it came from, for the log line. */
  source: 'CHROMIUM_PATH' | 'debian' | 'debian (installed now)' | 'npm (@sparticuz/chromium)';
  /** Environment the browser needs (the npm build's own libraries). */
  env: Record<string, string>;
}

const log = (message: string) => process.stderr.write(`[browser] ${message}\n`);

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** apt-get as root (a fresh CI or developer machine): Debian's chromium and the fonts of the 20 languages. */
function installDebianChromium(): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !executable('/usr/bin/apt-get')) return false;
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-core'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 15 * 60_000,
    }).status === 0;
  log(`${DEBIAN_CHROMIUM} is missing: installing Debian's chromium with apt-get (once per machine)`);
  if (install()) return executable(DEBIAN_CHROMIUM);
  log('apt-get install failed; refreshing the package lists and trying again');
  spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 10 * 60_000 });
  return install() && executable(DEBIAN_CHROMIUM);
}

/**
 * The Chromium build that ships inside the @sparticuz/chromium npm package (a dev dependency of
 * the tests), unpacked to the temporary folder with the libraries it brings, for machines where
 * Debian's package cannot be installed (no root, no apt).
 */
async function unpackNpmChromium(): Promise<ProvidedBrowser | null> {
  let module: SparticuzModule;
  try {
    module = await import('@sparticuz/chromium');
  } catch {
    return null;
  }
  const chromium = module.default;
  const executablePath = await chromium.executablePath();
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', 'bin');
  const libraries = path.join(tmpdir(), 'al2023', 'lib');
  if (existsSync(path.join(bin, 'al2023.tar.br'))) await module.inflate(path.join(bin, 'al2023.tar.br'));
  const env: Record<string, string> = { LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') };
  if (existsSync(path.join(tmpdir(), 'fonts'))) env.FONTCONFIG_PATH = path.join(tmpdir(), 'fonts');
  return { executablePath, source: 'npm (@sparticuz/chromium)', env };
}

/**
 * Finds the browser the browser suites drive, providing one when the machine has none: the
 * CHROMIUM_PATH given, else Debian's /usr/bin/chromium, else Debian's package installed now
 * (as root), else the Chromium an npm package ships. Nothing is downloaded from anywhere but the
 * npm registry (at npm install) and Debian's mirrors.
 */
export async function provideBrowser(): Promise<ProvidedBrowser> {
  const given = process.env.CHROMIUM_PATH;
  if (given !== undefined && given !== '') {
    if (!executable(given)) throw new Error(`CHROMIUM_PATH=${given} is not an executable browser`);
    return { executablePath: given, source: 'CHROMIUM_PATH', env: {} };
  }
  if (executable(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, source: 'debian', env: {} };
  if (process.env.LECTERN_NO_APT !== '1' && installDebianChromium()) return { executablePath: DEBIAN_CHROMIUM, source: 'debian (installed now)', env: {} };
  const npm = await unpackNpmChromium();
  if (npm !== null) return npm;
  throw new Error(
    `No browser for the browser suites: ${DEBIAN_CHROMIUM} is missing, apt-get could not install chromium, and @sparticuz/chromium is not installed (run npm install)`,
  );
}
