import { describe, expect, it } from 'vitest';
import {
  affiliateIdFrom,
  clickIdsFrom,
  clickPath,
  CLICK_PATH_MAX_ANCESTORS,
  funnelStageOfCheckoutStage,
  funnelStageOfPath,
} from './events.ts';

interface FakeElement {
  tagName: string;
  id: string;
  parentElement: FakeElement | null;
  getAttribute(name: string): string | null;
}

function chain(depth: number): FakeElement {
  let node: FakeElement | null = null;
  for (let i = 0; i < depth; i++) {
    const parent: FakeElement | null = node;
    node = { tagName: 'DIV', id: i === 0 ? 'root' : '', parentElement: parent, getAttribute: () => null };
  }
  return { tagName: 'BUTTON', id: '', parentElement: node, getAttribute: (n) => (n === 'data-analytics' ? 'pay' : null) };
}

describe('funnel stages from pages', () => {
  it('reads each step of the booking path from its address', () => {
    expect(funnelStageOfPath('/en/bus/bangkok/chiang-mai', 'search-results')).toBe('search');
    expect(funnelStageOfPath('/de/add-to-cart/123-456', 'other')).toBe('add_to_cart');
    // add-to-cart answers 303 to the new cart's checkout page: that page is what the browser shows.
    expect(funnelStageOfPath('/en/checkout/h1', 'other')).toBe('add_to_cart');
    expect(funnelStageOfPath('/en/checkout/abc/step/passengers', 'other')).toBe('passengers');
    expect(funnelStageOfPath('/en/pay/abc', 'pay')).toBe('payment');
    expect(funnelStageOfPath('/th/order/4f1c/payment/card/success', 'other')).toBe('paid');
  });

  it('gives no stage to other pages, or to look-alikes', () => {
    expect(funnelStageOfPath('/en', 'home')).toBeUndefined();
    expect(funnelStageOfPath('/en/checkout/abc/step/confirmation', 'other')).toBeUndefined();
    expect(funnelStageOfPath('/en/order/4f1c/payment/card/failure', 'other')).toBeUndefined();
    expect(funnelStageOfPath('/en/pay/abc/extra', 'other')).toBeUndefined();
  });

  it('maps the SPEC §4 checkout stages that are funnel steps', () => {
    expect(funnelStageOfCheckoutStage('Add to Cart')).toBe('add_to_cart');
    expect(funnelStageOfCheckoutStage('Checkout View')).toBe('passengers');
    expect(funnelStageOfCheckoutStage('Payment')).toBe('payment');
    expect(funnelStageOfCheckoutStage('Price Changed')).toBeUndefined();
  });
});

describe('click paths', () => {
  it('names the element and its ancestors, innermost first, without text', () => {
    expect(clickPath(chain(2))).toEqual(['button[pay]', 'div', 'div#root']);
  });

  it('stops at 100 ancestors however deep the page is (SPEC §9)', () => {
    const path = clickPath(chain(250));
    expect(path).toHaveLength(CLICK_PATH_MAX_ANCESTORS);
    expect(path[0]).toBe('button[pay]');
  });
});

describe('landing parameters', () => {
  it('keeps the known ad click ids and nothing else', () => {
    expect(clickIdsFrom('?gclid=abc&fbclid=def&utm_source=x&q=1')).toEqual({ gclid: 'abc', fbclid: 'def' });
    expect(clickIdsFrom('?gclid=' + 'x'.repeat(500)).gclid).toHaveLength(200);
  });

  it('accepts an affiliate id of safe characters only', () => {
    expect(affiliateIdFrom('?aid=partner-7')).toBe('partner-7');
    expect(affiliateIdFrom('?affiliate_id=acme.travel')).toBe('acme.travel');
    expect(affiliateIdFrom('?aid=<script>')).toBeUndefined();
    expect(affiliateIdFrom('')).toBeUndefined();
  });
});
