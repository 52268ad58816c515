/**
 * A payment provider that did not answer (or answered off its published shape). A subclass of
 * ApiError, so an order call's Idempotency-Key is released (api.ts `withKey`) and a retry asks again.
 */
import { ApiError } from '../api/errors.ts';

export class ProviderUnavailable extends ApiError {
  constructor() {
    super('payment_provider_unavailable', { headers: { 'retry-after': '5' } });
    this.name = 'ProviderUnavailable';
  }
}
