/**
 * The islands' typed client (src/domain/api/operations.ts) names only operations the contract
 * declares, with the same method and an answer schema, so what a store reads is documented and
 * checked against every answer the tests get (declared.ts).
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_OPERATIONS } from '../../domain/api/operations.ts';
import { API_OPERATIONS } from './openapi.ts';

describe('the islands’ client operations', () => {
  it.each(Object.entries(CLIENT_OPERATIONS))('%s (%s) is declared in the contract with an answer schema', (name, method) => {
    const declared = API_OPERATIONS.find((op) => op.path === `/api/nuxt/{lang}/${name}` && op.method === method);
    expect(declared, `${method.toUpperCase()} /api/nuxt/{lang}/${name} in src/server/api/openapi.ts`).toBeDefined();
    expect(declared?.ok.schema, `an answer schema for ${name}`).toBeDefined();
  });
});
