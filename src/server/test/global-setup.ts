import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/open.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a migrated data directory each test file copies. */
    pgliteTemplateDir: string;
    /** PostgreSQL mode: the migrated template database each test file clones. */
    pgTemplateDb: string;
  }
}

/** Migrates once; every test file then starts from a copy (PGlite) or a TEMPLATE clone (PostgreSQL). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `locora_test_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 1);
    await database.migrate();
    await database.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplateDir', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-tpl-'));
  const database = await openPglite(dir);
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgTemplateDb', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
