// npm run i18n:check (CI runs it): the catalogs hold every message of the code, every message is
// translated into every language with the same placeholders, and the compiled catalogs are
// current. It extracts and compiles first, so a failure leaves the catalogs up to date: translate
// what it lists, then commit them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { catalogFiles, catalogProblems } from './catalogs.ts';

const root = path.resolve(import.meta.dirname, '../..');
const lingui = path.join(root, 'node_modules/@lingui/cli/dist/lingui.js');

/** Every catalog file, PO and compiled, with its content. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const { file } of catalogFiles()) {
    files.set(file, fs.readFileSync(file, 'utf8'));
    const compiled = file.replace(/\.po$/, '.ts');
    if (fs.existsSync(compiled)) files.set(compiled, fs.readFileSync(compiled, 'utf8'));
  }
  return files;
}

function run(args: string[]) {
  const res = spawnSync(process.execPath, [lingui, ...args], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) {
    process.stdout.write(res.stdout);
    process.stderr.write(res.stderr);
  }
  return res.status === 0;
}

const before = snapshot();
if (!run(['extract', '--clean'])) process.exit(1);
const problems = catalogProblems();
// Compiling needs every translation (--strict); only when all are there.
const compiled = problems.length === 0 && run(['compile', '--strict']);
const after = snapshot();
const stale = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file));

for (const { locale, catalog, msgid, problem } of problems) {
  console.error(`${locale} ${catalog}: ${JSON.stringify(msgid)}: ${problem}`);
}
if (stale.length > 0) {
  console.error(
    `The catalogs did not match the code (now updated, commit them):\n${stale.map((f) => `  ${path.relative(root, f)}`).join('\n')}`,
  );
}
if (problems.length > 0 || stale.length > 0 || !compiled) {
  console.error(`i18n:check failed: ${problems.length} translation problem(s), ${stale.length} stale file(s).`);
  process.exit(1);
}
console.log(`i18n:check: ${catalogFiles().length} catalogs, every message translated, placeholders match.`);
