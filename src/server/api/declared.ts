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
 * Under the test runner, a success answer must have the media type its operation declares
 * (openapi.ts `ok.type`), and a JSON one must parse with its schema (`ok.schema`, answers/):
 * brotli answers of the search cache (cachedJson.ts) are unpacked to be checked too.
 */
export async function assertAnswer(url: URL, method: string, response: Response): Promise<void> {
  if (!UNDER_TEST || response.status < 200 || response.status > 299 || response.status === 204) return;
  const [{ apiRouteFor, operationFor }, { answerMediaType }] = await Promise.all([import('./routes.ts'), import('./openapi.ts')]);
  const route = apiRouteFor(url.pathname);
  const operation = route && operationFor(route, method);
  if (!operation) return;
  const declared = answerMediaType(operation.ok);
  const mediaType = response.headers.get('content-type') ?? '';
  if (declared && !mediaType.startsWith(declared))
    throw new Error(
      `${method} ${operation.path} answered \`${mediaType}\`, not the \`${declared}\` its operation declares (server/api/openapi.ts)`,
    );
  if (!('schema' in operation.ok)) return;
  const answer = await answerJson(response);
  const parsed = operation.ok.schema.safeParse(answer);
  if (!parsed.success)
    throw new Error(`${method} ${operation.path} answered what its response schema does not allow: ${JSON.stringify(parsed.error.issues)}`);
  // zod drops the keys an object schema does not list: a field sent but not described would pass.
  const unlisted = unlistedFields(answer, parsed.data);
  if (unlisted.length > 0)
    throw new Error(`${method} ${operation.path} answered fields its response schema does not list: ${unlisted.slice(0, 10).join(', ')}`);
}

/** Paths of the keys `sent` has and `parsed` (the schema's output) lost. */
export function unlistedFields(sent: unknown, parsed: unknown, path = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, i) => unlistedFields(item, parsed[i], `${path}[${String(i)}]`));
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? unlistedFields(sent[key], parsed[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function answerJson(response: Response): Promise<unknown> {
  const copy = response.clone();
  const encoding = copy.headers.get('content-encoding');
  if (encoding !== 'br' && encoding !== 'zstd') return copy.json();
  const { brotliDecompressSync, zstdDecompressSync } = await import('node:zlib');
  const bytes = Buffer.from(await copy.arrayBuffer());
  return JSON.parse((encoding === 'br' ? brotliDecompressSync(bytes) : zstdDecompressSync(bytes)).toString('utf8'));
}
