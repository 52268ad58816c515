/**
 * The islands' typed client (src/domain/api/operations.ts) names only operations the contract
 * declares, with the same method and the answer schema that clientOperations.check.ts holds the
 * client's answer types to, so what a store reads is documented and checked against every answer
 * the tests get (declared.ts).
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_OPERATIONS, operationPath, type OperationName } from '../../domain/api/operations.ts';
import { CLIENT_ANSWER_SCHEMAS } from './clientOperations.check.ts';
import { API_OPERATIONS } from './openapi.ts';

describe('the islands’ client operations', () => {
  it.each(Object.entries(CLIENT_OPERATIONS))(
    '%s (%s) is declared in the contract with the answer schema the client is checked against',
    (name, method) => {
      const path = `/api/nuxt/{lang}/${operationPath(name as OperationName)}`;
      const declared = API_OPERATIONS.find((op) => op.path === path && op.method === method);
      expect(declared, `${method.toUpperCase()} ${path} in src/server/api/openapi.ts`).toBeDefined();
      const schema = declared && 'schema' in declared.ok ? declared.ok.schema : undefined;
      expect(schema, `the answer schema of ${name}`).toBe(CLIENT_ANSWER_SCHEMAS[name as keyof typeof CLIENT_ANSWER_SCHEMAS]);
    },
  );
});
