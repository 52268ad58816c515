/**
 * The page boundary of eslint.config.js (issue 19 item 6): a page calls a view-model function in
 * src/server and never imports the database. Linted through ESLint's Node API with the project's
 * own config, on a thinned page's path, so the rule's scope is proven as well as its message.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const MESSAGE = 'pages call a view-model function in src/server; they never import the database';
const PAGE = 'src/pages/api/health.ts';

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('pages never import the database', () => {
  it('refuses a page importing src/server/db', async () => {
    const code = "import { getDbHandle } from '../../server/db/index.ts';\nexport const handle = getDbHandle;\n";
    expect(await restrictedImports(code, PAGE)).toEqual([expect.stringContaining(MESSAGE)]);
  });

  it('refuses a page importing the schema', async () => {
    const code = "import { partners } from '../../server/db/schema.ts';\nexport const table = partners;\n";
    expect(await restrictedImports(code, PAGE)).toEqual([expect.stringContaining(MESSAGE)]);
  });

  it('refuses a page importing the database on call (a dynamic import)', async () => {
    const code = "export const handle = async () => (await import('../../server/db/index.ts')).getDbHandle();\n";
    expect(await restrictedImports(code, PAGE)).toEqual([MESSAGE]);
  });

  it('lets a page import a view-model function from src/server (the negative control)', async () => {
    const code = "import { healthAnswer } from '../../server/health/page.ts';\nexport const answer = healthAnswer;\n";
    expect(await restrictedImports(code, PAGE)).toEqual([]);
  });

  it('does not apply outside src/pages: the server itself reads the database', async () => {
    const code = "import { getDbHandle } from '../db/index.ts';\nexport const handle = getDbHandle;\n";
    expect(await restrictedImports(code, 'src/server/health/check.ts')).toEqual([]);
  });
});
