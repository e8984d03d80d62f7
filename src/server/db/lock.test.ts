import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './lock.ts';

const run = promisify(execFile);

describe('lockDataDir', () => {
  it('makes a second process fail at once, naming the holder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-lock-'));
    const release = lockDataDir(dir);
    const script = `import { lockDataDir } from ${JSON.stringify(path.resolve('src/server/db/lock.ts'))}; lockDataDir(${JSON.stringify(dir)});`;
    const err = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).then(
      () => undefined,
      (e: { stderr: string }) => e,
    );
    release();
    expect(err?.stderr).toContain(`is already in use by process ${process.pid}`);
    expect(fs.existsSync(path.join(dir, 'locora.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-lock-'));
    fs.writeFileSync(path.join(dir, 'locora.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, since: 'then' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'locora.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });
});
