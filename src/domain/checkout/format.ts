/** Display of a Money value ({value in major units, fxcode}) in the traveller's locale. */
export function formatMoneyValue(money: { value: number; fxcode: string }, localeCode: string): string {
  try {
    return new Intl.NumberFormat(localeCode, { style: 'currency', currency: money.fxcode }).format(money.value);
  } catch {
    return `${money.value} ${money.fxcode}`;
  }
}
