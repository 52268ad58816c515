/** Display of a Money value ({value in major units, fxcode}): the site's one money format. */
export { formatMoneyValue } from '../moneyFormat.ts';
