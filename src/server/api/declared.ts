/**
 * Holds handlers to the codes their operation declares (issue 19): under the test runner a code
 * the operation does not list fails the call, so every test that meets a refusal also checks
 * that the API reference (openapi.json and /api/docs, generated from the same declarations)
 * names it. The built server skips the check.
 */
import { readEnvironment } from '../../config/environment.ts';
import type { ApiErrorCode } from './catalogue.ts';

/** Vitest sets VITEST in every worker before any module loads; the built server never has it. */
export const UNDER_TEST = readEnvironment(['VITEST']).VITEST !== undefined;

export async function assertDeclared(url: URL, method: string, code: ApiErrorCode): Promise<void> {
  if (!UNDER_TEST) return;
  // Loaded only here: the operation list imports every feature's schemas, which import this layer.
  const [{ apiRouteFor, operationFor }, { declaredCodes }] = await Promise.all([import('./routes.ts'), import('./openapi.ts')]);
  const route = apiRouteFor(url.pathname);
  const operation = route && operationFor(route, method);
  // A test that calls a handler under a made-up path has no operation to hold it to.
  if (!operation) return;
  if (!declaredCodes(operation).has(code))
    throw new Error(`${method} ${operation.path} answered \`${code}\`, which its operation does not declare (server/api/openapi.ts)`);
}

/**
 * Under the test runner, a JSON success answer of an operation that declares its answer's schema
 * (openapi.ts `ok.schema`, answers.ts) must parse with it.
 */
export async function assertAnswer(url: URL, method: string, response: Response): Promise<void> {
  if (!UNDER_TEST || response.status < 200 || response.status > 299) return;
  if (!response.headers.get('content-type')?.startsWith('application/json') || response.headers.has('content-encoding')) return;
  const [{ apiRouteFor, operationFor }] = await Promise.all([import('./routes.ts')]);
  const route = apiRouteFor(url.pathname);
  const schema = route && operationFor(route, method)?.ok.schema;
  if (!schema) return;
  const parsed = schema.safeParse(await response.clone().json());
  if (!parsed.success)
    throw new Error(`${method} ${route.path} answered what its response schema does not allow: ${JSON.stringify(parsed.error.issues)}`);
}
