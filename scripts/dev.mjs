// npm run dev: the API in watch mode (port API_PORT, default 3001) and Vite with HMR on PORT
// (default 3000), which proxies /api to the API. Open http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [];

function run(args, env) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}

run(
  [
    '--import',
    './scripts/i18n/register.mjs',
    '--watch',
    '--watch-path=src/server',
    '--watch-path=src/shared',
    'src/server/main.ts',
  ],
  {
    PORT: apiPort,
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  },
);
run([path.resolve('node_modules/vite/bin/vite.js')], { PORT: port, API_PORT: apiPort });

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
  });
}
