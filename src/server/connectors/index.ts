import type { OperatorNode } from '../../domain/search/timetable.ts';
import { inventoryConnector } from './inventory.ts';
import { manualConnector } from './manual.ts';
import type { OperatorConnector } from './types.ts';

export type { OperatorConnector, SeatQuery } from './types.ts';
export { seatQueryKey } from './types.ts';

export const CONNECTORS: Record<OperatorConnector['name'], OperatorConnector> = { builtin: inventoryConnector, manual: manualConnector };

export function connectorNameFor(operator: Pick<OperatorNode, 'confirmation'> | undefined): OperatorConnector['name'] {
  return operator?.confirmation === 'manual' ? 'manual' : 'builtin';
}
