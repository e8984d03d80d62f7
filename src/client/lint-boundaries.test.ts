import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (a feature stands alone) hold because
 * lint fails on a crossing, not because of good intentions. These plant imports in virtual files
 * and lint them with the project's own configuration.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = 'import-x/no-restricted-paths';

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`ESLint could not parse ${file}: ${fatal[0]?.message}`);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('import boundaries (import-x/no-restricted-paths)', () => {
  it('refuse a client feature importing another feature, by relative path or alias', async () => {
    const file = 'src/client/features/catalog/planted.ts';
    const relative = await boundaryErrors(file, "export { fetchCurrentUser } from '../auth/auth-api';\n");
    expect(relative).toHaveLength(1);
    expect(relative[0]).toContain('A feature does not import another feature');

    const alias = await boundaryErrors(
      file,
      "import { AuthProvider } from '@/features/auth/auth-provider';\nvoid AuthProvider;\n",
    );
    expect(alias).toHaveLength(1);
    expect(alias[0]).toContain('"@/features/auth/auth-provider"');
  });

  it('let a feature import itself, components, lib and shared', async () => {
    const code = [
      "import { categoriesQuery } from './catalog-api';",
      "import { Button } from '@/components/ui/button';",
      "import { RatingStars } from '@/components/rating';",
      "import { useAuth } from '@/lib/auth-context';",
      "import { SORT_OPTIONS } from '@shared/api/catalog';",
      'void [categoriesQuery, Button, RatingStars, useAuth, SORT_OPTIONS];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/client/features/catalog/planted.ts', code)).toEqual([]);
  });

  it('let pages import features', async () => {
    const code = "import { ServiceCard } from '@/features/catalog/service-card';\nvoid ServiceCard;\n";
    expect(await boundaryErrors('src/client/pages/planted.tsx', code)).toEqual([]);
  });

  it('refuse components and lib importing features or pages', async () => {
    const fromFeature = "import { categoriesQuery } from '@/features/catalog/catalog-api';\nvoid categoriesQuery;\n";
    expect(await boundaryErrors('src/client/components/planted.tsx', fromFeature)).toHaveLength(1);
    expect(await boundaryErrors('src/client/lib/planted.ts', fromFeature)).toHaveLength(1);

    const fromPage = "import { HomePage } from '@/pages/home';\nvoid HomePage;\n";
    expect(await boundaryErrors('src/client/components/planted.tsx', fromPage)).toHaveLength(1);
  });

  it('refuse a server feature importing another server feature', async () => {
    const code = "import { upsertAdmin } from '../auth/auth.ts';\nvoid upsertAdmin;\n";
    const errors = await boundaryErrors('src/server/features/catalog/planted.ts', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A feature does not import another feature');

    const own =
      "import { AppError } from '../../http/errors.ts';\nimport { catalogRoutes } from './routes.ts';\nvoid [AppError, catalogRoutes];\n";
    expect(await boundaryErrors('src/server/features/catalog/planted.ts', own)).toEqual([]);
  });

  it('keep full zod out of the client: zod/mini, types only from the request-schema modules (decision 012)', async () => {
    const [result] = await eslint.lintText(
      [
        "import { z } from 'zod';",
        "import { loginSchema } from '@shared/api/auth';",
        "import type { LoginInput } from '@shared/api/auth';",
        "import * as mini from 'zod/mini';",
        "import { userResponseSchema } from '@shared/api/auth-responses';",
        "import { SORT_OPTIONS } from '@shared/api/catalog-options';",
        "import { messageSchema } from '@shared/api/conversations';",
        "import { messageListSchema } from '@shared/api/conversations-responses';",
        'export type Input = LoginInput;',
        'void [z, loginSchema, mini, userResponseSchema, SORT_OPTIONS, messageSchema, messageListSchema];',
        '',
      ].join('\n'),
      { filePath: `${root}src/client/features/catalog/planted.ts` },
    );
    const refused = result?.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
    expect(refused).toEqual([1, 2, 7]);
  });

  it('refuse shared code importing the client', async () => {
    const code = "import { cn } from '../../client/lib/utils';\nvoid cn;\n";
    expect(await boundaryErrors('src/shared/domain/planted.ts', code)).toHaveLength(1);
  });
});
